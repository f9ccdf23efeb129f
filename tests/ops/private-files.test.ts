/**
 * ADR 0167: after `npm start` with umask 022 (and a data folder another
 * account could read), nothing under DATA_DIR or BACKUP_DIR can be read by another account: the
 * PGlite files, uploads, outgoing mail, the control socket and a backup. Checked twice: by the
 * permission bits, and by actually trying, as the `nobody` account, to open every file.
 * Also the start path's DATA_DIR lock: a second shop on a folder in use is refused, and of two
 * started at the same instant on a fresh folder exactly one runs.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from '#server/payments/test-card.ts'
import { createCheckoutClient } from '../support/checkout-client.ts'
import { runCli } from '../support/cli-process.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { createStockedStore } from '../support/stocked-shop.ts'
import { waitUntil } from '../support/wait.ts'

const BACKUP_KEY = 'private-files-test-key-0123456789abcdefgh'
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup()
})

function everything(root: string): { path: string; mode: number; kind: 'dir' | 'file' | 'socket' | 'other' }[] {
	const found: ReturnType<typeof everything> = []
	const walk = (dir: string) => {
		for (const name of fs.readdirSync(dir)) {
			const full = path.join(dir, name)
			const stat = fs.lstatSync(full)
			found.push({ path: full, mode: stat.mode & 0o777, kind: stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : stat.isSocket() ? 'socket' : 'other' })
			if (stat.isDirectory()) walk(full)
		}
	}
	found.push({ path: root, mode: fs.statSync(root).mode & 0o777, kind: 'dir' })
	walk(root)
	return found
}

/** The files `nobody` manages to open for reading (run as that account; only possible as root). */
function readableByNobody(files: string[]): string[] {
	const list = path.join(os.tmpdir(), `shop-private-list-${process.pid}.json`)
	fs.writeFileSync(list, JSON.stringify(files), { mode: 0o644 })
	fs.chmodSync(list, 0o644)
	try {
		const script = `const fs=require('fs');const out=[];for(const f of JSON.parse(fs.readFileSync(${JSON.stringify(list)},'utf8'))){try{fs.closeSync(fs.openSync(f,'r'));out.push(f)}catch{}}process.stdout.write(JSON.stringify(out))`
		const result = spawnSync(process.execPath, ['-e', script], { uid: 65534, gid: 65534, encoding: 'utf8' })
		if (result.status !== 0) throw new Error(`the check as nobody failed: ${result.stderr}`)
		return JSON.parse(result.stdout) as string[]
	} finally {
		fs.rmSync(list, { force: true })
	}
}

