/**
 * ADR 0111: `npm run backup` while shoppers check out and pay through the running
 * shop, then `npm run restore` into a fresh data folder (PGlite) and a fresh PostgreSQL database:
 * every order paid before the backup began is there and paid, every stock figure agrees with the
 * orders beside it (one moment, not a smear), every uploaded file is there; a second restore into
 * the now non-empty targets is refused. Run from a PGlite shop and from a PostgreSQL shop, so it
 * also moves a PGlite shop's data into PostgreSQL and back.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { orderItems, orders, products } from '#db/schema/index.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { newObjectKey } from '#server/storage/storage.ts'
import { TEST_CARDS } from '#server/payments/test-card.ts'
import { mapWithConcurrency } from '../support/bounded-concurrency.ts'
import { createCheckoutClient } from '../support/checkout-client.ts'
import { runCli } from '../support/cli-process.ts'
import { ENGINES } from '../support/databases.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop } from '../support/shop-process.ts'
import { createStockedStore } from '../support/stocked-shop.ts'

const cleanups: (() => Promise<unknown>)[] = []
/** Signs the backups (ADR 0166); the restores check with it. */
const BACKUP_KEY = 'backup-restore-test-key-0123456789abcdef'
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup()
})

async function tempDir(label: string) {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${label}-`))
	cleanups.push(() => fs.rm(dir, { recursive: true, force: true }))
	return dir
}

/** Pays on the built-in test card page, as the shopper's browser posts it; answers where the shop sent it next. */
async function payWithTestCard(baseUrl: string, sessionId: string) {
	const form = new URLSearchParams({ cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123', name: 'Ana Popescu' })
	const response = await fetch(`${baseUrl}/ro/test-payment/${sessionId}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, cookie: 'lang=ro' },
		body: form,
	})
	return `${response.status} ${response.headers.get('location')}`
}

/** What a restored shop must hold. */
async function checkRestored(
	handle: DatabaseHandle,
	/** paidBeforeBackup: the payment sessions of the orders paid before the backup began. */
	expected: { paidBeforeBackup: string[]; initialStock: Map<string, number>; files: Map<string, Buffer>; uploadsDir: string },
) {
	const db = handle.db
	const paid = expected.paidBeforeBackup.length
		? await db
				.select({ session: orders.paymentSessionId, status: orders.paymentStatus })
				.from(orders)
				.where(inArray(orders.paymentSessionId, expected.paidBeforeBackup))
		: []
	expect(paid.map((order) => order.session).sort()).toEqual([...expected.paidBeforeBackup].sort())
	expect(paid.every((order) => order.status === 'paid')).toBe(true)
	// Every order in the backup took its units from stock (no order in this run failed), so at one moment
	// the stock left plus the units ordered is what there was before.
	for (const [productId, initial] of expected.initialStock) {
		const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
		const lines = await db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.productId, productId))
		const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
		expect(product!.stock! + ordered, `stock of ${productId}`).toBe(initial)
		// Units sold are counted once from the restored lines (ADR 0165), however the loading went.
		const [sold] = await db.select({ units: products.soldUnits }).from(products).where(eq(products.id, productId))
		const soldLines = await db.select({ units: orderItems.soldUnits }).from(orderItems).where(eq(orderItems.productId, productId))
		expect(sold!.units, `units sold of ${productId}`).toBe(soldLines.reduce((sum, line) => sum + line.units, 0))
	}
	const storage = createLocalStorage(expected.uploadsDir)
	for (const [key, bytes] of expected.files) {
		const object = await storage.get(key)
		expect(object, key).not.toBeNull()
		const chunks: Buffer[] = []
		for await (const chunk of object!.body) chunks.push(chunk as Buffer)
		expect(Buffer.concat(chunks).equals(bytes), key).toBe(true)
	}
}

