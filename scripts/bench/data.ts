import fs from 'node:fs/promises'
import path from 'node:path'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { openDatabase, queryRows, type Database, type DatabaseEngine, type DatabaseHandle } from '#db/client.ts'
import { prepareDatabase } from '#server/prepare-database.ts'
import { categories, products, translations } from '#db/schema/index.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { createTestUser, type TestUser } from '../lib/accounts.ts'
import { createTemporaryPostgresDatabase } from '../lib/postgres.ts'
import { PROJECT_ROOT } from '../lib/shop-process.ts'
import { withInterruptCleanup } from './interrupt.ts'

/** Where the benchmark keeps its temporary data folders (gitignored). */
export const BENCH_TMP = path.join(PROJECT_ROOT, 'bench/tmp')

/** Stock of every generated candle: checkouts under load must never run out. */
const GENERATED_STOCK = 1_000_000

export type BenchDatabase = {
	engine: DatabaseEngine
	/** The shop's DATA_DIR: the PGlite cluster (on PGlite) and the uploaded pictures (both). */
	dataDir: string
	/** Environment that points the shop at this database. */
	env: Record<string, string>
	/** A product page that exists (a demo product). */
	productPath: string
	/** Generated candles with plenty of stock, for checkouts. */
	checkoutProductIds: string[]
	productCount: number
	/** Two customer accounts, for the signed-in share of the mixed run. */
	customers: TestUser[]
	cleanup(): Promise<void>
}

/**
 * A migrated database holding the demo catalogue plus generated products up to `productCount`,
 * written through the app's own database code before the shop starts (PGlite serves one process).
 */
export async function prepareBenchDatabase(engine: DatabaseEngine, productCount: number): Promise<BenchDatabase> {
	await fs.mkdir(BENCH_TMP, { recursive: true })
	const dataDir = await fs.mkdtemp(path.join(BENCH_TMP, `${engine}-`))
	const postgres = engine === 'postgres' ? await createTemporaryPostgresDatabase('bench') : null
	const cleanup = async () => {
		await postgres?.drop()
		await fs.rm(dataDir, { recursive: true, force: true })
	}
	try {
		const handle = await openDatabase(postgres ? { engine: 'postgres', url: postgres.url } : { engine: 'pglite', dataDir })
		try {
			await prepareDatabase(handle, { seedDemo: true, storage: createLocalStorage(path.join(dataDir, 'uploads')) })
			const checkoutProductIds = await addGeneratedProducts(handle.db, productCount)
			const [demo] = await handle.db.select({ slug: products.slug }).from(products).where(eq(products.slug, 'lumanare-vanilie-si-santal'))
			if (!demo) throw new Error('the demo seed has no lumanare-vanilie-si-santal product')
			const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {}
			const customers = [await createTestUser(handle.db, { name: 'Bench Customer A' }), await createTestUser(handle.db, { name: 'Bench Customer B' })]
			return { engine, dataDir, env, productPath: `/en/product/${demo.slug}`, checkoutProductIds, productCount, customers, cleanup }
		} finally {
			await handle.close()
		}
	} catch (error) {
		await cleanup()
		throw error
	}
}

/**
 * A handle on the prepared database, as this process's own. On PGlite it owns the data folder: close
 * it before anything starts the shop on that folder.
 */
export function openBenchDatabase(database: Pick<BenchDatabase, 'engine' | 'dataDir' | 'env'>): Promise<DatabaseHandle> {
	return openDatabase(database.engine === 'pglite' ? { engine: 'pglite', dataDir: database.dataDir } : { engine: 'postgres', url: database.env.DATABASE_URL! })
}

/** Runs `work` with a handle on the prepared database, closed afterwards. */
export async function withBenchHandle<T>(
	database: Pick<BenchDatabase, 'engine' | 'dataDir' | 'env'>,
	work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
	const handle = await openBenchDatabase(database)
	try {
		return await work(handle)
	} finally {
		await handle.close()
	}
}

