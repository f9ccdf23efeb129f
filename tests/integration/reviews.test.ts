import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orders, productReviews, products } from '#db/schema/index.ts'
import { eraseCustomer, exportCustomerData } from '#server/customers/customers.ts'
import { changeOrderStatus } from '#server/orders/admin-changes.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { deleteReview, listReviewsForAdmin, moderateReview } from '#server/reviews/admin.ts'
import { approvedReviewsOf, readReviewPage, reviewLinkKey, submitReview, type ReviewTarget } from '#server/reviews/reviews.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** Verified reviews (ADR 0268): who may review, once per product per order, what shows, what erasure does. */
const SECRET = mailContext.linkSecret

describe.each(ENGINES)('verified product reviews on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let root: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'reviews' })
		db = database.handle.db
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-reviews-'))
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	/** A product sold as variants (ADR 0264): the listed product and two of its variants. */
	async function productWithVariants() {
		const parent = await createProduct(db, { name: 'Lumânare Brad' })
		await db
			.update(products)
			.set({ optionNames: ['Mărime'] })
			.where(eq(products.id, parent.id))
		const [large, small] = await db
			.insert(products)
			.values(
				['Mare', 'Mică'].map((value, index) => ({
					slug: `${parent.slug}-${index}`,
					name: `Lumânare Brad — ${value}`,
					kind: 'candle' as const,
					priceCents: 5500,
					stock: 5,
					variantOf: parent.id,
					optionValues: [value],
					variantPosition: index,
				})),
			)
			.returning()
		return { parent, variant: large!, otherVariant: small! }
	}

	/** A paid order of `productIds`, placed by `email` (a guest) with a full name on the address. */
	async function paidOrder(productIds: string[], options: { email?: string; fullName?: string; country?: string; locale?: 'ro' | 'en' | 'es' } = {}) {
		const order = await placeOrder(db, {
			...orderInput,
			locale: options.locale ?? 'ro',
			customer: {
				...customer,
				email: options.email ?? `cumparator-${crypto.randomBytes(4).toString('hex')}@example.com`,
				fullName: options.fullName ?? 'Ana Maria Popescu',
			},
			lines: productIds.map((productId) => ({ kind: 'product' as const, productId, quantity: 1 })),
		})
		await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id))
		return order
	}

	const deliver = (orderId: string) => changeOrderStatus({ db, mail: mailContext }, { orderId, status: 'delivered' })
	const keyOf = (target: ReviewTarget) => reviewLinkKey(SECRET, target)
	const review = (target: ReviewTarget, rating: number, text: string, key: string | null = keyOf(target)) =>
		submitReview(db, SECRET, { ...target, key, locale: 'ro', review: { rating, text } })

	it('opens only once the order is delivered, and the delivered email links each listed product once', async () => {
		const { parent, variant, otherVariant } = await productWithVariants()
		const other = await createProduct(db, { name: 'Lumânare Cedru' })
		const order = await paidOrder([variant.id, other.id, otherVariant.id])
		const target = { orderId: order.id, productId: parent.id }

		expect(await readReviewPage(db, SECRET, target, keyOf(target), 'ro')).toEqual({ kind: 'not-delivered' })
		expect(await review(target, 5, 'Prea devreme')).toEqual({ ok: false, refusal: 'not-delivered' })
		await changeOrderStatus({ db, mail: mailContext }, { orderId: order.id, status: 'shipped' })
		expect(await review(target, 5, 'Încă pe drum')).toEqual({ ok: false, refusal: 'not-delivered' })

		await db.delete(emailOutbox)
		await deliver(order.id)
		const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, order.email))
		// Two variants of one product are one product to review; a variant itself has no link.
		const links = [...mail!.text.matchAll(/http:\/\/shop\.test\/ro\/review\/([0-9a-f-]+)\/([0-9a-f-]+)\?key=([\w-]+)/g)]
		expect(links.map((link) => link[2]).sort()).toEqual([parent.id, other.id].sort())
		for (const [, orderId, productId, key] of links) expect(key).toBe(keyOf({ orderId: orderId!, productId: productId! }))
		expect(mail!.text).toContain('Scrieți o recenzie pentru Lumânare Brad')
		expect(mail!.html).toContain(`/ro/review/${order.id}/${other.id}?key=`)

		const page = await readReviewPage(db, SECRET, target, keyOf(target), 'ro')
		expect(page).toMatchObject({ kind: 'open', product: { id: parent.id, name: 'Lumânare Brad', slug: parent.slug }, review: null })
		expect(await review(target, 5, 'Miroase a pădure.')).toEqual({ ok: true, edited: false })
		// A variant is reviewed as its product: its own id is no review target.
		const asVariant = { orderId: order.id, productId: variant.id }
		expect(await readReviewPage(db, SECRET, asVariant, keyOf(asVariant), 'ro')).toEqual({ kind: 'not-found' })
	})

	it('opens only for the holder of the link, and only for products of that order', async () => {
		const bought = await createProduct(db)
		const notBought = await createProduct(db)
		const order = await paidOrder([bought.id])
		const stranger = await paidOrder([notBought.id])
		await deliver(order.id)
		await deliver(stranger.id)
		const target = { orderId: order.id, productId: bought.id }

		for (const key of [null, '', 'x'.repeat(43), keyOf({ orderId: stranger.id, productId: notBought.id }), reviewLinkKey('another-secret', target)]) {
			expect(await readReviewPage(db, SECRET, target, key, 'ro')).toEqual({ kind: 'not-found' })
			expect(await review(target, 5, 'Nu e a mea', key)).toEqual({ ok: false, refusal: 'not-found' })
		}
		// A product of another order, even with a key signed for it (as only the shop can): not this order's.
		const foreign = { orderId: order.id, productId: notBought.id }
		expect(await review(foreign, 5, 'Nu am cumpărat-o')).toEqual({ ok: false, refusal: 'not-found' })
		// An order never paid is no purchase.
		const unpaid = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: bought.id, quantity: 1 }] })
		await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, unpaid.id))
		expect(await review({ orderId: unpaid.id, productId: bought.id }, 5, 'Neplătită')).toEqual({ ok: false, refusal: 'not-found' })
		expect(await db.select().from(productReviews).where(eq(productReviews.productId, notBought.id))).toEqual([])
	})

	it('keeps one review per product per order: sending again edits it, and it waits for the owner again', async () => {
		const candle = await createProduct(db)
		const order = await paidOrder([candle.id], { fullName: '  Ioana   Mureșan ', locale: 'en' })
		await deliver(order.id)
		const target = { orderId: order.id, productId: candle.id }
		expect(await review(target, 3, 'Good.')).toEqual({ ok: true, edited: false })
		const [first] = await db.select().from(productReviews).where(eq(productReviews.orderId, order.id))
		expect(first).toMatchObject({ rating: 3, text: 'Good.', authorName: 'Ioana', country: 'RO', status: 'pending', locale: 'ro' })
		await moderateReview(db, first!.id, 'approved')

		expect(await review(target, 5, 'Even better after a week.')).toEqual({ ok: true, edited: true })
		const rows = await db.select().from(productReviews).where(eq(productReviews.orderId, order.id))
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ id: first!.id, rating: 5, text: 'Even better after a week.', status: 'pending', moderatedAt: null })
		expect(await readReviewPage(db, SECRET, target, keyOf(target), 'en')).toMatchObject({
			kind: 'open',
			review: { rating: 5, text: 'Even better after a week.', status: 'pending' },
		})
		// The database holds the rule too.
		await expect(db.insert(productReviews).values({ ...target, rating: 1, text: 'Again', locale: 'ro', authorName: 'X', country: 'RO' })).rejects.toThrow()
		await expect(db.update(productReviews).set({ rating: 6 }).where(eq(productReviews.id, first!.id))).rejects.toThrow()
	})

	it('shows only approved reviews, with their average and count, first name and country, never the email', async () => {
		const candle = await createProduct(db)
		const ratings = [
			{ rating: 5, text: 'Minunată', status: 'approved' },
			{ rating: 4, text: 'Foarte bună', status: 'approved' },
			{ rating: 4, text: 'Bună', status: 'approved' },
			{ rating: 1, text: 'Spam, spam', status: 'rejected' },
			{ rating: 2, text: 'Încă necitită', status: 'pending' },
		] as const
		for (const [index, entry] of ratings.entries()) {
			const order = await paidOrder([candle.id], { fullName: `Cumpărător${index} Nume`, email: `secret-${index}@example.com` })
			await db
				.update(orders)
				.set({ shippingAddress: { ...customer, notes: '', country: index === 0 ? 'ES' : 'RO', fullName: `Cumpărător${index} Nume` } })
				.where(eq(orders.id, order.id))
			await deliver(order.id)
			await review({ orderId: order.id, productId: candle.id }, entry.rating, entry.text)
			const [row] = await db.select().from(productReviews).where(eq(productReviews.orderId, order.id))
			if (entry.status !== 'pending') await moderateReview(db, row!.id, entry.status)
		}
		const shown = await approvedReviewsOf(db, candle.id)
		expect(shown.summary).toEqual({ average: 4.3, count: 3 })
		expect(shown.reviews.map((row) => row.text).sort()).toEqual(['Bună', 'Foarte bună', 'Minunată'])
		expect(shown.reviews.find((row) => row.text === 'Minunată')).toMatchObject({ authorName: 'Cumpărător0', country: 'ES' })
		expect(JSON.stringify(shown)).not.toMatch(/secret-|Nume/)

		const admin = await listReviewsForAdmin(db, 'pending')
		expect(admin.reviews.filter((row) => row.productId === candle.id).map((row) => row.text)).toEqual(['Încă necitită'])
		expect(admin.counts.rejected).toBeGreaterThanOrEqual(1)
		// Rejecting and deleting take reviews off the page.
		const [best] = shown.reviews.filter((row) => row.text === 'Minunată')
		await moderateReview(db, best!.id, 'rejected')
		const [good] = shown.reviews.filter((row) => row.text === 'Bună')
		await deleteReview(db, good!.id)
		expect((await approvedReviewsOf(db, candle.id)).summary).toEqual({ average: 4, count: 1 })
		await expect(moderateReview(db, good!.id, 'approved')).rejects.toThrow('Recenzia nu mai există')
		expect(await approvedReviewsOf(db, (await createProduct(db)).id)).toEqual({ summary: null, reviews: [] })
	})

	it('closes the link when the order link expires (90 days after delivery)', async () => {
		const candle = await createProduct(db)
		const order = await paidOrder([candle.id])
		await deliver(order.id)
		await db
			.update(orders)
			.set({ updatedAt: new Date(Date.now() - 91 * 86_400_000) })
			.where(eq(orders.id, order.id))
		const target = { orderId: order.id, productId: candle.id }
		expect(await readReviewPage(db, SECRET, target, keyOf(target), 'ro')).toEqual({ kind: 'expired' })
		expect(await review(target, 4, 'Târziu')).toEqual({ ok: false, refusal: 'expired' })
	})

	it('exports the reviews of a customer with their orders, deletes them when the shop erases the customer, and their links stop opening', async () => {
		const candle = await createProduct(db)
		const email = `sterge-${crypto.randomBytes(4).toString('hex')}@example.com`
		const order = await paidOrder([candle.id], { email })
		await deliver(order.id)
		const target = { orderId: order.id, productId: candle.id }
		await review(target, 5, 'Îmi place')
		const [row] = await db.select().from(productReviews).where(eq(productReviews.orderId, order.id))
		await moderateReview(db, row!.id, 'approved')
		expect((await approvedReviewsOf(db, candle.id)).summary?.count).toBe(1)
		// The customer's data export holds their review with its order.
		const exported = await exportCustomerData(db, email)
		expect(exported?.guestOrders[0]?.reviews).toEqual([
			expect.objectContaining({ productId: candle.id, rating: 5, text: 'Îmi place', shownAs: 'Ana', status: 'approved' }),
		])

		await eraseCustomer({ db, storage: createLocalStorage(root) }, email)
		expect(
			await db
				.select()
				.from(productReviews)
				.where(and(eq(productReviews.orderId, order.id))),
		).toEqual([])
		expect(await approvedReviewsOf(db, candle.id)).toEqual({ summary: null, reviews: [] })
		// The order stays for the accounts, its buyer's data gone: the link no longer opens.
		expect(await readReviewPage(db, SECRET, target, keyOf(target), 'ro')).toEqual({ kind: 'not-found' })
		expect(await review(target, 5, 'Din nou')).toEqual({ ok: false, refusal: 'not-found' })
	})
})