describe.each(ENGINES)('backup and restore of a shop on %s', (engine) => {
	it('backs up while checkouts run, restores into fresh PGlite and PostgreSQL targets, and refuses non-empty ones', async () => {
		const store = await createStockedStore(engine, [400, 400, 400], `backup-${engine}`)
		cleanups.push(() => store.cleanup())
		const sourceEnv = { DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl, BACKUP_KEY }

		// Uploaded files (product photos, portraits) already in the shop's storage.
		const files = new Map<string, Buffer>()
		const sourceStorage = createLocalStorage(path.join(store.dataDir, 'uploads'))
		for (const prefix of ['media/products', 'portraits', 'media/library']) {
			const key = newObjectKey(prefix, 'webp')
			const bytes = crypto.randomBytes(2048)
			await sourceStorage.put(key, bytes, 'image/webp')
			files.set(key, bytes)
		}

		const shop = await startShop({
			dataDir: store.dataDir,
			env: { DATABASE_URL: store.databaseUrl, PAYMENTS_TEST_MODE: '1', TRUST_PROXY: 'loopback', SEED_DEMO_CATALOG: '0', BACKUP_KEY },
		})
		const client = createCheckoutClient(shop.url)
		const paidAt = new Map<string, number>()
		const backupFile = path.join(await tempDir('backups'), 'during-checkouts.tar.gz')
		const shoppers = mapWithConcurrency(
			Array.from({ length: 24 }, (_, index) => index),
			3,
			async (index) => {
				const answer = await client.checkout([{ productId: store.products[index % 3]!.id, quantity: 1 + (index % 2) }])
				expect(answer.placed, `${answer.status} ${answer.error ?? ''}`).toBe(true)
				expect(await payWithTestCard(shop.url, answer.sessionId!)).toMatch(/^302 \/ro\/payment-success\?session_id=/)
				paidAt.set(answer.sessionId!, Date.now())
			},
		)
		// The backup starts once some orders are paid, and runs while the rest check out.
		while (paidAt.size < 6) await new Promise((resolve) => setTimeout(resolve, 20))
		const backupStartedAt = Date.now()
		const backup = await runCli('server/cli/backup.ts', [backupFile], sourceEnv)
		await shoppers
		await shop.stop()
		expect(backup.code, backup.stderr).toBe(0)
		expect(backup.stdout).toMatch(/Backup written: .*during-checkouts\.tar\.gz .*; signed\)/)
		expect(paidAt.size).toBe(24)
		// The shop kept taking orders while the backup ran.
		expect([...paidAt.values()].some((at) => at > backupStartedAt)).toBe(true)
		const paidBeforeBackup = [...paidAt].filter(([, at]) => at < backupStartedAt).map(([id]) => id)

		// Into a fresh data folder (PGlite).
		const pgliteDir = await tempDir('restored-pglite')
		const intoPglite = await runCli('server/cli/restore.ts', [backupFile], { DATA_DIR: pgliteDir, BACKUP_KEY })
		expect(intoPglite.code, intoPglite.stderr).toBe(0)
		expect(intoPglite.stdout).toMatch(new RegExp(`made .* on ${engine}, schema \\d{4}_`))
		const pglite = await openDatabase({ engine: 'pglite', dataDir: pgliteDir })
		try {
			await checkRestored(pglite, { paidBeforeBackup, initialStock: store.initialStock, files, uploadsDir: path.join(pgliteDir, 'uploads') })
		} finally {
			await pglite.close()
		}

		// Into a fresh PostgreSQL database.
		const database = await createTemporaryPostgresDatabase(`restored-${engine}`)
		cleanups.push(() => database.drop())
		const postgresDataDir = await tempDir('restored-postgres')
		const postgresEnv = { DATA_DIR: postgresDataDir, DATABASE_URL: database.url, BACKUP_KEY }
		const intoPostgres = await runCli('server/cli/restore.ts', [backupFile], postgresEnv)
		expect(intoPostgres.code, intoPostgres.stderr).toBe(0)
		expect(intoPostgres.stdout).toMatch(new RegExp(`made .* on ${engine}, schema \\d{4}_`))
		const postgres = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
		try {
			await checkRestored(postgres, { paidBeforeBackup, initialStock: store.initialStock, files, uploadsDir: path.join(postgresDataDir, 'uploads') })
		} finally {
			await postgres.close()
		}

		// The restored shop starts on its data.
		const restored = await startShop({ dataDir: pgliteDir, env: { SEED_DEMO_CATALOG: '0' } })
		expect((await fetch(`${restored.url}/product/${store.products[0]!.slug}`)).status).toBe(200)
		await restored.stop()

		// Targets that now hold a shop are refused, with a clear message and a failing exit code.
		for (const env of [{ DATA_DIR: pgliteDir, BACKUP_KEY }, postgresEnv]) {
			const again = await runCli('server/cli/restore.ts', [backupFile], env)
			expect(again.code).toBe(1)
			expect(again.stderr).toContain('Refused: the target is not empty')
			expect(again.stderr).toContain('--force')
		}
		// --force replaces what is there.
		const forced = await runCli('server/cli/restore.ts', [backupFile, '--force'], postgresEnv)
		expect(forced.code, forced.stderr).toBe(0)
	})
})