/** Runs `work` on a prepared database and removes it afterwards, or on Ctrl-C. */
export async function withBenchDatabase<T>(engine: DatabaseEngine, productCount: number, work: (database: BenchDatabase) => Promise<T>): Promise<T> {
	const database = await prepareBenchDatabase(engine, productCount)
	try {
		return await withInterruptCleanup(
			() => database.cleanup(),
			() => work(database),
		)
	} finally {
		await database.cleanup()
	}
}

const SCENTS = [
	['Vanilie', 'Mosc'],
	['Lavandă', 'Salvie'],
	['Trandafir', 'Bujor'],
	['Iasomie', 'Neroli'],
	['Cedru', 'Vetiver'],
	['Bergamotă', 'Ceai negru'],
	['Lămâie', 'Busuioc'],
	['Mentă', 'Eucalipt'],
	['Cafea', 'Cacao'],
	['Smochină', 'Lemn de santal'],
	['Caramel', 'Sare de mare'],
	['Pin', 'Brad'],
	['Portocală', 'Cuișoare'],
	['Tuberoză', 'Chihlimbar'],
	['Ploaie de vară', 'Iarbă'],
] as const
const CANDLE_CATEGORIES = ['lumanari-in-borcan', 'lumanari-in-cutie-metalica', 'editie-de-sezon'] as const
const PORTRAIT_SUBJECTS = [
	['portrete-de-familie', 'Portret de familie', 'toată familia'],
	['portrete-de-familie', 'Portret de cuplu', 'voi doi'],
	['portrete-cu-animale', 'Portret cu pisica ta', 'pisica ta'],
	['portrete-cu-animale', 'Portret cu câinele tău', 'câinele tău'],
] as const
const GIFT_THEMES = ['Seară liniștită', 'Duminică leneșă', 'Aniversare', 'Casă nouă', 'Mulțumesc', 'Crăciun acasă'] as const

function slugify(text: string) {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
}

/**
 * Fills the catalogue up to `total` products with realistic candles, portraits and gift sets in
 * the demo categories, reusing the demo pictures. Returns the generated candles' ids.
 */
