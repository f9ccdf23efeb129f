import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, media, orders, products, translations, users } from '#db/schema/index.ts'
import {
	deleteCategory,
	descendantIds,
	listCategoriesForAdmin,
	listCategoryOptions,
	removeCategory,
	saveCategory,
	saveCategoryContent,
	setCategoryActive,
	type CatalogApp,
} from '#server/catalog/admin-categories.ts'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { deleteMedia, listMedia, uploadMedia } from '#server/media/library.ts'
import { deleteProduct, listProductsForAdmin, removeProduct, saveProduct, saveProductContent, setProductActive } from '#server/catalog/admin-products.ts'
import { AdminUploadError, keyFromPublicUrl, storeAdminImage } from '#server/media/admin-images.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { categoryFormSchema } from '#domain/forms/admin-category.ts'
import { productFormSchema, emptyProductForm } from '#domain/forms/admin-product.ts'
import { derivativeUrl } from '#domain/images.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/databases.ts'

const category = (values: Partial<Parameters<typeof categoryFormSchema.parse>[0]>) =>
	categoryFormSchema.parse({ name: 'x', slug: 'x', description: '', parentId: '', displayOrder: '0', isActive: true, imageUrl: null, ...values })

async function expectRefusal(work: Promise<unknown>, message: string, status: number) {
	const error = await work.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(AdminInputError)
	expect((error as AdminInputError).message).toBe(message)
	expect((error as AdminInputError).status).toBe(status)
}

