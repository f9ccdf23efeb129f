import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '#db/client.ts'
import { categories, products, translations } from '#db/schema/index.ts'
import {
	clearContentTranslationOverride,
	listContentTranslations,
	queueContentTranslation,
	readContentTranslations,
	setContentTranslationOverride,
	type TranslationApp,
} from '#server/translation/content.ts'
import { localizeContent } from '#server/catalog/content.ts'
import { createDeepLProvider, createLibreTranslateProvider, type TranslationProvider } from '#server/translation/providers.ts'
import { createTranslationService, UnsupportedLanguageError } from '#server/translation/service.ts'
import { syncTranslations } from '#server/translation/sync.ts'
import { createTranslationWorker } from '#server/translation/worker.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { DEEPL_QUOTA_EXCEEDED, startFakeDeepL } from '../support/fake-deepl.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'
import type { FakeBehaviour } from '../support/fake-translation-server.ts'

type Fake = Awaited<ReturnType<typeof startFakeLibreTranslate>>

/** A logger whose lines the test can read. */
function captureLog() {
	const lines: { level: number; msg: string; err?: string; [key: string]: unknown }[] = []
	const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
	return { log, lines, failures: () => lines.filter((line) => /translation failed/.test(line.msg)) }
}

/**
 * Short retries, and a time limit a busy CI machine still answers within; the timeout cases set a
 * short one of their own (TIMING_OUT), since there the limit is what is tested.
 */
const FAST = { timeoutMs: 5_000, retries: 2, retryDelayMs: 5 }
const TIMING_OUT = { timeoutMs: 300 }
/** vi.waitFor's own default (1 s) is too short on a loaded machine. */
const BUSY_MACHINE_WAIT = { timeout: 15_000 }

function makeApp(db: Database, provider: TranslationProvider | null, log = captureLog().log): TranslationApp {
	const service = createTranslationService({ db, provider, log })
	return { db, log, translation: Object.assign(service, { worker: createTranslationWorker({ db, service, pollIntervalMs: 60_000 }) }) }
}

async function insertProduct(db: Database, name: string, description = '') {
	const slug = `p-${Math.random().toString(36).slice(2, 10)}`
	const [row] = await db.insert(products).values({ slug, name, description, kind: 'candle', priceCents: 1000 }).returning({ id: products.id })
	return row!.id
}

async function insertCategory(db: Database, name: string, description: string | null = null) {
	const slug = `c-${Math.random().toString(36).slice(2, 10)}`
	const [row] = await db.insert(categories).values({ slug, name, description }).returning({ id: categories.id })
	return row!.id
}

const PROVIDERS = [
	{
		name: 'libretranslate',
		start: () => startFakeLibreTranslate({ apiKey: 'libre-key' }),
		create: (url: string, extra: object = {}) => createLibreTranslateProvider({ url, apiKey: 'libre-key', ...FAST, ...extra }),
		quota: { status: 429, body: { error: 'Too many request limits violations' } } as FakeBehaviour,
		expectRequest(request: { path: string; body: unknown; headers: Record<string, unknown> }, text: string, target: 'en' | 'es') {
			expect(request.path).toBe('/translate')
			expect(request.body).toEqual({ q: text, source: 'ro', target, format: 'text', api_key: 'libre-key' })
		},
	},
	{
		name: 'deepl',
		start: () => startFakeDeepL({ apiKey: 'deepl-key:fx' }),
		create: (url: string, extra: object = {}) => createDeepLProvider({ url, apiKey: 'deepl-key:fx', ...FAST, ...extra }),
		quota: DEEPL_QUOTA_EXCEEDED as FakeBehaviour,
		expectRequest(request: { path: string; body: unknown; headers: Record<string, unknown> }, text: string, target: 'en' | 'es') {
			expect(request.path).toBe('/v2/translate')
			expect(request.headers.authorization).toBe('DeepL-Auth-Key deepl-key:fx')
			expect(request.body).toMatchObject({ text: [text], source_lang: 'RO', target_lang: target === 'en' ? 'EN-GB' : 'ES' })
			// DeepL supports context: it gets a sentence about what the text is.
			expect((request.body as { context: string }).context).toMatch(/name of a product/i)
		},
	},
] as const