async function addGeneratedProducts(db: Database, total: number): Promise<string[]> {
	const existing = await db.select({ id: products.id }).from(products)
	const missing = total - existing.length
	if (missing <= 0) return []
	const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories)
	const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]))
	const picturesOf = async (slugs: readonly string[]) => {
		const ids = slugs.map((slug) => categoryId.get(slug)!)
		const rows = await db.select({ images: products.images }).from(products).where(inArray(products.categoryId, ids)).orderBy(asc(products.slug))
		return rows.flatMap((row) => row.images.slice(0, 1))
	}
	const candlePictures = await picturesOf(CANDLE_CATEGORIES)
	const portraitPictures = await picturesOf(['portrete-de-familie', 'portrete-cu-animale'])
	const giftPictures = await picturesOf(['seturi-cadou'])

	const now = Date.now()
	const rows: (typeof products.$inferInsert)[] = []
	for (let i = 0; i < missing; i++) {
		const serial = String(i + 1).padStart(3, '0')
		// Generated products are older than the demo ones, so the catalogue still opens on the demo.
		const createdAt = new Date(now - (i + 100) * 3_600_000)
		const variant = i % 10
		if (variant < 7) {
			const [first, second] = SCENTS[i % SCENTS.length]!
			const category = CANDLE_CATEGORIES[i % CANDLE_CATEGORIES.length]!
			const name = `Lumânare ${first} și ${second} ${serial}`
			rows.push({
				slug: slugify(name),
				name,
				description: `Ceară de soia turnată manual, cu note de ${first.toLowerCase()} și ${second.toLowerCase()}. Ardere curată de aproximativ 40 de ore.`,
				kind: 'candle',
				categoryId: categoryId.get(category)!,
				priceCents: 1890 + (i % 12) * 100,
				stock: GENERATED_STOCK,
				badges: i % 9 === 0 ? ['Handmade', 'Bestseller'] : i % 5 === 0 ? ['Handmade', 'Nou'] : ['Handmade'],
				images: [candlePictures[i % candlePictures.length]!],
				smellsLike: `${first}, ${second}`,
				containerType: category === 'lumanari-in-cutie-metalica' ? 'metal' : 'glass',
				createdAt,
			})
		} else if (variant < 9) {
			const [category, title, subject] = PORTRAIT_SUBJECTS[i % PORTRAIT_SUBJECTS.length]!
			const size = i % 2 === 0 ? '13x18' : '18x24'
			const name = `${title} ${size} ${serial}`
			rows.push({
				slug: slugify(name),
				name,
				description: `Pictat manual pe carton după fotografia ta, cu ${subject} în prim-plan. Format ${size} cm.`,
				kind: 'portrait_cardboard',
				categoryId: categoryId.get(category)!,
				priceCents: size === '13x18' ? 2990 : 3990,
				stock: null,
				badges: ['Handmade'],
				images: [portraitPictures[i % portraitPictures.length]!],
				portraitSize: size,
				createdAt,
			})
		} else {
			const theme = GIFT_THEMES[i % GIFT_THEMES.length]!
			const name = `Set cadou ${theme} ${serial}`
			rows.push({
				slug: slugify(name),
				name,
				description: `O lumânare, chibrituri lungi și o felicitare scrisă de mână, împachetate pentru ocazia „${theme}”.`,
				kind: 'candle',
				categoryId: categoryId.get('seturi-cadou')!,
				priceCents: 4490 + (i % 4) * 500,
				stock: GENERATED_STOCK,
				badges: ['Handmade'],
				images: [giftPictures[i % giftPictures.length]!],
				createdAt,
			})
		}
	}
	// In batches: one statement binds at most 65,535 parameters (10,000 products would need more).
	const inserted: { id: string; kind: string; stock: number | null }[] = []
	for (let start = 0; start < rows.length; start += 1_000)
		inserted.push(
			...(await db
				.insert(products)
				.values(rows.slice(start, start + 1_000))
				.returning({ id: products.id, kind: products.kind, stock: products.stock })),
		)
	return inserted.filter((row) => row.kind === 'candle' && row.stock === GENERATED_STOCK).map((row) => row.id)
}

/** Order lines in the sales history of a measured catalogue: a shop that has sold for a while. */
export const SALES_HISTORY_LINES = 50_000

/**
 * Paid orders with `lines` lines over the active products, a few products selling far more than
 * the rest (the square of a uniform draw), from a fixed seed: the best-sellers order then has real
 * work to show (it once summed every product's lines per request). The database's own
 * triggers keep products.sold_units as the lines go in (ADR 0165).
 */
export async function addSalesHistory(db: Database, lines: number, linesPerOrder = 3) {
	const orderCount = Math.ceil(lines / linesPerOrder)
	await db.transaction(async (tx) => {
		await tx.execute(sql`select setseed(0.34)`)
		await tx.execute(sql`
			insert into orders (email, subtotal_cents, total_cents, payment_status, shipping_address, paid_at, created_at)
			select 'history-' || g || '@bench.test', 0, 0, 'paid', '{}'::jsonb, now(), now() - g * interval '7 minutes'
			from generate_series(1, ${orderCount}) g`)
		await tx.execute(sql`
			with numbered as (select id, name, price_cents, (row_number() over (order by id) - 1)::int as n, count(*) over ()::int as total from products where is_active),
			history as (select id, row_number() over (order by id) as n from orders where email like 'history-%@bench.test'),
			picks as (select h.id as order_id, k, floor(power(random(), 2) * (select max(total) from numbered))::int as n
				from history h cross join generate_series(1, ${linesPerOrder}) k where (h.n - 1) * ${linesPerOrder} + k <= ${lines})
			insert into order_items (order_id, line_id, product_id, name, unit_price_cents, quantity)
			select picks.order_id, numbered.id::text || '-' || picks.k, numbered.id, numbered.name, numbered.price_cents, 1 + (picks.k % 3)
			from picks join numbered on numbered.n = picks.n`)
	})
}

