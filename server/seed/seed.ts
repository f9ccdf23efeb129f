import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { ObjectStorage } from '../storage/storage.ts'
import { storeImage } from '../media/image-pipeline.ts'
import { sourceHash } from '../translation/cache.ts'
import { contentContext, PRODUCT_OPTION_CONTEXT, type ContentKind } from '../translation/sync.ts'
import { variantName } from '#domain/variants.ts'
import { queryRows, type Database } from '#db/client.ts'
import { findProjectFolder } from '#db/migrate.ts'
import { categories, homeContent, media, products, translations } from '#db/schema/index.ts'
import { DEMO_HOME_HERO, demoCategories, demoProducts } from './demo-catalog.ts'
import {
	demoAttributeTranslations,
	demoCategoryTranslations,
	demoOptionTranslations,
	demoProductTranslations,
	type DemoTexts,
	type DemoWords,
	type DemoTranslation,
} from './demo-translations.ts'

export type SeedResult = { seeded: boolean; categories: number; products: number }

type DemoItem = { slug: string } & DemoTexts

/**
 * The demo's English and Spanish as editor translations (overrides): shown with no provider, kept
 * when one is switched on, and listed and editable in /admin/translations like any other.
 */
function demoTranslationRows(kind: ContentKind, items: DemoItem[], bySlug: Record<string, DemoTranslation>, at: Date): (typeof translations.$inferInsert)[] {
	return items.flatMap((item) =>
		(['en', 'es'] as const).flatMap((locale) =>
			(['name', 'description'] as const).map((field) => ({
				sourceHash: sourceHash(item[field]),
				context: contentContext(kind, field),
				locale,
				sourceText: item[field],
				overrideText: bySlug[item.slug]![locale][field],
				overrideAt: at,
			})),
		),
	)
}

/** Words of the demo in English and Spanish, keyed by the Romanian text, as editor translations in `context`. */
function demoWordRows(context: string, words: Record<string, DemoWords>, at: Date): (typeof translations.$inferInsert)[] {
	return Object.entries(words).flatMap(([source, word]) =>
		(['en', 'es'] as const).map((locale) => ({
			sourceHash: sourceHash(source),
			context,
			locale,
			sourceText: source,
			overrideText: word[locale],
			overrideAt: at,
		})),
	)
}

/** The demo candles' 'smells like' and wax colour, and the demo options' names and values (ADR 0264). */
function demoAttributeRows(at: Date): (typeof translations.$inferInsert)[] {
	return [
		...(['smellsLike', 'waxColor'] as const).flatMap((field) => demoWordRows(contentContext('product', field), demoAttributeTranslations[field], at)),
		...demoWordRows(PRODUCT_OPTION_CONTEXT, demoOptionTranslations, at),
	]
}

/** True when the shop has no catalogue yet; the seed never writes into a database that has one. */
export async function catalogIsEmpty(db: Database) {
	const [row] = await queryRows<{ has_data: boolean }>(db, sql`select exists(select 1 from ${categories}) or exists(select 1 from ${products}) as has_data`)
	return !row?.has_data
}

/** Where each demo picture goes in the media library: the home page's in the hero folder. */
function demoImageFolder(name: string) {
	return name === DEMO_HOME_HERO ? ('hero' as const) : ('products' as const)
}

function demoImagePrefix(name: string) {
	return name === DEMO_HOME_HERO ? 'hero' : name.startsWith('category-') ? 'categories' : 'products'
}

/**
 * Loads the demo catalogue into an empty database: categories, subcategories, products and
 * their pictures (stored through the storage interface, with their srcset copies), and the home
 * page's hero picture (ADR 0273).
 */
