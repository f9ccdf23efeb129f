import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, products } from '#db/schema/index.ts'
import type { VariantFormRow, VariantInput, VariantsInput } from '#domain/forms/admin-variants.ts'
import { joinValues } from '#domain/forms/admin-variants.ts'
import { formatAmount } from '#domain/money.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { slugify } from '#domain/slug.ts'
import { shopDaysOf, shopDaysWindow } from '#domain/shop-calendar.ts'
import { variantName } from '#domain/variants.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'
import { parentsPriceNow, saleColumns, withSalePrices, type SaleOffer } from './sale-prices.ts'
import { HOLD_LIMITS } from '../orders/hold-limits.ts'
import type { Locale } from '#domain/enums.ts'
import { PRODUCT_OPTION_CONTEXT } from '../translation/sync.ts'
import type { LocalizingApp } from './content.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'

/**
 * Product variants (ADR 0264). A variant is a product row with `variant_of` set: it has its own
 * price, stock, SKU, weight and image, and checkout, stock holds, order lines and invoices treat it
 * as the product it is. The product it varies is what the catalogue lists; it is not sold itself,
 * and its price is kept at its cheapest variant's, so lists and sorting show a "from" price.
 */

/** A variant as the product page offers it. */
export type ProductVariant = {
	id: string
	sku: string | null
	optionValues: string[]
	/** The price charged now. */
	priceCents: number
	sale: SaleOffer | null
	/** Capped like every public stock figure (ADR 0096); null: made to order. */
	stock: number | null
	image: string | null
	weightGrams: number | null
}

/** The variants a visitor may buy, in the owner's order. */
export async function listProductVariants(db: DbExecutor, productId: string): Promise<ProductVariant[]> {
	const rows = await db
		.select({
			id: products.id,
			sku: products.sku,
			optionValues: products.optionValues,
			...saleColumns,
			stock: sql<number | null>`case when ${products.stock} is null then null else least(${products.stock}, ${HOLD_LIMITS.unitsPerAddress}) end`,
			images: products.images,
			weightGrams: products.weightGrams,
		})
		.from(products)
		.where(and(eq(products.variantOf, productId), eq(products.isActive, true)))
		.orderBy(asc(products.variantPosition), asc(products.createdAt))
	const priced = await withSalePrices(db, rows, new Date())
	return priced.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }))
}

/** The variants form: the options, each variant, and the stamp a save is checked against. */
export async function getVariantsForEdit(db: DbExecutor, productId: string) {
	const [product] = await db.select({ optionNames: products.optionNames }).from(products).where(eq(products.id, productId))
	if (!product) return null
	const rows = await variantRows(db, productId)
	const variants: VariantFormRow[] = rows.map((row) => ({
		id: row.id,
		values: joinValues(row.optionValues),
		sku: row.sku ?? '',
		price: formatAmount(row.priceCents, 'ro'),
		salePrice: row.salePriceCents === null ? '' : formatAmount(row.salePriceCents, 'ro'),
		stock: row.stock === null ? '' : String(row.stock),
		weightGrams: row.weightGrams === null ? '' : String(row.weightGrams),
		image: row.images[0] ?? '',
	}))
	// The variants share one sale window (the form's); a variant without a reduced price is not on sale.
	const onSale = rows.find((row) => row.saleStartsAt && row.saleEndsAt)
	const days = onSale ? shopDaysOf(onSale.saleStartsAt!, onSale.saleEndsAt!) : { firstDay: '', lastDay: '' }
	return {
		optionNames: product.optionNames.join(', '),
		variants,
		saleFirstDay: days.firstDay,
		saleLastDay: days.lastDay,
		stamp: stampOf(product.optionNames, rows),
	}
}

function variantRows(db: DbExecutor, productId: string) {
	return db
		.select()
		.from(products)
		.where(and(eq(products.variantOf, productId), eq(products.isActive, true)))
		.orderBy(asc(products.variantPosition), asc(products.createdAt))
}

/** What a save is checked against: the options and every variant's id and version. */
function stampOf(optionNames: readonly string[], rows: readonly { id: string; version: number }[]) {
	return JSON.stringify([optionNames, rows.map((row) => `${row.id}:${row.version}`)])
}

/** Another admin (or tab) saved the variants since this form was loaded. */
export class VariantsChangedError extends AdminInputError {
	override name = 'VariantsChangedError'
	constructor() {
		super(adminT('variants.changed'), 409)
	}
}