describe.each(PROVIDERS)('translation service with a fake $name server', (providerCase) => {
	let database: TestDatabase
	let fake: Fake
	beforeAll(async () => {
		database = await createTestDatabase('pglite', { label: 'translate' })
		fake = await providerCase.start()
	})
	afterAll(async () => {
		await fake?.close()
		await database?.cleanup()
	})
	afterEach(async () => {
		fake.reset()
		await database.handle.db.delete(translations)
	})

	it('asks for source ro and the target language, and remembers the answer across a restart', async () => {
		const { db } = database.handle
		const service = createTranslationService({ db, provider: providerCase.create(fake.url), log: captureLog().log })
		expect(await service.translate('Lumânare parfumată', 'en', 'product.name')).toBe('[en] Lumânare parfumată')
		expect(await service.translate('Lumânare parfumată', 'es', 'product.name')).toBe('[es] Lumânare parfumată')
		expect(fake.requests).toHaveLength(2)
		providerCase.expectRequest(fake.requests[0]!, 'Lumânare parfumată', 'en')
		providerCase.expectRequest(fake.requests[1]!, 'Lumânare parfumată', 'es')

		// Again: the database cache answers, without asking the provider.
		expect(await service.translate('Lumânare parfumată', 'en', 'product.name')).toBe('[en] Lumânare parfumată')
		// A restarted app (a new service on the same database) reads the database cache.
		const restarted = createTranslationService({ db, provider: providerCase.create(fake.url), log: captureLog().log })
		expect(await restarted.translate('Lumânare parfumată', 'es', 'product.name')).toBe('[es] Lumânare parfumată')
		expect(fake.requests).toHaveLength(2)
		const rows = await db.select().from(translations)
		expect(rows.map((row) => [row.locale, row.context, row.translatedText, row.provider]).sort()).toEqual([
			['en', 'product.name', '[en] Lumânare parfumată', providerCase.name],
			['es', 'product.name', '[es] Lumânare parfumată', providerCase.name],
		])
	})

	it('never sends Romanian or blank text, and refuses other languages', async () => {
		const service = createTranslationService({ db: database.handle.db, provider: providerCase.create(fake.url), log: captureLog().log })
		expect(await service.translate('Lumânare', 'ro', 'product.name')).toBe('Lumânare')
		expect(await service.translate('', 'en', 'product.name')).toBe('')
		expect(await service.translate('  \n\t ', 'es', 'product.description')).toBe('')
		for (const language of ['fr', 'de', 'EN', '', 'en-US']) {
			await expect(service.translate('Lumânare', language, 'product.name')).rejects.toThrow(UnsupportedLanguageError)
		}
		expect(fake.requests).toHaveLength(0)
	})

	it.each<[string, FakeBehaviour, number]>([
		['a 4xx answer', { status: 400, body: { error: 'Invalid request' } }, 1],
		['5xx answers on every attempt', { status: 503 }, 3],
		['timeouts on every attempt', 'timeout', 3],
		['malformed JSON', 'malformed', 1],
		['an unexpected JSON shape', 'wrong-shape', 1],
	])('falls back to the original text with a log line on %s', async (_label, behaviour, times) => {
		const { log, failures } = captureLog()
		const service = createTranslationService({
			db: database.handle.db,
			provider: providerCase.create(fake.url, behaviour === 'timeout' ? TIMING_OUT : {}),
			log,
		})
		fake.fail(behaviour, times)
		expect(await service.translate('Cutie cadou', 'en', 'product.name')).toBe('Cutie cadou')
		expect(failures()).toHaveLength(1)
		expect(failures()[0]).toMatchObject({ context: 'product.name', target: 'en', provider: providerCase.name })
		expect(failures()[0]!.err).toBeTruthy()
		// Bounded retries: 4xx and bad answers once, timeouts and 5xx three times in all.
		expect(fake.requests).toHaveLength(times)
		// Nothing was cached: once the provider recovers, the text is translated.
		expect(await service.translate('Cutie cadou', 'en', 'product.name')).toBe('[en] Cutie cadou')
	})

	it('falls back when the quota is exceeded', async () => {
		const { log, failures } = captureLog()
		const service = createTranslationService({ db: database.handle.db, provider: providerCase.create(fake.url, { retries: 0 }), log })
		fake.fail(providerCase.quota)
		expect(await service.translate('Set descoperire', 'es', 'category.name')).toBe('Set descoperire')
		expect(failures()[0]!.err).toMatch(providerCase.name === 'deepl' ? /456 \(quota exceeded\)/ : /429/)
	})

	it('retries a passing 5xx and succeeds', async () => {
		const service = createTranslationService({ db: database.handle.db, provider: providerCase.create(fake.url), log: captureLog().log })
		fake.fail({ status: 502 })
		expect(await service.translate('Vanilie', 'en', 'product.name')).toBe('[en] Vanilie')
		expect(fake.requests).toHaveLength(2)
	})

	it('splits text longer than the provider accepts, and keeps an unsplittable sentence untranslated', async () => {
		const { log, lines } = captureLog()
		const service = createTranslationService({ db: database.handle.db, provider: providerCase.create(fake.url, { maxChars: 45 }), log })
		const text = 'Ceară de soia naturală. Fitil din bumbac.\n\nArde curat timp de 40 de ore.'
		expect(await service.translate(text, 'en', 'product.description')).toBe(
			'[en] Ceară de soia naturală. Fitil din bumbac.\n\n[en] Arde curat timp de 40 de ore.',
		)
		expect(fake.requests).toHaveLength(2)

		fake.reset()
		const long = `${'Foarte'.repeat(10)} lung.`
		expect(await service.translate(long, 'en', 'product.description')).toBe(long)
		expect(fake.requests).toHaveLength(0)
		expect(lines.find((line) => /translation failed/.test(line.msg))!.err).toMatch(/kept untranslated/)
	})
})

