import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows, type DatabaseHandle } from '#db/client.ts'
import { categories, homeContent, products } from '#db/schema/index.ts'
import { catalogIsEmpty, seedDemoCatalog } from '#server/seed/seed.ts'
import { listMedia } from '#server/media/library.ts'
import { registerCatalogImages } from '#server/media/register-catalog-images.ts'
import { DEMO_HOME_HERO, demoCategories, demoProducts } from '#server/seed/demo-catalog.ts'
import { readHomeContent } from '#server/home/home-content.ts'
import { derivativeUrl, IMAGE_WIDTHS } from '#domain/images.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '../support/databases.ts'

/** Everything that defines the public schema, in a stable order, for comparing two engines. */
async function describeSchema(handle: DatabaseHandle) {
	const columns = await queryRows(
		handle.db,
		sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default
			from information_schema.columns where table_schema = 'public'
			order by table_name, column_name`,
	)
	const constraints = await queryRows(
		handle.db,
		sql`select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as definition
			from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' -- PG 17 (PGlite) also lists NOT NULL here; columns cover it
			order by conrelid::regclass::text, conname`,
	)
	const indexes = await queryRows(
		handle.db,
		sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`,
	)
	const enums = await queryRows(
		handle.db,
		sql`select t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder) as labels
			from pg_type t join pg_enum e on e.enumtypid = t.oid
			where t.typnamespace = 'public'::regnamespace group by t.typname order by t.typname`,
	)
	const triggers = await queryRows(
		handle.db,
		sql`select tgrelid::regclass::text as table_name, tgname, pg_get_triggerdef(oid) as definition
			from pg_trigger where not tgisinternal order by tgrelid::regclass::text, tgname`,
	)
	return { columns, constraints, indexes, enums, triggers }
}

describe('one set of migrations for both engines', () => {
	let pglite: TestDatabase
	let postgres: TestDatabase
	let uploads: string

	beforeAll(async () => {
		;[pglite, postgres] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('postgres', { label: 'parity' })])
		uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-uploads-'))
	})
	afterAll(async () => {
		await Promise.all([pglite?.cleanup(), postgres?.cleanup()])
		await fs.rm(uploads, { recursive: true, force: true })
	})

	it('gives the same schema on PGlite and PostgreSQL', async () => {
		const [a, b] = await Promise.all([describeSchema(pglite.handle), describeSchema(postgres.handle)])
		expect(a.columns.length).toBeGreaterThan(100)
		expect(a.enums.map((e) => (e as { typname: string }).typname)).toContain('order_status')
		expect(a.triggers.map((t) => (t as { tgname: string }).tgname)).toContain('products_storefront_changed')
		expect(a).toEqual(b)
	})

	for (const engine of ['pglite', 'postgres'] as const) {
		it(`loads the demo catalogue on ${engine}, once`, async () => {
			const { db } = (engine === 'pglite' ? pglite : postgres).handle
			const storage = createLocalStorage(path.join(uploads, engine))
			expect(await catalogIsEmpty(db)).toBe(true)

			const first = await seedDemoCatalog(db, storage)
			const topLevel = demoCategories.length
			const children = demoCategories.reduce((sum, c) => sum + (c.children?.length ?? 0), 0)
			expect(first).toEqual({ seeded: true, categories: topLevel + children, products: demoProducts.length })

			const rows = await db.select().from(products)
			expect(rows.length).toBeGreaterThanOrEqual(12)
			expect(rows.filter((p) => p.isActive).length).toBeGreaterThanOrEqual(12)
			expect(rows.some((p) => p.stock === 0)).toBe(true)
			for (const badge of ['Handmade', 'Nou', 'Bestseller']) expect(rows.some((p) => p.badges.includes(badge as never))).toBe(true)
			for (const product of rows) {
				expect(product.images.length).toBeGreaterThan(0)
				const key = product.images[0]!.replace(/^\/uploads\//, '')
				expect(await storage.exists(key)).toBe(true)
				expect(await storage.exists(key.replace(/\.webp$/, '.w320.webp'))).toBe(true)
			}
			const slugs = (await db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug)
			expect(slugs).toEqual(expect.arrayContaining(['portrait_cardboard', 'candle', 'bundles', 'discovery']))

			// Every demo picture is a media library image, named after its file and shown where it is used (ADR 0139).
			const library = await listMedia(db, 'products')
			const shownUrls = new Set([
				...rows.flatMap((p) => p.images),
				...(await db.select({ url: categories.imageUrl }).from(categories)).flatMap((c) => (c.url ? [c.url] : [])),
			])
			expect(new Set(library.map((file) => file.url))).toEqual(shownUrls)
			expect(library.every((file) => file.filename.endsWith('.webp') && file.uses.length > 0)).toBe(true)
			expect(library.map((file) => file.filename)).toContain('candle-vanilla.webp')
			expect(await registerCatalogImages({ db, storage })).toEqual({ registered: 0, skipped: [] })

			// The home page opens with the demo's hero picture, a library image of the hero folder that
			// the owner can replace in /admin/home; its texts are unset, so the page keeps its own (ADR 0273).
			const heroes = await listMedia(db, 'hero')
			expect(heroes.map((file) => file.filename)).toEqual([`${DEMO_HOME_HERO}.webp`])
			const hero = heroes[0]!
			expect(hero.uses).toEqual([{ kind: 'homeHero' }])
			const heroKey = hero.url.replace(/^\/uploads\//, '')
			expect(heroKey).toMatch(/^hero\/[^/]+\.webp$/)
			for (const key of [heroKey, ...IMAGE_WIDTHS.map((width) => derivativeUrl(heroKey, width))]) expect(await storage.exists(key), key).toBe(true)
			const home = {
				heroTitle: null,
				heroText: null,
				heroImageUrl: hero.url,
				storyTitle: null,
				storyText: null,
				bannerImageUrl: null,
				bannerLink: null,
				bannerAlt: null,
			}
			expect(await readHomeContent(db)).toEqual(home)

			// A second run sees data and changes nothing.
			expect(await seedDemoCatalog(db, storage)).toEqual({ seeded: false, categories: 0, products: 0 })
			expect((await db.select().from(products)).length).toBe(rows.length)
			expect(await db.select({ id: homeContent.id }).from(homeContent)).toHaveLength(1)
			expect(await readHomeContent(db)).toEqual(home)
			expect(await listMedia(db, 'hero')).toHaveLength(1)
		})

		it(`keeps a home page saved before the demo catalogue on ${engine}`, async () => {
			const fresh = await createTestDatabase(engine, { label: 'seed-home' })
			try {
				const { db } = fresh.handle
				await db.insert(homeContent).values({ slot: 'home', heroTitle: 'Atelierul nostru' })
				expect((await seedDemoCatalog(db, createLocalStorage(path.join(uploads, `${engine}-home`)))).seeded).toBe(true)
				expect(await readHomeContent(db)).toMatchObject({ heroTitle: 'Atelierul nostru', heroImageUrl: null })
				// The hero picture is still in the library, for the owner to choose.
				expect((await listMedia(db, 'hero')).map((file) => [file.filename, file.uses])).toEqual([[`${DEMO_HOME_HERO}.webp`, []]])
			} finally {
				await fresh.cleanup()
			}
		})
	}
})
