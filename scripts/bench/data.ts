import fs from 'node:fs/promises'
import path from 'node:path'
import { asc, eq, inArray } from 'drizzle-orm'
import { openDatabase, type Database, type DatabaseEngine } from '#db/client.ts'
import { prepareDatabase } from '#server/prepare-database.ts'
import { categories, products } from '#db/schema/index.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { createTestUser, type TestUser } from '#tests/support/accounts.ts'
import { createTemporaryPostgresDatabase } from '#tests/support/postgres.ts'
import { PROJECT_ROOT } from '#tests/support/shop-process.ts'
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
	/** Two customer accounts, for the signed-in share of the mixed run (issue 23). */
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