/**
 * Every product's name and description also in English and Spanish, as a shop that has run its
 * translation worker, so the visitor's-language half of the search has its full table to read.
 */
export async function translateEveryProduct(db: Database) {
	await db.transaction(async (tx) => {
		// As a restore loads rows: the search texts' triggers wait, and every product is counted once at the end.
		await tx.execute(sql`select set_config('shop.bulk_load', 'on', true)`)
		for (const locale of ['en', 'es'] as const)
			for (const field of ['name', 'description'] as const) {
				const prefix = locale === 'en' ? (field === 'name' ? 'Candle ' : 'Soy wax candle: ') : field === 'name' ? 'Vela ' : 'Vela de cera de soja: '
				await tx.execute(sql`
					insert into ${translations} (source_hash, context, locale, source_text, translated_text, provider)
					select encode(sha256(convert_to(${sql.raw(field)}, 'UTF8')), 'hex'), ${`product.${field}`}, ${locale}, ${sql.raw(field)}, ${prefix} || ${sql.raw(field)}, 'bench'
					from products where ${sql.raw(field)} <> ''
					on conflict (source_hash, context, locale) do nothing`)
			}
		// As a restore does: the recount is planned on the loaded rows, not on the empty table's guess.
		await tx.execute(sql`analyze ${products}`)
		await tx.execute(sql`analyze ${translations}`)
		await tx.execute(sql`select recount_all_product_search_extra()`)
	})
}

/**
 * Fills the catalogue up to `total` products in one set-based statement (generate_series): candles
 * in the demo's candle categories with the demo's pictures and the scents above, named so the
 * catalogue's searches find them, older than the demo. Seconds for tens of thousands of products,
 * where building the rows here would take a statement per thousand.
 */
export async function addSeriesProducts(db: Database, total: number) {
	const [{ existing } = { existing: 0 }] = await queryRows<{ existing: number }>(db, sql`select count(*)::int as existing from ${products}`)
	if (existing >= total) return
	const scents = `{${SCENTS.map(([first, second]) => `"${first} și ${second}"`).join(',')}}`
	await db.execute(sql`
		with candle_categories as (select array_agg(id order by slug) as ids from ${categories} where slug in ${CANDLE_CATEGORIES}),
		pictures as (select array_agg(images->>0 order by slug) as urls from ${products} where jsonb_array_length(images) > 0 and kind = 'candle'),
		scents as (select ${scents}::text[] as names)
		insert into ${products} (slug, name, description, kind, category_id, price_cents, stock, badges, images, smells_like, created_at)
		select 'lumanare-serie-' || g,
			'Lumânare ' || scents.names[1 + g % cardinality(scents.names)] || ' ' || g,
			'Ceară de soia turnată manual, cu note de ' || lower(scents.names[1 + g % cardinality(scents.names)]) || '. Ardere curată de aproximativ 40 de ore.',
			'candle', candle_categories.ids[1 + g % cardinality(candle_categories.ids)], 1890 + (g % 12) * 100, ${GENERATED_STOCK},
			case when g % 9 = 0 then '["Handmade","Bestseller"]'::jsonb when g % 5 = 0 then '["Handmade","Nou"]'::jsonb else '["Handmade"]'::jsonb end,
			jsonb_build_array(pictures.urls[1 + g % cardinality(pictures.urls)]),
			scents.names[1 + g % cardinality(scents.names)],
			now() - (g + 100) * interval '1 hour'
		from generate_series(1, ${total - existing}) g, candle_categories, pictures, scents`)
}
