import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { isNull, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, queryRows } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { products, translations } from '#db/schema/index.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { PROJECT_ROOT, startShop, type ShopProcess } from '../support/shop-process.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup()
})

function runCli(args: string[], env: Record<string, string>) {
	const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/cli/translations.ts', ...args], {
		cwd: PROJECT_ROOT,
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

describe('content translation in the running shop', () => {
	it('translates the whole demo catalogue in the background once a provider is configured', async () => {
		const fake = await startFakeLibreTranslate()
		cleanups.push(() => fake.close())
		const database = await createTemporaryPostgresDatabase('translate-start')
		cleanups.push(() => database.drop())

		// First start without a provider: the demo catalogue is loaded, nothing is sent anywhere.
		let shop: ShopProcess = await startShop({ env: { DATABASE_URL: database.url } })
		cleanups.push(() => fs.rm(shop.dataDir, { recursive: true, force: true }))
		expect(await shop.stop()).toBe(0)
		expect(fake.requests).toHaveLength(0)

		// Switching translation on: at start everything missing is queued and translated, with no manual step.
		shop = await startShop({ env: { DATABASE_URL: database.url, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: fake.url } })
		const handle = await openDatabase({ engine: 'postgres', url: database.url })
		try {
			await vi.waitFor(
				async () => {
					const [counts] = await queryRows<{ total: number; missing: number }>(
						handle.db,
						sql`select count(*)::int as total, count(*) filter (where translated_text is null)::int as missing from ${translations} where not stale`,
					)
					expect(counts!.total).toBeGreaterThan(20)
					expect(counts!.missing).toBe(0)
				},
				{ timeout: 30_000, interval: 200 },
			)
			// A listed product: a variant is read as its product's name and its values, so only listed products' names are translated.
			const [product] = await handle.db.select({ name: products.name }).from(products).where(isNull(products.variantOf)).orderBy(products.slug).limit(1)
			const rows = await handle.db
				.select()
				.from(translations)
				.where(sql`source_text = ${product!.name} and context = 'product.name'`)
			expect(rows.map((row) => row.translatedText).sort()).toEqual([`[en] ${product!.name}`, `[es] ${product!.name}`])
			expect(fake.requests.every((request) => (request.body as { source: string }).source === 'ro')).toBe(true)
		} finally {
			await handle.close()
			expect(await shop.stop()).toBe(0)
		}
	})
})

describe('npm run translations -- backfill', () => {
	it('translates everything missing, and refuses when no provider is configured', async () => {
		const fake = await startFakeLibreTranslate()
		cleanups.push(() => fake.close())
		const database = await createTemporaryPostgresDatabase('translate-cli')
		cleanups.push(() => database.drop())
		const handle = await openDatabase({ engine: 'postgres', url: database.url })
		cleanups.push(() => handle.close())
		await runMigrations(handle)
		await handle.db.insert(products).values({ slug: 'cli-candle', name: 'Lumânare de test', description: 'Cu lavandă', kind: 'candle', priceCents: 100 })

		const off = await runCli(['backfill'], { DATABASE_URL: database.url })
		expect(off.code).toBe(1)
		expect(off.output).toContain('Machine translation is off')

		fake.fail({ status: 500 }, 3)
		const env = { DATABASE_URL: database.url, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: fake.url }
		const first = await runCli(['backfill'], env)
		// One text failed (three attempts); the rest made it.
		expect(first.code).toBe(1)
		expect(first.output).toMatch(/Queued 4 new texts; translated 3 with libretranslate; 1 still missing/)

		const second = await runCli(['backfill'], env)
		expect(second.output).toMatch(/Queued 0 new texts; translated 1 with libretranslate; 0 still missing/)
		expect(second.code).toBe(0)
		const rows = await handle.db.select().from(translations)
		expect(rows.map((row) => row.translatedText).sort()).toEqual(['[en] Cu lavandă', '[en] Lumânare de test', '[es] Cu lavandă', '[es] Lumânare de test'])

		const status = await runCli(['status'], env)
		expect(status.output).toContain('en: 2 translated, 0 overridden, 0 missing')
	})
})