describe.each(ENGINES)('admin catalogue services on %s', (engine) => {
	let database: TestDatabase
	let storage: ObjectStorage
	let root: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'admin' })
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-admin-storage-'))
		storage = createLocalStorage(root)
		await database.handle.db.insert(users).values({ id: 'admin-1', email: 'admin@example.test' })
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	it('creates categories, refuses a taken slug and any parent that would make a cycle', async () => {
		const { db } = database.handle
		const top = await saveCategory(db, null, category({ name: 'Lumânări de sezon', slug: 'lumanari-de-sezon' }))
		expect(top.created).toBe(true)
		const child = await saveCategory(db, null, category({ name: 'Iarnă', slug: 'iarna', parentId: top.id }))
		const grandchild = await saveCategory(db, null, category({ name: 'Crăciun', slug: 'craciun', parentId: child.id }))

		await expectRefusal(saveCategory(db, null, category({ name: 'Alta', slug: 'iarna' })), 'Există deja o categorie cu acest slug', 409)
		const cycle = 'O categorie nu poate fi mutată sub ea însăși sau sub una dintre subcategoriile ei'
		await expectRefusal(saveCategory(db, top.id, category({ name: 'Lumânări de sezon', slug: 'lumanari-de-sezon', parentId: top.id })), cycle, 400)
		await expectRefusal(saveCategory(db, top.id, category({ name: 'Lumânări de sezon', slug: 'lumanari-de-sezon', parentId: grandchild.id })), cycle, 400)
		await expectRefusal(saveCategory(db, '00000000-0000-4000-8000-000000000000', category({ slug: 'nou' })), 'Nu a fost găsit', 404)

		expect(new Set(await descendantIds(db, top.id))).toEqual(new Set([child.id, grandchild.id]))
		const options = await listCategoryOptions(db)
		expect(options.find((o) => o.id === grandchild.id)?.rootSlug).toBe('lumanari-de-sezon')
		// The subcategories come first in display order; the list still shows them under their parent, indented.
		await db.update(categories).set({ displayOrder: 9 }).where(eq(categories.id, top.id))
		const rows = await listCategoriesForAdmin(db)
		expect(rows.find((r) => r.id === child.id)).toMatchObject({ parentName: 'Lumânări de sezon', isActive: true })
		const branch = rows.filter((r) => [top.id, child.id, grandchild.id].includes(r.id)).map((r) => [r.name, r.depth])
		expect(branch).toEqual([
			['Lumânări de sezon', 0],
			['Iarnă', 1],
			['Crăciun', 2],
		])
		expect(rows.indexOf(rows.find((r) => r.id === grandchild.id)!)).toBe(rows.indexOf(rows.find((r) => r.id === top.id)!) + 2)
		const [stored] = await db.select().from(categories).where(eq(categories.id, top.id))
		expect(stored).toMatchObject({ description: null, imageUrl: null, parentId: null })

		expect(await setCategoryActive(db, child.id, false)).toBe(false)
		expect(await setCategoryActive(db, '00000000-0000-4000-8000-000000000000', true)).toBeNull()
	})

	it('deleting a category removes its subcategories and moves or deactivates their products, as the owner chooses', async () => {
		const { db } = database.handle
		const top = await saveCategory(db, null, category({ name: 'De șters', slug: 'de-sters' }))
		const child = await saveCategory(db, null, category({ name: 'Sub', slug: 'de-sters-sub', parentId: top.id }))
		const product = await saveProduct(
			db,
			null,
			productFormSchema.parse({ ...emptyProductForm, name: 'Rămâne', slug: 'ramane', categoryId: child.id, price: '10', stock: '3' }),
		)
		// It holds a product (through its subcategory): the list says so, and deleting needs a choice (ADR 0125).
		expect((await listCategoriesForAdmin(db)).find((row) => row.id === top.id)?.productCount).toBe(1)
		await expectRefusal(deleteCategory(db, top.id), 'Alege ce se întâmplă cu produsele categoriei', 400)
		await expectRefusal(deleteCategory(db, top.id, { products: 'move', targetId: child.id }), 'Produsele nu pot fi mutate într-o categorie care se șterge', 400)
		expect(await deleteCategory(db, top.id, { products: 'deactivate' })).toEqual({ imageUrls: [], moved: 0, deactivated: 1 })
		expect(await db.select().from(categories).where(eq(categories.id, child.id))).toEqual([])
		const [kept] = await db.select().from(products).where(eq(products.id, product.id))
		expect(kept).toMatchObject({ categoryId: null, isActive: false })
		const flagged = await listProductsForAdmin(db, { category: 'none' })
		expect(flagged.products.map((p) => p.id)).toContain(product.id)
		expect(flagged.products.find((p) => p.id === product.id)?.categoryName).toBeNull()
		expect(await deleteCategory(db, top.id)).toBeNull()

		// Moved instead: the products land in the other category, still on sale.
		const from = await saveCategory(db, null, category({ name: 'Veche', slug: 'veche' }))
		const to = await saveCategory(db, null, category({ name: 'Nouă', slug: 'noua' }))
		await db.update(products).set({ categoryId: from.id, isActive: true }).where(eq(products.id, product.id))
		expect(await deleteCategory(db, from.id, { products: 'move', targetId: to.id })).toMatchObject({ moved: 1, deactivated: 0 })
		const [movedRow] = await db.select().from(products).where(eq(products.id, product.id))
		expect(movedRow).toMatchObject({ categoryId: to.id, isActive: true })
	})

	it('saves non-candle products with the candle fields cleared, and searches, toggles and deletes them', async () => {
		const { db } = database.handle
		const cat = await saveCategory(db, null, category({ name: 'Portrete test', slug: 'portrete-test' }))
		const input = productFormSchema.parse({
			...emptyProductForm,
			name: 'Portret 50% mare',
			slug: 'portret-mare',
			kind: 'portrait_cardboard',
			categoryId: cat.id,
			price: '39,90',
			stock: '7',
			scent: 'vanilla',
			smellsLike: 'vanilie',
			waxColor: 'alb',
			containerType: 'glass',
			customLabelAvailable: true,
			giftWrapAvailable: false,
			badges: ['Nou', 'Handmade'],
			images: ['/uploads/products/a.webp', '/uploads/products/b.webp'],
		})
		const saved = await saveProduct(db, null, input)
		const [row] = await db.select().from(products).where(eq(products.id, saved.id))
		expect(row).toMatchObject({
			priceCents: 3990,
			stock: 7,
			scent: null,
			smellsLike: null,
			waxColor: null,
			containerType: null,
			customLabelAvailable: false,
			giftWrapAvailable: true,
			badges: ['Handmade', 'Nou'],
		})
		await expectRefusal(saveProduct(db, null, { ...input, name: 'Alt' }), 'Există deja un produs cu acest slug', 409)
		await expectRefusal(
			saveProduct(db, null, { ...input, slug: 'fara-categorie', categoryId: '00000000-0000-4000-8000-000000000000' }),
			'Categoria aleasă nu există',
			400,
		)

		const updated = await saveProduct(db, saved.id, { ...input, images: ['/uploads/products/b.webp'] })
		expect(updated.removedImages).toEqual(['/uploads/products/a.webp'])

		// A literal % in the search matches only itself.
		expect((await listProductsForAdmin(db, { q: '50%' })).products.map((p) => p.id)).toEqual([saved.id])
		expect((await listProductsForAdmin(db, { q: '5%0' })).products).toEqual([])
		// Diacritics aside, as the owner types on a phone keyboard.
		const accented = await saveProduct(db, null, { ...input, name: 'Lumânare țărănească', slug: 'lumanare-taraneasca' })
		expect((await listProductsForAdmin(db, { q: 'LUMANARE TARANEASCA' })).products.map((p) => p.id)).toEqual([accented.id])
		await deleteProduct(db, accented.id)
		expect((await listProductsForAdmin(db, { category: cat.id })).products.map((p) => p.id)).toEqual([saved.id])

		expect(await setProductActive(db, saved.id, false)).toBe(false)
		expect((await deleteProduct(db, saved.id))?.images).toEqual(['/uploads/products/b.webp'])
		expect(await deleteProduct(db, saved.id)).toBeNull()
	})

	it('saves burn time, size and weight, clears the burn time off other kinds, and the database refuses half a size (ADR 0138)', async () => {
		const { db } = database.handle
		const nudged: string[] = []
		const app = {
			db,
			storage,
			log: { warn: () => {}, error: () => {} } as unknown as CatalogApp['log'],
			translation: { worker: { nudge: () => nudged.push('nudge') } } as unknown as CatalogApp['translation'],
		} as CatalogApp
		const cat = await saveCategory(db, null, category({ name: 'Măsuri', slug: 'masuri' }))
		const form = {
			...emptyProductForm,
			name: 'Lumânare măsurată',
			slug: 'lumanare-masurata',
			categoryId: cat.id,
			price: '20',
			stock: '3',
			smellsLike: 'Smochină, lemn de cedru',
			burnTimeHours: '45',
			widthMm: '80',
			heightMm: '95',
			depthMm: '80',
			weightGrams: '320',
		}
		const saved = await saveProductContent(app, null, productFormSchema.parse(form))
		const [row] = await db.select().from(products).where(eq(products.id, saved.id))
		expect(row).toMatchObject({ burnTimeHours: 45, widthMm: 80, heightMm: 95, depthMm: 80, weightGrams: 320, smellsLike: 'Smochină, lemn de cedru' })
		// Saving queued the 'smells like' text for translation in both languages, with the name.
		const queued = await db
			.select({ context: translations.context, locale: translations.locale })
			.from(translations)
			.where(eq(translations.sourceText, 'Smochină, lemn de cedru'))
		expect(queued.map((q) => `${q.context} ${q.locale}`).sort()).toEqual(['product.smells_like en', 'product.smells_like es'])
		expect(nudged.length).toBeGreaterThan(0)

		// Emptied fields are null again; a gift set keeps its size and weight but has no burn time.
		await saveProductContent(app, saved.id, productFormSchema.parse({ ...form, burnTimeHours: '', weightGrams: '' }))
		expect((await db.select().from(products).where(eq(products.id, saved.id)))[0]).toMatchObject({ burnTimeHours: null, weightGrams: null, widthMm: 80 })
		await saveProductContent(app, saved.id, productFormSchema.parse({ ...form, kind: 'gift_set' }))
		expect((await db.select().from(products).where(eq(products.id, saved.id)))[0]).toMatchObject({
			burnTimeHours: null,
			widthMm: 80,
			weightGrams: 320,
			smellsLike: null,
		})

		await expect(db.update(products).set({ depthMm: null }).where(eq(products.id, saved.id))).rejects.toThrow()
		await expect(db.update(products).set({ burnTimeHours: 0 }).where(eq(products.id, saved.id))).rejects.toThrow()
		expect(await removeProduct(app, saved.id)).toBe(true)
	})

	it('pages the product list', async () => {
		const { db } = database.handle
		const cat = await saveCategory(db, null, category({ name: 'Multe', slug: 'multe' }))
		for (let i = 0; i < 23; i++) {
			await saveProduct(
				db,
				null,
				productFormSchema.parse({ ...emptyProductForm, name: `Produs ${i}`, slug: `produs-${i}`, categoryId: cat.id, price: '1', stock: '1' }),
			)
		}
		const first = await listProductsForAdmin(db, { category: cat.id })
		expect(first).toMatchObject({ total: 23, page: 1, pages: 2 })
		expect(first.products).toHaveLength(20)
		const second = await listProductsForAdmin(db, { category: cat.id, page: 9 })
		expect(second.page).toBe(2)
		expect(second.products).toHaveLength(3)
	})

	it('counts today’s paid orders, paid revenue of the last 30 days in cents, and low stock', async () => {
		const { db } = database.handle
		const before = await dashboardStats(db)
		const address = { fullName: 'A', phone: '1', address: 'x', city: 'y', postalCode: '1', country: 'România', notes: '' }
		const order = { email: 'c@example.test', subtotalCents: 0, totalCents: 0, shippingAddress: address }
		await db.insert(orders).values([
			{ ...order, totalCents: 2990, subtotalCents: 2990, paymentStatus: 'paid', paidAt: new Date() },
			{ ...order, totalCents: 1000, subtotalCents: 1000, paymentStatus: 'pending' },
			{
				...order,
				totalCents: 5000,
				subtotalCents: 5000,
				paymentStatus: 'paid',
				createdAt: new Date(Date.now() - 40 * 86_400_000),
				paidAt: new Date(Date.now() - 40 * 86_400_000),
			},
		])
		const cat = await saveCategory(db, null, category({ name: 'Stoc', slug: 'stoc' }))
		const low = await saveProduct(
			db,
			null,
			productFormSchema.parse({ ...emptyProductForm, name: 'Aproape gata', slug: 'aproape-gata', categoryId: cat.id, price: '1', stock: '0' }),
		)
		const after = await dashboardStats(db)
		// An unpaid checkout is not an order yet (ADR 0116): today counts the paid one only.
		expect(after.ordersToday - before.ordersToday).toBe(1)
		expect(after.revenueLast30DaysCents - before.revenueLast30DaysCents).toBe(2990)
		expect(after.lowStock).toContainEqual({ id: low.id, name: 'Aproape gata', stock: 0 })
	})

	it('stores media re-encoded with its uploader, refuses SVG and text by their bytes, and deletes the object then the row', async () => {
		const { db } = database.handle
		const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c96' } })
			.withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
			.jpeg()
			.toBuffer()
		const row = await uploadMedia({ db, storage }, { folder: 'hero', filename: 'C:\\poze\\<vară>.jpg', bytes: jpeg, uploadedBy: 'admin-1' })
		expect(row).toMatchObject({ folder: 'hero', filename: 'vară.jpg', mimeType: 'image/webp', uploadedBy: 'admin-1' })
		expect(row.storageKey).toMatch(/^hero\/\d{13}-[0-9a-f]{32}\.webp$/)
		expect(row.url).toBe(`/uploads/${row.storageKey}`)
		const stored = await fs.readFile(path.join(root, ...row.storageKey.split('/')))
		expect(stored.subarray(8, 12).toString()).toBe('WEBP')
		expect(stored.includes('secret-gps')).toBe(false)
		expect(row.size).toBe(stored.length)
		expect(await storage.exists(derivativeUrl(row.storageKey, 320))).toBe(true)
		expect((await listMedia(db, 'hero')).map((m) => m.id)).toEqual([row.id])

		const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
		for (const bytes of [svg, Buffer.from('just some text, not an image')]) {
			const error = await uploadMedia({ db, storage }, { folder: 'hero', filename: 'x.svg', bytes, uploadedBy: 'admin-1' }).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AdminUploadError)
			expect((error as AdminUploadError).status).toBe(415)
		}

		expect(await deleteMedia({ db, storage }, row.id)).toEqual({ id: row.id })
		expect(await storage.exists(row.storageKey)).toBe(false)
		expect(await storage.exists(derivativeUrl(row.storageKey, 320))).toBe(false)
		expect(await db.select().from(media).where(eq(media.id, row.id))).toEqual([])
		expect(await deleteMedia({ db, storage }, row.id)).toBeNull()
	})

	it('the services own their side effects: saving queues translations and drops unused pictures, deleting removes the stored pictures (ADR 0103)', async () => {
		const db = database.handle.db
		const nudged: string[] = []
		const app = {
			db,
			storage,
			log: { warn: () => {}, error: () => {} } as unknown as CatalogApp['log'],
			translation: { worker: { nudge: () => nudged.push('nudge') } } as unknown as CatalogApp['translation'],
		} as CatalogApp
		const picture = async (prefix: string) =>
			storeAdminImage(
				storage,
				await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a63' } })
					.png()
					.toBuffer(),
				prefix,
			)
		const [kept, dropped, categoryPicture] = [await picture('products'), await picture('products'), await picture('categories')]
		const cat = await saveCategoryContent(app, null, category({ name: 'Efecte', slug: 'efecte', imageUrl: categoryPicture.url }))
		expect(nudged).toHaveLength(1)
		const form = { ...emptyProductForm, name: 'Lumânare efecte', slug: 'lumanare-efecte', categoryId: cat.id, price: '10', stock: '1' }
		const product = await saveProductContent(app, null, productFormSchema.parse({ ...form, images: [kept.url, dropped.url] }))
		expect(nudged).toHaveLength(2)
		await saveProductContent(app, product.id, productFormSchema.parse({ ...form, images: [kept.url] }))
		expect(await storage.exists(dropped.key)).toBe(false)
		expect(await storage.exists(derivativeUrl(dropped.key, 320))).toBe(false)
		expect(await storage.exists(kept.key)).toBe(true)
		expect(await removeProduct(app, product.id)).toBe(true)
		expect(await storage.exists(kept.key)).toBe(false)
		expect(await removeProduct(app, product.id)).toBe(false)
		expect(await removeCategory(app, cat.id)).toEqual({ moved: 0, deactivated: 0 })
		expect(await storage.exists(categoryPicture.key)).toBe(false)
		expect(await removeCategory(app, cat.id)).toBeNull()
	})
})

describe('keyFromPublicUrl', () => {
	it('maps our catalogue URLs back to keys and ignores anything else', () => {
		const storage = createLocalStorage('/tmp/unused')
		expect(keyFromPublicUrl(storage, '/uploads/products/1-abc.webp')).toBe('products/1-abc.webp')
		expect(keyFromPublicUrl(storage, '/uploads/categories/1-abc.webp')).toBe('categories/1-abc.webp')
		expect(keyFromPublicUrl(storage, '/uploads/hero/1-abc.webp')).toBeNull()
		expect(keyFromPublicUrl(storage, '/uploads/products/../x.webp')).toBeNull()
		expect(keyFromPublicUrl(storage, 'https://elsewhere.example/products/1.webp')).toBeNull()
	})
})