describe('private files under umask 022', () => {
	it('leaves nothing under DATA_DIR or BACKUP_DIR readable by another account, and says it fixed a readable folder', async () => {
		const previous = process.umask(0o022)
		let shop: ShopProcess | undefined
		try {
			// A shop's data made under umask 022, then opened up further, as a careless copy would leave it.
			const store = await createStockedStore('pglite', [20], 'private-files')
			cleanups.push(() => store.cleanup())
			fs.chmodSync(store.dataDir, 0o755)
			fs.mkdirSync(path.join(store.dataDir, 'mail'), { mode: 0o755 })
			fs.writeFileSync(path.join(store.dataDir, 'mail', 'old-message.eml'), 'Subject: reset link', { mode: 0o644 })
			const backupDir = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-private-backups-')), 'backups')
			cleanups.push(() => fsp.rm(path.dirname(backupDir), { recursive: true, force: true }))

			shop = await startShop({
				script: 'scripts/start.mjs',
				dataDir: store.dataDir,
				env: { SEED_DEMO_CATALOG: '0', PAYMENTS_TEST_MODE: '1', TRUST_PROXY: 'loopback', BACKUP_DIR: backupDir, BACKUP_KEY, LOG_LEVEL: 'warn' },
			})
			expect(shop.output()).toContain('other accounts on this machine could read the shop')

			// Outgoing mail: an order paid with the test card sends its confirmation.
			const client = createCheckoutClient(shop.url)
			const order = await client.checkout([{ productId: store.products[0]!.id, quantity: 1 }])
			expect(order.placed, `${order.status} ${order.error ?? ''}`).toBe(true)
			const paid = await fetch(`${shop.url}/ro/test-payment/${order.sessionId}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url, cookie: 'lang=ro' },
				body: new URLSearchParams({ cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123', name: 'Ana Popescu' }),
			})
			expect(paid.status).toBe(302)
			await waitUntil(() => fs.readdirSync(path.join(store.dataDir, 'mail')).length > 1, { timeoutMs: 30_000, what: 'the confirmation email written' })

			// A backup through the running shop's control socket.
			const backup = await runCli('server/cli/backup.ts', [], { DATA_DIR: store.dataDir, BACKUP_DIR: backupDir, BACKUP_KEY })
			expect(backup.code, backup.stderr).toBe(0)

			const entries = [...everything(store.dataDir), ...everything(backupDir)]
			expect(entries.some((entry) => entry.path.endsWith('.eml'))).toBe(true)
			expect(entries.some((entry) => entry.path.endsWith('.tar.gz'))).toBe(true)
			expect(entries.some((entry) => entry.kind === 'socket')).toBe(true)
			// Every folder is 0700: nobody else can even look inside.
			expect(entries.filter((entry) => entry.kind === 'dir' && entry.mode !== 0o700).map((entry) => entry.path)).toEqual([])
			// Every file the shop writes itself is 0600 (PGlite sets its own files' bits; they sit behind the 0700 folders).
			const pgdata = path.join(store.dataDir, 'pgdata')
			expect(
				entries
					.filter((entry) => entry.kind !== 'dir' && !entry.path.startsWith(pgdata) && (entry.mode & 0o077) !== 0)
					.map((entry) => `${entry.path} ${entry.mode.toString(8)}`),
			).toEqual([])
			if (process.getuid?.() === 0) {
				const files = entries.filter((entry) => entry.kind !== 'dir').map((entry) => entry.path)
				expect(files.length).toBeGreaterThan(100)
				// The check itself can see a readable file (a control), then finds none of the shop's.
				const control = path.join(os.tmpdir(), `shop-private-control-${process.pid}`)
				fs.writeFileSync(control, 'readable', { mode: 0o644 })
				cleanups.push(() => fsp.rm(control, { force: true }))
				expect(readableByNobody([control, ...files])).toEqual([control])
			}
		} finally {
			process.umask(previous)
			await shop?.stop()
		}
	})

	it('a second shop on a DATA_DIR in use is refused; of two started at the same instant on a fresh one, exactly one runs', async () => {
		for (let trial = 0; trial < 3; trial++) {
			const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-lock-start-'))
			cleanups.push(() => fsp.rm(dataDir, { recursive: true, force: true }))
			const env = { SEED_DEMO_CATALOG: '0' }
			const pair = await Promise.all([startShop({ dataDir, env, waitUntilReady: false }), startShop({ dataDir, env, waitUntilReady: false })])
			try {
				let settled: { running: ShopProcess; refused: ShopProcess } | null = null
				await waitUntil(
					async () => {
						const exited = pair.filter((shop) => shop.child.exitCode !== null)
						const healthy = await Promise.all(
							pair.map((shop) =>
								fetch(`${shop.url}/healthz`).then(
									(r) => r.ok,
									() => false,
								),
							),
						)
						if (exited.length === 1 && healthy.filter(Boolean).length === 1)
							settled = { refused: exited[0]!, running: pair.find((shop) => shop !== exited[0])! }
						return settled !== null || exited.length === 2
					},
					{ timeoutMs: 120_000, what: 'one shop running and the other refused' },
				)
				expect(settled, pair.map((shop) => shop.output()).join('\n---\n')).not.toBeNull()
				const { running, refused } = settled!
				expect(refused.child.exitCode).toBe(1)
				expect(refused.output()).toContain(`DATA_DIR ${dataDir} is already in use by process ${running.child.pid}`)
			} finally {
				await Promise.all(pair.map((shop) => shop.stop()))
			}
		}
	})
})