describe.each(ENGINES)('content translation on %s', (engine) => {
	let database: TestDatabase
	let fake: Fake
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'content-translation' })
		fake = await startFakeLibreTranslate()
	})
	afterAll(async () => {
		await fake?.close()
		await database?.cleanup()
	})
	afterEach(async () => {
		fake.reset()
		const { db } = database.handle
		await db.delete(translations)
		await db.delete(products)
		await db.delete(categories)
	})
	const provider = () => createLibreTranslateProvider({ url: fake.url, ...FAST })

	it('translates all missing content in the background at start; pages read it, in Romanian until then', async () => {
		const { db } = database.handle
		const categoryId = await insertCategory(db, 'Lumânări', 'Lumânări turnate manual')
		const productId = await insertProduct(db, 'Lumânare cu vanilie', 'Miros dulce.')
		const app = makeApp(db, provider())

		const [beforeJob] = await readContentTranslations(app, 'en', 'product', [{ id: productId, name: 'Lumânare cu vanilie', description: 'Miros dulce.' }])
		expect(beforeJob).toEqual({ id: productId, name: 'Lumânare cu vanilie', description: 'Miros dulce.' })
		expect(fake.requests).toHaveLength(0)

		app.translation.worker.start()
		await vi.waitFor(async () => {
			// One read: two could see no rows yet and then all of them untranslated.
			const all = await db.select({ text: translations.translatedText }).from(translations)
			expect(all).toHaveLength(8)
			expect(all.filter((row) => row.text === null)).toHaveLength(0)
		}, BUSY_MACHINE_WAIT)
		await app.translation.worker.stop()
		// Who translated each row, should the fake have heard fewer requests than rows were translated.
		const translatedBy = (
			await db
				.select({ provider: translations.provider, locale: translations.locale, text: translations.translatedText, attempts: translations.attempts })
				.from(translations)
		).map((row) => `${row.locale} ${JSON.stringify(row.text)} by ${row.provider} after ${row.attempts}`)
		expect(fake.requests, `fake at ${fake.url}; rows: ${translatedBy.join('; ')}`).toHaveLength(8)

		expect(await readContentTranslations(app, 'es', 'product', [{ id: productId, name: 'Lumânare cu vanilie', description: 'Miros dulce.' }])).toEqual([
			{ id: productId, name: '[es] Lumânare cu vanilie', description: '[es] Miros dulce.' },
		])
		expect(
			await readContentTranslations(app, 'en', 'category', [
				{ id: categoryId, name: 'Lumânări', description: 'Lumânări turnate manual' },
				{ id: 'x', name: 'Nou', description: null },
			]),
		).toEqual([
			{ id: categoryId, name: '[en] Lumânări', description: '[en] Lumânări turnate manual' },
			// Not content yet: the Romanian text, and a null description stays null.
			{ id: 'x', name: 'Nou', description: null },
		])
		const romanian = [{ id: productId, name: 'Lumânare cu vanilie', description: 'Miros dulce.' }]
		expect(await readContentTranslations(app, 'ro', 'product', romanian)).toBe(romanian)
		expect(fake.requests).toHaveLength(8)
	})

	it('reads a whole page of translations in one query', async () => {
		const { db } = database.handle
		for (const name of ['Unu', 'Doi', 'Trei']) await insertProduct(db, name, `Descriere ${name}`)
		await syncTranslations(db)
		await makeApp(db, provider()).translation.worker.runOnce()

		let selects = 0
		const counting = new Proxy(db, {
			get(target, property, receiver) {
				if (property === 'select') selects++
				return Reflect.get(target, property, receiver)
			},
		})
		const app = makeApp(counting, provider())
		const rows = ['Unu', 'Doi', 'Trei'].map((name, i) => ({ id: String(i), name, description: `Descriere ${name}` }))
		const first = await readContentTranslations(app, 'en', 'product', rows)
		expect(first.map((row) => row.name)).toEqual(['[en] Unu', '[en] Doi', '[en] Trei'])
		expect(selects).toBe(1)
		// Every read asks the database, which every instance shares: an override made on another shows at once.
		await readContentTranslations(app, 'en', 'product', rows)
		expect(selects).toBe(2)
	})

	it('queues translations when content is saved, retires the old text, and translates the new one', async () => {
		const { db } = database.handle
		const app = makeApp(db, provider())
		const productId = await insertProduct(db, 'Lumânare mică', '')
		await queueContentTranslation(app, { kind: 'product', id: productId })
		await vi.waitFor(async () => {
			const [row] = await readContentTranslations(app, 'en', 'product', [{ name: 'Lumânare mică', description: '' }])
			expect(row!.name).toBe('[en] Lumânare mică')
		}, BUSY_MACHINE_WAIT)

		// The editor renames it in Romanian: the page shows Romanian until the new translation exists.
		await db.update(products).set({ name: 'Lumânare mare' }).where(eq(products.id, productId))
		expect((await readContentTranslations(app, 'en', 'product', [{ name: 'Lumânare mare', description: '' }]))[0]!.name).toBe('Lumânare mare')
		await queueContentTranslation(app, { kind: 'product', id: productId })
		await app.translation.worker.idle()
		await vi.waitFor(async () => {
			const [row] = await readContentTranslations(app, 'es', 'product', [{ name: 'Lumânare mare', description: '' }])
			expect(row!.name).toBe('[es] Lumânare mare')
		}, BUSY_MACHINE_WAIT)
		const rows = await db.select().from(translations)
		expect(rows.filter((row) => row.sourceText === 'Lumânare mică').every((row) => row.stale)).toBe(true)
		expect(rows.filter((row) => row.sourceText === 'Lumânare mare').every((row) => !row.stale && row.translatedText)).toBe(true)
		expect(fake.requests.map((request) => (request.body as { q: string }).q).sort()).toEqual([
			'Lumânare mare',
			'Lumânare mare',
			'Lumânare mică',
			'Lumânare mică',
		])
		await app.translation.worker.stop()
	})

	it('lets an editor override a translation; the override wins and survives machine runs', async () => {
		const { db } = database.handle
		const app = makeApp(db, provider())
		const categoryId = await insertCategory(db, 'Portrete din carton', 'Pictate după poza ta')
		await syncTranslations(db)
		await app.translation.worker.runOnce()
		const row = { id: categoryId, name: 'Portrete din carton', description: 'Pictate după poza ta' }
		expect((await readContentTranslations(app, 'en', 'category', [row]))[0]!.name).toBe('[en] Portrete din carton')

		await setContentTranslationOverride(app, {
			kind: 'category',
			id: categoryId,
			field: 'name',
			locale: 'en',
			text: '  Cardboard portraits ',
			userId: 'editor-1',
		})
		expect((await readContentTranslations(app, 'en', 'category', [row]))[0]).toMatchObject({
			name: 'Cardboard portraits',
			description: '[en] Pictate după poza ta',
		})
		expect(await app.translation.translate('Portrete din carton', 'en', 'category.name')).toBe('Cardboard portraits')
		// Spanish is untouched.
		expect((await readContentTranslations(app, 'es', 'category', [row]))[0]!.name).toBe('[es] Portrete din carton')

		// A later machine run (here: forced by clearing the machine text) never replaces the override.
		await db.update(translations).set({ translatedText: null, attempts: 0 })
		await app.translation.worker.runOnce()
		await syncTranslations(db)
		const fresh = makeApp(db, provider())
		expect((await readContentTranslations(fresh, 'en', 'category', [row]))[0]!.name).toBe('Cardboard portraits')
		const [stored] = await db
			.select()
			.from(translations)
			.where(sql`override_text is not null`)
		expect(stored).toMatchObject({ overrideText: 'Cardboard portraits', overrideBy: 'editor-1', translatedText: '[en] Portrete din carton' })

		// The admin screen lists both, per field and language.
		const list = await listContentTranslations(fresh, { kind: 'category' })
		expect(list.total).toBe(1)
		expect(list.items[0]!.fields[0]).toMatchObject({
			field: 'name',
			source: 'Portrete din carton',
			translations: {
				en: { machine: '[en] Portrete din carton', override: 'Cardboard portraits', status: 'translated' },
				es: { machine: '[es] Portrete din carton', override: null, status: 'translated' },
			},
		})

		// A page number from the URL far past the end is an empty page, not a database error.
		expect(await listContentTranslations(fresh, { kind: 'category', page: 1e40 })).toMatchObject({ items: [], page: 100_000 })

		await clearContentTranslationOverride(fresh, { kind: 'category', id: categoryId, field: 'name', locale: 'en' })
		expect((await readContentTranslations(fresh, 'en', 'category', [row]))[0]!.name).toBe('[en] Portrete din carton')
		await expect(setContentTranslationOverride(fresh, { kind: 'category', id: categoryId, field: 'name', locale: 'fr', text: 'x' })).rejects.toThrow()
		await expect(
			setContentTranslationOverride(fresh, { kind: 'product', id: '00000000-0000-4000-8000-000000000000', field: 'name', locale: 'en', text: 'x' }),
		).rejects.toMatchObject({ status: 404 })
	})

	it("translates a product's free-text attributes like its name: queued on save, read in en and es, overridable (ADR 0138)", async () => {
		const { db } = database.handle
		const app = makeApp(db, provider())
		const [inserted] = await db
			.insert(products)
			.values({
				slug: `p-${Math.random().toString(36).slice(2, 10)}`,
				name: 'Lumânare de brad',
				kind: 'candle',
				priceCents: 1000,
				smellsLike: 'Brad, rășină, scorțișoară',
				waxColor: 'Verde închis',
				containerType: 'glass',
			})
			.returning({ id: products.id })
		const productId = inserted!.id
		await queueContentTranslation(app, { kind: 'product', id: productId })
		// The shop names 'glass' itself (interface text); the owner's texts are queued in their own contexts.
		const queued = await db.select({ context: translations.context, locale: translations.locale }).from(translations)
		expect(queued.map((row) => `${row.context} ${row.locale}`).sort()).toEqual([
			'product.name en',
			'product.name es',
			'product.smells_like en',
			'product.smells_like es',
			'product.wax_color en',
			'product.wax_color es',
		])
		await app.translation.worker.idle()
		await vi.waitFor(async () => {
			expect(
				await db
					.select()
					.from(translations)
					.where(sql`translated_text is null`),
			).toHaveLength(0)
		}, BUSY_MACHINE_WAIT)
		await app.translation.worker.stop()
		expect(fake.requests.map((request) => (request.body as { q: string }).q)).not.toContain('glass')

		const page = { name: 'Lumânare de brad', description: '', smellsLike: 'Brad, rășină, scorțișoară', waxColor: 'Verde închis', containerType: 'glass' }
		expect(await localizeContent(app, 'product', [page], 'en')).toEqual([
			{ ...page, name: '[en] Lumânare de brad', smellsLike: '[en] Brad, rășină, scorțișoară', waxColor: '[en] Verde închis' },
		])
		expect((await localizeContent(app, 'product', [page], 'es'))[0]).toMatchObject({
			smellsLike: '[es] Brad, rășină, scorțișoară',
			waxColor: '[es] Verde închis',
		})
		expect(await localizeContent(app, 'product', [page], 'ro')).toEqual([page])

		// An editor's wording wins over the machine's, in that language only.
		await setContentTranslationOverride(app, { kind: 'product', id: productId, field: 'smellsLike', locale: 'en', text: 'Fir, resin, cinnamon' })
		expect((await localizeContent(app, 'product', [page], 'en'))[0]!.smellsLike).toBe('Fir, resin, cinnamon')
		expect((await localizeContent(app, 'product', [page], 'es'))[0]!.smellsLike).toBe('[es] Brad, rășină, scorțișoară')
		const list = await listContentTranslations(app, { kind: 'product' })
		expect(list.items[0]!.fields.map((field) => field.field)).toEqual(['name', 'smellsLike', 'waxColor'])
		expect(list.items[0]!.fields[1]).toMatchObject({
			context: 'product.smells_like',
			source: 'Brad, rășină, scorțișoară',
			translations: { en: { override: 'Fir, resin, cinnamon', machine: '[en] Brad, rășină, scorțișoară' }, es: { override: null } },
		})
		// Nothing to translate: a container the shop names itself, and fields categories do not have.
		await expect(
			setContentTranslationOverride(app, { kind: 'product', id: productId, field: 'containerType', locale: 'en', text: 'Jar' }),
		).rejects.toMatchObject({
			status: 400,
		})
		const categoryId = await insertCategory(db, 'Lumânări')
		await expect(setContentTranslationOverride(app, { kind: 'category', id: categoryId, field: 'waxColor', locale: 'en', text: 'x' })).rejects.toMatchObject({
			status: 400,
		})

		// A container the owner typed is the owner's text, translated too; changing a text retires the old one.
		await db.update(products).set({ containerType: 'Borcan de ceramică', waxColor: 'Verde' }).where(eq(products.id, productId))
		await queueContentTranslation(app, { kind: 'product', id: productId })
		const rows = await db.select().from(translations)
		expect(rows.filter((row) => row.context === 'product.container_type' && !row.stale).map((row) => row.sourceText)).toEqual([
			'Borcan de ceramică',
			'Borcan de ceramică',
		])
		expect(rows.filter((row) => row.sourceText === 'Verde închis').every((row) => row.stale)).toBe(true)
	})

	it('retries a failed translation with backoff, showing Romanian meanwhile', async () => {
		const { db } = database.handle
		const { log, lines } = captureLog()
		const app = makeApp(db, createLibreTranslateProvider({ url: fake.url, ...FAST, retries: 0 }), log)
		await insertCategory(db, 'Seturi cadou')
		await syncTranslations(db)
		fake.fail({ status: 500 }, 2)
		expect(await app.translation.worker.runOnce()).toBe(0)
		const failed = await db.select().from(translations)
		expect(failed).toHaveLength(2)
		for (const row of failed) {
			expect(row).toMatchObject({ translatedText: null, attempts: 1 })
			expect(row.lastError).toMatch(/HTTP 500/)
			expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
		}
		expect(lines.filter((line) => /translation failed/.test(line.msg))).toHaveLength(2)
		expect((await readContentTranslations(app, 'en', 'category', [{ name: 'Seturi cadou', description: null }]))[0]!.name).toBe('Seturi cadou')
		// Not due yet.
		expect(await app.translation.worker.runOnce()).toBe(0)
		await db.update(translations).set({ nextAttemptAt: new Date(Date.now() - 1000) })
		expect(await app.translation.worker.runOnce()).toBe(2)
		expect((await readContentTranslations(app, 'en', 'category', [{ name: 'Seturi cadou', description: null }]))[0]!.name).toBe('[en] Seturi cadou')
	})

	it('with TRANSLATE_PROVIDER=none shows Romanian, calls nothing, and lists texts as off', async () => {
		const { db } = database.handle
		const app = makeApp(db, null)
		const productId = await insertProduct(db, 'Portret 13x18', 'Pictat manual')
		expect(await app.translation.translate('Portret 13x18', 'en', 'product.name')).toBe('Portret 13x18')
		await queueContentTranslation(app, { kind: 'product', id: productId })
		app.translation.worker.start()
		expect(await app.translation.worker.runOnce()).toBe(0)
		expect((await readContentTranslations(app, 'es', 'product', [{ name: 'Portret 13x18', description: 'Pictat manual' }]))[0]!.name).toBe('Portret 13x18')
		const list = await listContentTranslations(app, { kind: 'product' })
		expect(list.provider).toBe('none')
		expect(list.items[0]!.fields.map((field) => field.translations.en.status)).toEqual(['off', 'off'])
		await app.translation.worker.stop()
	})

	it('filters the translations screen in the database: texts a visitor still reads in Romanian, and texts with an override', async () => {
		const { db } = database.handle
		const app = makeApp(db, provider())
		const translated = await insertProduct(db, 'Lumânare tradusă', 'Tradusă de tot')
		const overridden = await insertProduct(db, 'Lumânare a editorului', '')
		await syncTranslations(db)
		await app.translation.worker.runOnce()
		// A product written after the machine run: its texts are still Romanian in both languages.
		const untranslated = await insertProduct(db, 'Lumânare nouă', 'Încă netradusă')
		// The shop's own container name is interface text, never missing; the owner's own container is.
		await db.update(products).set({ containerType: 'glass' }).where(eq(products.id, translated))
		await setContentTranslationOverride(app, { kind: 'product', id: overridden, field: 'name', locale: 'es', text: 'Vela del editor', userId: 'editor-1' })
		const ids = async (show: 'all' | 'missing' | 'overridden', search?: string) =>
			(await listContentTranslations(app, { kind: 'product', show, search })).items.map((item) => item.id).sort()
		expect(await ids('all')).toEqual([translated, overridden, untranslated].sort())
		expect(await ids('missing')).toEqual([untranslated])
		expect(await ids('overridden')).toEqual([overridden])
		expect(await ids('missing', 'tradusă')).toEqual([])
		await db.update(products).set({ containerType: 'Borcan de ceramică' }).where(eq(products.id, translated))
		expect(await ids('missing')).toEqual([translated, untranslated].sort())
		// The total counts what the filter keeps, for the pager.
		expect((await listContentTranslations(app, { kind: 'product', show: 'missing', pageSize: 1 })).total).toBe(2)
		await app.translation.worker.stop()
	})
})