export async function seedDemoCatalog(db: Database, storage: ObjectStorage): Promise<SeedResult> {
	if (!(await catalogIsEmpty(db))) return { seeded: false, categories: 0, products: 0 }

	const imagesFolder = findProjectFolder(path.join('server', 'seed', 'images'), import.meta.dirname)
	// Every picture once, all at the same time: sharp encodes on its own thread pool.
	const imageNames = new Set([
		...demoCategories.flatMap((c) => (c.image ? [c.image] : [])),
		...demoProducts.flatMap((p) => [...p.images, ...(p.variants ?? []).map((variant) => variant.image)]),
		DEMO_HOME_HERO,
	])
	const storedImages = new Map(
		await Promise.all(
			[...imageNames].map(async (name) => {
				const bytes = await fs.readFile(path.join(imagesFolder, `${name}.webp`))
				const stored = await storeImage(storage, bytes, { prefix: demoImagePrefix(name) })
				return [name, stored] as const
			}),
		),
	)
	const imageUrl = (name: string) => storedImages.get(name)!.url

	const categoryRows: (typeof categories.$inferInsert)[] = demoCategories.map((top) => ({
		slug: top.slug,
		name: top.name,
		description: top.description,
		displayOrder: top.displayOrder,
		imageUrl: top.image ? imageUrl(top.image) : null,
	}))

	return db.transaction(async (tx) => {
		// Re-checked inside the transaction: another process may have seeded meanwhile.
		const [again] = await queryRows<{ has_data: boolean }>(tx, sql`select exists(select 1 from ${categories}) as has_data`)
		if (again?.has_data) return { seeded: false, categories: 0, products: 0 }

		// The demo pictures are media library images like any the owner uploads (ADR 0132, 0139).
		await tx.insert(media).values(
			[...storedImages].map(([name, stored]) => ({
				filename: `${name}.webp`,
				folder: demoImageFolder(name),
				url: stored.url,
				storageKey: stored.key,
				size: stored.size,
				mimeType: 'image/webp',
			})),
		)
		const inserted = await tx.insert(categories).values(categoryRows).returning({ id: categories.id, slug: categories.slug })
		const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]))
		const children = demoCategories.flatMap((top) =>
			(top.children ?? []).map((child) => ({
				slug: child.slug,
				name: child.name,
				description: child.description,
				displayOrder: child.displayOrder,
				parentId: idBySlug.get(top.slug)!,
			})),
		)
		const insertedChildren = await tx.insert(categories).values(children).returning({ id: categories.id, slug: categories.slug })
		for (const row of insertedChildren) idBySlug.set(row.slug, row.id)

		// The demo home page opens with its hero picture, as if the owner had chosen it in /admin/home;
		// its texts stay unset, so the page shows its own words in every language. A home page the
		// owner already saved is left as it is.
		await tx
			.insert(homeContent)
			.values({ slot: 'home', heroImageUrl: imageUrl(DEMO_HOME_HERO) })
			.onConflictDoNothing({ target: homeContent.slot })

		// Spread creation times so "newest first" has a stable, meaningful order.
		const now = Date.now()
		const insertedProducts = await tx
			.insert(products)
			.values(
				demoProducts.map((product, index) => ({
					slug: product.slug,
					name: product.name,
					description: product.description,
					kind: product.kind,
					categoryId: idBySlug.get(product.category) ?? null,
					priceCents: product.priceCents,
					stock: product.stock,
					badges: product.badges,
					images: product.images.map(imageUrl),
					portraitSize: product.portraitSize ?? null,
					scent: product.scent ?? null,
					smellsLike: product.smellsLike ?? null,
					waxColor: product.waxColor ?? null,
					containerType: product.containerType ?? null,
					customLabelAvailable: product.customLabelAvailable ?? false,
					giftWrapAvailable: true,
					burnTimeHours: product.burnTimeHours ?? null,
					widthMm: product.sizeMm?.[0] ?? null,
					heightMm: product.sizeMm?.[1] ?? null,
					depthMm: product.sizeMm?.[2] ?? null,
					weightGrams: product.weightGrams ?? null,
					optionNames: product.optionNames ?? [],
					createdAt: new Date(now - index * 3_600_000),
				})),
			)
			.returning({ id: products.id, slug: products.slug })
		const productIds = new Map(insertedProducts.map((row) => [row.slug, row.id]))
		const variantRows = demoProducts.flatMap((product) =>
			(product.variants ?? []).map((variant, position) => ({
				slug: `${product.slug}-${variant.sku.toLowerCase()}`,
				name: variantName(product.name, variant.values),
				description: '',
				kind: product.kind,
				categoryId: idBySlug.get(product.category) ?? null,
				priceCents: variant.priceCents,
				stock: variant.stock,
				images: [imageUrl(variant.image)],
				scent: product.scent ?? null,
				smellsLike: product.smellsLike ?? null,
				waxColor: product.waxColor ?? null,
				containerType: product.containerType ?? null,
				burnTimeHours: product.burnTimeHours ?? null,
				weightGrams: variant.weightGrams,
				variantOf: productIds.get(product.slug)!,
				optionValues: variant.values,
				variantPosition: position,
				sku: variant.sku,
			})),
		)
		if (variantRows.length) await tx.insert(products).values(variantRows)
		const allCategories = demoCategories.flatMap((top) => [top, ...(top.children ?? [])])
		await tx
			.insert(translations)
			.values([
				...demoTranslationRows('category', allCategories, demoCategoryTranslations, new Date(now)),
				...demoTranslationRows('product', demoProducts, demoProductTranslations, new Date(now)),
				...demoAttributeRows(new Date(now)),
			])
			.onConflictDoNothing()
		return { seeded: true, categories: inserted.length + insertedChildren.length, products: demoProducts.length }
	})
}
