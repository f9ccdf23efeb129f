import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { categories, orders, products } from '#db/schema/index.ts'
import { EditConflictError } from '#server/admin/edit-conflict.ts'
import { getCategoryForEdit, saveCategory, type CatalogApp } from '#server/catalog/admin-categories.ts'
import { getProductForEdit, saveProduct, setProductActive } from '#server/catalog/admin-products.ts'
import { getHomeForEdit, saveHomeContent } from '#server/home/home-content.ts'
import { changeOrderStatus, setTrackingNumber } from '#server/orders/admin-changes.ts'
import { getOrderForAdmin } from '#server/orders/admin-orders.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { listContentTranslations, setContentTranslationOverride } from '#server/translation/content.ts'
import { categoryEditSchema, categoryFormSchema, emptyCategoryForm } from '#domain/forms/admin-category.ts'
import { homeEditSchema } from '#domain/forms/admin-home.ts'
import { emptyProductForm, productEditSchema, productFormSchema, type ProductFormValues } from '#domain/forms/admin-product.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0225: every admin edit carries the version it loaded. A save over a newer version is refused
 * with the fields that changed; a field the admin did not touch never overwrites a newer value;
 * of two saves of one version exactly one wins.
 */
describe.each(ENGINES)('admin edit conflicts on %s', (engine) => {
	let database: TestDatabase
	let app: CatalogApp
	let categoryId = ''
	let serial = 0
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'edit_conflicts' })
		const db = database.handle.db
		app = { db, log: pino({ level: 'silent' }), storage: {}, translation: { provider: null, worker: { nudge() {} } } } as unknown as CatalogApp
		categoryId = (await saveCategory(db, null, categoryFormSchema.parse({ ...emptyCategoryForm, name: 'Lumânări', slug: 'lumanari-conflicte' }))).id
	})
	afterAll(() => database?.cleanup())
	const db = () => database.handle.db

	/** A product as its edit page loads it: the form's values and their version. */
	async function loadedProduct() {
		serial++
		const form: ProductFormValues = {
			...emptyProductForm,
			name: `Lumânare ${serial}`,
			slug: `lumanare-conflict-${serial}`,
			categoryId,
			price: '27.50',
			stock: '5',
			description: 'Prima',
		}
		const { id } = await saveProduct(db(), null, productFormSchema.parse(form))
		return { id, loaded: (await getProductForEdit(db(), id))! }
	}

	/** What the edit form posts: the typed values with the version and the values it loaded. */
	const posted = <V extends object>(loaded: { version: number; values: V }, typed: Partial<V>) => ({
		...loaded.values,
		...typed,
		version: String(loaded.version),
		loaded: JSON.stringify(loaded.values),
	})

	async function productRow(id: string) {
		const [row] = await db().select().from(products).where(eq(products.id, id))
		return row!
	}

	it('a product saved over a newer version is refused, naming what changed, and nothing of it is written', async () => {
		const { id, loaded } = await loadedProduct()
		// Tab B sets the price; tab A, loaded before, then edits the description.
		await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { price: '29.90' })))
		const refused = await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { description: 'A doua', name: 'Alt nume' }))).catch(
			(error: unknown) => error,
		)
		expect(refused).toBeInstanceOf(EditConflictError)
		expect(refused).toMatchObject({ status: 409, changed: ['price'], message: 'Între timp, altcineva a modificat: preț.' })
		expect((refused as EditConflictError).fresh).toMatchObject({ price: '29,90', slug: loaded.values.slug })
		expect((refused as EditConflictError).fresh).not.toHaveProperty('description')
		expect(await productRow(id)).toMatchObject({ priceCents: 2990, description: 'Prima', name: loaded.values.name })

		// Several fields changed meanwhile are all named, in the form's order.
		const now = (await getProductForEdit(db(), id))!
		await saveProduct(db(), id, productEditSchema.parse(posted(now, { description: 'De la B', isActive: false })))
		const again = await saveProduct(db(), id, productEditSchema.parse(posted(now, { name: 'Tot A' }))).catch((error: unknown) => error)
		expect(again).toMatchObject({ changed: ['description', 'isActive'], message: 'Între timp, altcineva a modificat: descriere, activ.' })
	})

	it('applied on top with the new version, only the fields the admin changed are written', async () => {
		const { id, loaded } = await loadedProduct()
		await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { price: '29.90' })))
		const refused = (await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { description: 'A doua' }))).catch(
			(error: unknown) => error,
		)) as EditConflictError
		// The form then holds what was typed, the newest values elsewhere, and the new version.
		const onTop = { ...loaded.values, description: 'A doua', ...refused.fresh, version: String(refused.version), loaded: JSON.stringify(refused.current) }
		const saved = await saveProduct(db(), id, productEditSchema.parse(onTop))
		expect(saved.version).toBeGreaterThan(refused.version)
		expect(await productRow(id)).toMatchObject({ priceCents: 2990, description: 'A doua' })
	})

	it('a field the admin did not touch never overwrites a newer value, whoever wrote it', async () => {
		const { id, loaded } = await loadedProduct()
		// A list toggle and a checkout move the product under the open form.
		await setProductActive(db(), id, false)
		await db().update(products).set({ stock: 3 }).where(eq(products.id, id))
		// The list toggle raised the version: the stale form is refused for it ...
		const refused = await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { description: 'Nouă' }))).catch((error: unknown) => error)
		expect(refused).toMatchObject({ changed: ['isActive'] })
		// ... while a form loaded after it writes only the description: not is_active, not stock.
		const fresh = (await getProductForEdit(db(), id))!
		await db().update(products).set({ stock: 2 }).where(eq(products.id, id))
		const before = await productRow(id)
		await saveProduct(db(), id, productEditSchema.parse(posted(fresh, { description: 'Nouă' })))
		const after = await productRow(id)
		expect(after).toMatchObject({ description: 'Nouă', isActive: false, stock: 2, priceCents: 2750 })
		expect(after.version).toBe(before.version + 1)

		// A save that changes nothing writes nothing (the version stays).
		const same = (await getProductForEdit(db(), id))!
		expect((await saveProduct(db(), id, productEditSchema.parse(posted(same, {})))).version).toBe(same.version)
		// Checkouts moving stock leave the version alone: a form open meanwhile saves without a conflict.
		await db().update(products).set({ stock: 1 }).where(eq(products.id, id))
		expect((await productRow(id)).version).toBe(same.version)
	})

	it('someone saving the same values meanwhile is no conflict: nothing the form shows differs', async () => {
		const { id, loaded } = await loadedProduct()
		await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { price: '29.90' })))
		await saveProduct(db(), id, productEditSchema.parse(posted((await getProductForEdit(db(), id))!, { price: '27.50' })))
		await saveProduct(db(), id, productEditSchema.parse(posted(loaded, { description: 'Fără conflict' })))
		expect(await productRow(id)).toMatchObject({ priceCents: 2750, description: 'Fără conflict' })
	})

	it('two concurrent saves of one product version: exactly one wins', async () => {
		const { id, loaded } = await loadedProduct()
		const other = engine === 'postgres' ? (await database.openAnother()).db : db()
		const results = await Promise.allSettled([
			saveProduct(db(), id, productEditSchema.parse(posted(loaded, { price: '31.00' }))),
			saveProduct(other, id, productEditSchema.parse(posted(loaded, { price: '32.00' }))),
		])
		const won = results.filter((result) => result.status === 'fulfilled')
		const lost = results.filter((result) => result.status === 'rejected')
		expect(won).toHaveLength(1)
		expect(lost).toHaveLength(1)
		expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(EditConflictError)
		const row = await productRow(id)
		expect(row.version).toBe(loaded.version + 1)
		expect([3100, 3200]).toContain(row.priceCents)
	})

	it('categories: a stale save is refused with what changed; untouched fields stay; of two concurrent saves one wins', async () => {
		const { id } = await saveCategory(db(), null, categoryFormSchema.parse({ ...emptyCategoryForm, name: 'Cadouri', slug: `cadouri-${engine}` }))
		const loaded = (await getCategoryForEdit(db(), id))!
		await saveCategory(db(), id, categoryEditSchema.parse(posted(loaded, { isActive: false, displayOrder: '4' })))
		const refused = await saveCategory(db(), id, categoryEditSchema.parse(posted(loaded, { description: 'Pentru cei dragi' }))).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(EditConflictError)
		expect(refused).toMatchObject({ status: 409, changed: ['displayOrder', 'isActive'], message: 'Între timp, altcineva a modificat: ordine, activ.' })

		const now = (await getCategoryForEdit(db(), id))!
		await saveCategory(db(), id, categoryEditSchema.parse(posted(now, { description: 'Pentru cei dragi' })))
		const [row] = await db().select().from(categories).where(eq(categories.id, id))
		expect(row).toMatchObject({ isActive: false, displayOrder: 4, description: 'Pentru cei dragi' })

		const last = (await getCategoryForEdit(db(), id))!
		const other = engine === 'postgres' ? (await database.openAnother()).db : db()
		const results = await Promise.allSettled([
			saveCategory(db(), id, categoryEditSchema.parse(posted(last, { name: 'Cadouri A' }))),
			saveCategory(other, id, categoryEditSchema.parse(posted(last, { name: 'Cadouri B' }))),
		])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(EditConflictError)
	})

	it('the home page: the first save and later ones are checked; untouched texts stay; of two concurrent saves one wins', async () => {
		const empty = await getHomeForEdit(db())
		expect(empty.version).toBe(0)
		await saveHomeContent(app, homeEditSchema.parse(posted(empty, { heroTitle: 'Titlul lui B' })), null)
		// Another tab opened before that first save only wrote the story: refused, naming the title.
		const refused = await saveHomeContent(app, homeEditSchema.parse(posted(empty, { storyText: 'Povestea lui A' })), null).catch((error: unknown) => error)
		expect(refused).toMatchObject({ status: 409, changed: ['heroTitle'], message: 'Între timp, altcineva a modificat: titlu hero.' })

		const loaded = await getHomeForEdit(db())
		await saveHomeContent(app, homeEditSchema.parse(posted(loaded, { storyText: 'Povestea lui A' })), null)
		expect((await getHomeForEdit(db())).values).toMatchObject({ heroTitle: 'Titlul lui B', storyText: 'Povestea lui A' })

		const last = await getHomeForEdit(db())
		const other = engine === 'postgres' ? { ...app, db: (await database.openAnother()).db } : app
		const results = await Promise.allSettled([
			saveHomeContent(app, homeEditSchema.parse(posted(last, { heroText: 'A' })), null),
			saveHomeContent(other, homeEditSchema.parse(posted(last, { heroText: 'B' })), null),
		])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(EditConflictError)
	})

	async function placedOrder(on: Database = db()) {
		const product = await createProduct(on)
		const placed = await placeOrder(on, { ...orderInput, customer, lines: [{ kind: 'product', productId: product.id, quantity: 1 }] })
		const order = (await getOrderForAdmin(on, placed.id))!
		return { id: placed.id, version: order.version, loaded: { status: order.status, trackingNumber: order.trackingNumber ?? '' } }
	}
	const deps = () => ({ db: db(), mail: mailContext })

	it('order details: a stale status or tracking change is refused when that field changed; the other field never reverts', async () => {
		const order = await placedOrder()
		await changeOrderStatus(deps(), { orderId: order.id, status: 'processing', version: order.version, loaded: order.loaded })
		// A dialog opened before sets a different status: refused, naming the status.
		const refused = await changeOrderStatus(deps(), { orderId: order.id, status: 'shipped', version: order.version, loaded: order.loaded }).catch(
			(error: unknown) => error,
		)
		expect(refused).toMatchObject({ status: 409, changed: ['status'], message: 'Între timp, altcineva a modificat: status.' })
		// Its tracking form, which only touched the AWB, saves it and leaves the newer status alone.
		await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: 'AWB123', version: order.version, loaded: order.loaded })
		// Sending the status it loaded, now stale, does not put the old status back either.
		const stale = await changeOrderStatus(deps(), { orderId: order.id, status: 'new', version: order.version, loaded: order.loaded }).catch(
			(error: unknown) => error,
		)
		expect(stale).toBeInstanceOf(EditConflictError)
		// A dialog loaded after the change, sending its status untouched, changes nothing.
		const fresh = (await getOrderForAdmin(db(), order.id))!
		const untouched = await changeOrderStatus(deps(), {
			orderId: order.id,
			status: 'processing',
			version: fresh.version,
			loaded: { status: fresh.status, trackingNumber: fresh.trackingNumber ?? '' },
		})
		expect(untouched.changed).toBe(false)
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(row).toMatchObject({ status: 'processing', trackingNumber: 'AWB123' })

		const last = await placedOrder()
		const other = engine === 'postgres' ? (await database.openAnother()).db : db()
		const results = await Promise.allSettled([
			setTrackingNumber(deps(), { orderId: last.id, trackingNumber: 'AWB-A', version: last.version, loaded: last.loaded }),
			setTrackingNumber({ db: other, mail: mailContext }, { orderId: last.id, trackingNumber: 'AWB-B', version: last.version, loaded: last.loaded }),
		])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(EditConflictError)
	})

	it('translation overrides: a stale override is refused when another editor changed it; of two concurrent first overrides one wins', async () => {
		const { id } = await loadedProduct()
		const field = async () => {
			const list = await listContentTranslations(app, { kind: 'product', search: `Lumânare ${serial}` })
			const item = list.items.find((candidate) => candidate.id === id)!
			const state = item.fields.find((candidate) => candidate.field === 'name')!.translations.en
			// What the form loaded, as its schema reads it (no override: null).
			return { version: state.version, loaded: { text: state.override } }
		}
		const target = { kind: 'product' as const, id, field: 'name' as const, locale: 'en' }
		const first = await field()
		expect(first.version).toBe(0)
		const other = engine === 'postgres' ? { ...app, db: (await database.openAnother()).db } : app
		const results = await Promise.allSettled([
			setContentTranslationOverride(app, { ...target, text: 'Candle A', ...first }),
			setContentTranslationOverride(other, { ...target, text: 'Candle B', ...first }),
		])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		const refused = results.find((result) => result.status === 'rejected')?.reason
		expect(refused).toMatchObject({ status: 409, changed: ['text'], message: 'Între timp, altcineva a modificat: traducerea.' })

		// Saved again over the version it now shows, the editor's text goes in.
		const now = await field()
		await setContentTranslationOverride(app, { ...target, text: 'Candle C', ...now })
		const after = await field()
		expect(after.loaded.text).toBe('Candle C')
		expect(after.version).toBeGreaterThan(now.version)
	})
})