describe('content translation with two app instances on one PostgreSQL database', () => {
	it('shares the cache and the background work: each text is translated once', async () => {
		const database = await createTestDatabase('postgres', { label: 'translation2' })
		const fake = await startFakeLibreTranslate()
		try {
			const other = await database.openAnother()
			for (let i = 0; i < 12; i++) await insertProduct(database.handle.db, `Produs ${i}`, `Descriere ${i}`)
			const a = makeApp(database.handle.db, createLibreTranslateProvider({ url: fake.url, ...FAST }))
			const b = makeApp(other.db, createLibreTranslateProvider({ url: fake.url, ...FAST }))
			// Both start at once: both queue, both work, nobody translates a text twice.
			await Promise.all([syncTranslations(database.handle.db), syncTranslations(other.db)])
			const [doneA, doneB] = await Promise.all([a.translation.worker.runOnce(), b.translation.worker.runOnce()])
			expect(doneA + doneB).toBe(48)
			expect(fake.requests).toHaveLength(48)
			const queries = fake.requests.map((request) => JSON.stringify([(request.body as { q: string }).q, (request.body as { target: string }).target]))
			expect(new Set(queries).size).toBe(48)

			// What one instance translated, the other serves without asking the provider.
			expect(await b.translation.translate('Produs 3', 'es', 'product.name')).toBe('[es] Produs 3')
			expect(await a.translation.translate('Descriere 7', 'en', 'product.description')).toBe('[en] Descriere 7')
			const viaService = createTranslationService({
				db: other.db,
				provider: createLibreTranslateProvider({ url: fake.url, ...FAST }),
				log: pino({ level: 'silent' }),
			})
			expect(await viaService.translate('Nou text', 'en', 'product.name')).toBe('[en] Nou text')
			expect(await a.translation.translate('Nou text', 'en', 'product.name')).toBe('[en] Nou text')
			expect(fake.requests).toHaveLength(49)
		} finally {
			await fake.close()
			await database.cleanup()
		}
	})
})