/**
 * Saves a product's options and variants in one transaction: the variants' row locks first, in id
 * order, then the product's (the order payments lock them in, so the two never deadlock). Refused
 * when the variants changed since the form loaded them, or a typed stock figure no longer matches
 * the live one (checkouts moved it). A removed variant that was ever ordered is hidden, never
 * deleted, so its order lines keep their link; one never ordered is deleted.
 */
export async function saveProductVariants(db: DbExecutor, productId: string, input: VariantsInput): Promise<void> {
	try {
		await db.transaction(async (tx) => {
			const current = await tx
				.select()
				.from(products)
				.where(and(eq(products.variantOf, productId), eq(products.isActive, true)))
				.orderBy(asc(products.id))
				.for('update')
			const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
			if (!product || product.variantOf) throw new AdminInputError(adminT('common.notFound'), 404)
			const ordered = [...current].sort((a, b) => a.variantPosition - b.variantPosition || a.createdAt.getTime() - b.createdAt.getTime())
			if (input.stamp !== stampOf(product.optionNames, ordered)) throw new VariantsChangedError()
			const byId = new Map(current.map((row) => [row.id, row]))
			for (const variant of input.variants) if (variant.id && !byId.has(variant.id)) throw new VariantsChangedError()
			if (input.variants.length > 0 && product.salePriceCents !== null) throw new AdminInputError(adminT('variants.productOnSale'), 400, 'optionNames')

			const kept = new Set(input.variants.flatMap((variant) => (variant.id ? [variant.id] : [])))
			const removed = current.filter((row) => !kept.has(row.id)).map((row) => row.id)
			await removeVariants(tx, removed)
			const window = input.saleFirstDay && input.saleLastDay ? shopDaysWindow(input.saleFirstDay, input.saleLastDay) : null
			for (const [position, variant] of input.variants.entries()) {
				const existing = variant.id ? byId.get(variant.id)! : null
				const columns = ownColumns(product, variant, position, window)
				await (existing ? updateVariant(tx, existing, variant, columns) : insertVariant(tx, product, variant, columns))
			}
			await tx.update(products).set({ optionNames: input.optionNames }).where(eq(products.id, productId))
			await syncVariantParent(tx, productId)
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('variants.duplicateSku'), 409, 'optionNames')
		throw error
	}
}

type ProductRow = typeof products.$inferSelect

/** What a variant takes from its product: how it is described, taxed, shipped and listed. */
function inherited(product: ProductRow) {
	return {
		kind: product.kind,
		categoryId: product.categoryId,
		leadTimeDays: product.leadTimeDays,
		portraitSize: product.portraitSize,
		scent: product.scent,
		smellsLike: product.smellsLike,
		waxColor: product.waxColor,
		containerType: product.containerType,
		customLabelAvailable: product.customLabelAvailable,
		giftWrapAvailable: product.giftWrapAvailable,
		burnTimeHours: product.burnTimeHours,
	}
}

type SaleWindow = { startsAt: Date; endsAt: Date } | null

function ownColumns(product: ProductRow, variant: VariantInput, position: number, window: SaleWindow) {
	const onSale = variant.salePriceCents !== null && window !== null
	return {
		name: variantName(product.name, variant.optionValues),
		optionValues: variant.optionValues,
		sku: variant.sku,
		priceCents: variant.priceCents,
		// A sale as a product's (ADR 0245): all three columns or none.
		salePriceCents: onSale ? variant.salePriceCents : null,
		saleStartsAt: onSale ? window.startsAt : null,
		saleEndsAt: onSale ? window.endsAt : null,
		weightGrams: variant.weightGrams ?? product.weightGrams,
		images: variant.image ? [variant.image] : [],
		variantPosition: position,
	}
}
type OwnColumns = ReturnType<typeof ownColumns>

async function insertVariant(tx: DbExecutor, product: ProductRow, variant: VariantInput, columns: OwnColumns) {
	const id = randomUUID()
	await tx.insert(products).values({
		id,
		slug: `${product.slug.slice(0, 50)}-${slugify(variant.optionValues.join('-')) || 'v'}-${id.slice(0, 8)}`,
		description: '',
		variantOf: product.id,
		stock: variant.stock,
		...inherited(product),
		...columns,
	})
}

/**
 * A variant's stock is written only when the admin changed it, and then only while it still is the
 * figure the form loaded: the same guarded write as a product's (checkouts move stock under the form).
 */
async function updateVariant(tx: DbExecutor, existing: ProductRow, variant: VariantInput, columns: OwnColumns) {
	const stockTouched = variant.stock !== variant.loadedStock
	const [updated] = await tx
		.update(products)
		.set({ ...columns, ...(stockTouched ? { stock: variant.stock } : {}) })
		.where(and(eq(products.id, existing.id), stockTouched ? sql`${products.stock} is not distinct from ${variant.loadedStock}` : undefined))
		.returning({ id: products.id })
	if (!updated) throw new AdminInputError(adminT('variants.stockMoved', { name: joinValues(variant.optionValues), stock: existing.stock ?? '∞' }), 409)
}

/** Removed variants: hidden when an order line names them, deleted otherwise. */
async function removeVariants(tx: DbExecutor, ids: string[]) {
	if (ids.length === 0) return
	const ordered = await tx.select({ id: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, ids))
	const keep = new Set(ordered.map((row) => row.id))
	const hide = ids.filter((id) => keep.has(id))
	const drop = ids.filter((id) => !keep.has(id))
	if (hide.length) await tx.update(products).set({ isActive: false }).where(inArray(products.id, hide))
	if (drop.length) await tx.delete(products).where(inArray(products.id, drop))
}

/**
 * Keeps a product with variants as lists show it: its price is its cheapest variant's, its price
 * charged now its cheapest variant's now (the "from" price cards show and catalogues sort by, a
 * variant's sale included), it has no sale or stock figure of its own (its variants have them), and
 * its variants carry its current name and description fields. A product left with no variants keeps
 * its last price and becomes made to order, for the owner to set again.
 */
export async function syncVariantParent(tx: DbExecutor, productId: string): Promise<void> {
	const [product] = await tx.select().from(products).where(eq(products.id, productId))
	if (!product || product.optionNames.length === 0) return
	const variants = await variantRows(tx, productId)
	if (variants.length === 0) return
	const priceCents = Math.min(...variants.map((variant) => variant.priceCents))
	if (product.priceCents !== priceCents || product.stock !== null || product.salePriceCents !== null) {
		await tx.update(products).set({ priceCents, stock: null, salePriceCents: null, saleStartsAt: null, saleEndsAt: null }).where(eq(products.id, productId))
	}
	await parentsPriceNow(tx, productId)
	// Only variants that differ are written: a product save that changed none of what they take locks none of them.
	const wanted = inherited(product)
	for (const variant of variants) {
		const columns = { ...wanted, name: variantName(product.name, variant.optionValues) }
		const differs = (Object.keys(columns) as (keyof typeof columns)[]).some((key) => variant[key] !== columns[key])
		if (differs) await tx.update(products).set(columns).where(eq(products.id, variant.id))
	}
}

/** The admin's save of a product's variants, then their names and values queued for translation. */
export async function saveVariantsContent(app: TranslationApp, productId: string, input: VariantsInput): Promise<void> {
	await saveProductVariants(app.db, productId, input)
	await queueContentTranslation(app, { kind: 'product', id: productId })
}

/**
 * A product's option names and its variants' values in the visitor's language, from the translation
 * cache (never a provider), the Romanian text where none is there yet; a page shown in Romanian for
 * now is kept out of the page cache, as localizeContent does.
 */
export async function localizeOptions<Variant extends { optionValues: string[] }>(
	app: LocalizingApp,
	locale: Locale,
	optionNames: string[],
	variants: Variant[],
): Promise<{ optionLabels: string[]; variants: (Variant & { valueLabels: string[] })[] }> {
	const texts = [...optionNames, ...variants.flatMap((variant) => variant.optionValues)]
	if (locale === 'ro' || texts.length === 0)
		return { optionLabels: optionNames, variants: variants.map((variant) => ({ ...variant, valueLabels: variant.optionValues })) }
	const read = await app.translation.read(
		locale,
		texts.map((text) => ({ context: PRODUCT_OPTION_CONTEXT, text })),
	)
	if (!read.complete) app.keepPageOutOfCache?.()
	let next = optionNames.length
	return {
		optionLabels: read.texts.slice(0, optionNames.length),
		variants: variants.map((variant) => {
			const valueLabels = read.texts.slice(next, next + variant.optionValues.length)
			next += variant.optionValues.length
			return { ...variant, valueLabels }
		}),
	}
}
