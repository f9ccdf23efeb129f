import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noVatNumberCheck } from '#server/tax/vies.ts'
import { orders, products, stockHolds } from '#db/schema/index.ts'
import { findActiveProduct } from '#server/catalog/catalog.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { handleCheckoutRequest } from '#server/orders/checkout-request.ts'
import { HOLD_LIMITS } from '#server/orders/hold-limits.ts'
import type { PaymentProvider, SessionState } from '#server/payments/provider.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { createProduct, customer, mailContext } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0096: one visitor cannot hold the catalogue with
 * abandoned checkouts, and a refused checkout does not tell a stranger how many units are left.
 * Through the checkout endpoint's service with the built-in test card provider.
 */
describe.each(ENGINES)('stock holds per visitor and address on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'holds' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const env = parseEnv({ PUBLIC_URL: 'http://shop.test' })
	const log = createLogger({ LOG_LEVEL: 'silent' })
	function shopFor(clientIp: string, payments?: PaymentProvider) {
		return {
			locale: 'ro' as const,
			db,
			payments: payments ?? createTestCardProvider({ db }),
			clientIp,
			secret: 'holds-test-secret',
			orderMail: mailContext,
			email: { nudge: () => {}, runOnce: async () => 0, stop: async () => {} },
			env,
			vatNumbers: noVatNumberCheck,
			log,
		}
	}
	let addressCounter = 0
	const newAddress = () => `198.51.100.${++addressCounter}`
	const newVisitor = () => crypto.randomBytes(24).toString('base64url')
	const cart = (lines: { id: string; quantity: number }[]) => ({
		items: lines.map((line) => ({ kind: 'product', productId: line.id, quantity: line.quantity })),
		shippingData: customer,
	})
	const inStock = async (id: string) => ((await findActiveProduct(db, { id }))?.stock ?? 0) > 0

	it("one visitor's 20 abandoned checkouts (same cookie, same address) leave every product in stock for another visitor", async () => {
		const catalogue = await Promise.all(Array.from({ length: 4 }, () => createProduct(db, { stock: 5 })))
		const shop = shopFor(newAddress())
		const visitor = newVisitor()
		const placed: string[] = []
		for (let i = 0; i < 20; i++) {
			const result = await handleCheckoutRequest(shop, cart(catalogue.map((p) => ({ id: p.id, quantity: 1 }))), { visitorId: visitor })
			expect(result.status, JSON.stringify(result.body)).toBe(200)
			if (result.body.ok) placed.push(result.body.orderId)
		}
		// Only the newest checkout still holds; the 19 before it were ended and released.
		const rows = await db.select({ id: orders.id, paymentStatus: orders.paymentStatus, status: orders.status }).from(orders).where(inArray(orders.id, placed))
		expect(rows.filter((r) => r.paymentStatus === 'pending').map((r) => r.id)).toEqual([placed.at(-1)])
		expect(rows.filter((r) => r.paymentStatus === 'failed' && r.status === 'cancelled')).toHaveLength(19)
		for (const product of catalogue) {
			expect(await inStock(product.id)).toBe(true)
			expect((await findActiveProduct(db, { id: product.id }))!.stock).toBe(4)
		}

		// Another visitor, elsewhere, buys every unit that is left.
		const other = await handleCheckoutRequest(shopFor(newAddress()), cart(catalogue.map((p) => ({ id: p.id, quantity: 2 }))), { visitorId: newVisitor() })
		expect(other.status, JSON.stringify(other.body)).toBe(200)
		const again = await handleCheckoutRequest(shopFor(newAddress()), cart(catalogue.map((p) => ({ id: p.id, quantity: 2 }))), { visitorId: newVisitor() })
		expect(again.status, JSON.stringify(again.body)).toBe(200)
		for (const product of catalogue) expect(await inStock(product.id)).toBe(false)
	})

	it('a visitor who drops the cookie is bounded by the address: at most a few checkouts and units held, the rest refused in their language', async () => {
		const catalogue = await Promise.all(Array.from({ length: 2 }, () => createProduct(db, { stock: 5 })))
		const shop = shopFor(newAddress())
		const statuses: number[] = []
		let refusal: Awaited<ReturnType<typeof handleCheckoutRequest>> | undefined
		for (let i = 0; i < 20; i++) {
			const result = await handleCheckoutRequest({ ...shop, locale: i % 2 ? 'es' : 'ro' }, cart(catalogue.map((p) => ({ id: p.id, quantity: 1 }))), {
				visitorId: null,
			})
			statuses.push(result.status)
			if (result.status === 429) refusal = result
		}
		expect(statuses.filter((s) => s === 200)).toHaveLength(HOLD_LIMITS.ordersPerAddress)
		expect(statuses.filter((s) => s === 429)).toHaveLength(20 - HOLD_LIMITS.ordersPerAddress)
		expect(refusal!.body).toEqual({
			ok: false,
			code: 'hold-limit',
			errors: { fieldErrors: {}, formError: expect.stringContaining('Varios pedidos sin pagar desde tu conexión') },
		})
		expect(refusal!.retryAfterSeconds).toBeGreaterThan(25 * 60)
		for (const product of catalogue) expect(await inStock(product.id)).toBe(true)
		const other = await handleCheckoutRequest(shopFor(newAddress()), cart(catalogue.map((p) => ({ id: p.id, quantity: 1 }))), { visitorId: newVisitor() })
		expect(other.status).toBe(200)
	})

	it('one address may not hold more than the unit limit, even in one order; the answer names the limit', async () => {
		const candle = await createProduct(db, { stock: 50 })
		const shop = shopFor(newAddress())
		const big = await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: HOLD_LIMITS.unitsPerAddress + 1 }]), { visitorId: newVisitor() })
		expect(big.status).toBe(429)
		expect(big.body).toMatchObject({ code: 'hold-limit', errors: { formError: expect.stringContaining(`cel mult ${HOLD_LIMITS.unitsPerAddress} produse`) } })
		// Waiting would not help an order too large on its own: no Retry-After.
		expect(big.retryAfterSeconds).toBeUndefined()
		expect(await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: HOLD_LIMITS.unitsPerAddress - 1 }]), { visitorId: newVisitor() })).toMatchObject({
			status: 200,
		})
		expect(await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 2 }]), { visitorId: newVisitor() })).toMatchObject({ status: 429 })
		// The stored figure: pages show at most HOLD_LIMITS.unitsPerAddress (ADR 0096).
		expect((await db.select({ stock: products.stock }).from(products).where(eq(products.id, candle.id)))[0]!.stock).toBe(50 - (HOLD_LIMITS.unitsPerAddress - 1))
		// Holds past their expiry no longer count, even before reconciliation releases them.
		await db
			.update(stockHolds)
			.set({ expiresAt: new Date(Date.now() - 60_000) })
			.where(eq(stockHolds.productId, candle.id))
		expect(await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 2 }]), { visitorId: newVisitor() })).toMatchObject({ status: 200 })
	})

	it('concurrent checkouts from one address cannot pass the limits together; many addresses still cannot oversell', async () => {
		const candle = await createProduct(db, { stock: 100 })
		const shop = shopFor(newAddress())
		const burst = await Promise.all(Array.from({ length: 30 }, () => handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 1 }]), { visitorId: null })))
		expect(burst.filter((r) => r.status === 200)).toHaveLength(HOLD_LIMITS.ordersPerAddress)
		expect(burst.filter((r) => r.status === 429)).toHaveLength(30 - HOLD_LIMITS.ordersPerAddress)

		const last = await createProduct(db, { stock: 3 })
		const crowd = await Promise.all(
			Array.from({ length: 20 }, () => handleCheckoutRequest(shopFor(newAddress()), cart([{ id: last.id, quantity: 1 }]), { visitorId: newVisitor() })),
		)
		expect(crowd.filter((r) => r.status === 200)).toHaveLength(3)
		expect(crowd.filter((r) => r.status === 409)).toHaveLength(17)
		const [held] = await db
			.select({ units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
			.from(stockHolds)
			.where(and(eq(stockHolds.productId, last.id), eq(stockHolds.status, 'held')))
		expect(Number(held!.units)).toBe(3)
		expect((await db.select({ stock: products.stock }).from(products).where(eq(products.id, last.id)))[0]!.stock).toBe(0)
	})

	it('a country the shop does not ship to is refused in the visitor’s language before anything is held', async () => {
		const candle = await createProduct(db, { stock: 3 })
		const outside = await handleCheckoutRequest(shopFor(newAddress()), {
			items: [{ kind: 'product', productId: candle.id, quantity: 1 }],
			shippingData: { ...customer, country: 'GB' },
		})
		expect(outside.status).toBe(400)
		expect(outside.body).toMatchObject({
			ok: false,
			code: 'validation',
			errors: {
				fieldErrors: { country: 'Nu livrăm în această țară. Te rugăm să alegi una din listă.' },
				formError: 'Nu livrăm în această țară. Te rugăm să alegi una din listă.',
			},
		})
		expect(await db.select().from(stockHolds).where(eq(stockHolds.productId, candle.id))).toEqual([])
		expect((await findActiveProduct(db, { id: candle.id }))?.stock).toBe(3)
		// The list is the shop's: one that ships only to Spain refuses Romania.
		const spainOnly = { ...shopFor(newAddress()), env: { ...env, SHIP_TO_COUNTRIES: ['ES'] } }
		const romania = await handleCheckoutRequest(spainOnly, { items: [{ kind: 'product', productId: candle.id, quantity: 1 }], shippingData: customer })
		expect(romania.status).toBe(400)
		const spain = await handleCheckoutRequest(spainOnly, {
			items: [{ kind: 'product', productId: candle.id, quantity: 1 }],
			shippingData: { ...customer, country: 'ES' },
		})
		expect(spain.status).toBe(200)
	})

	it('the 409 for too few units says the quantity is not available, never how many are left', async () => {
		const candle = await createProduct(db, { stock: 3, name: 'Lumânare cu miere' })
		for (const locale of ['ro', 'en', 'es'] as const) {
			const result = await handleCheckoutRequest({ ...shopFor(newAddress()), locale }, cart([{ id: candle.id, quantity: 7 }]), { visitorId: newVisitor() })
			expect(result.status).toBe(409)
			if (result.body.ok || result.body.code !== 'lines') throw new Error(`unexpected answer ${JSON.stringify(result.body)}`)
			expect(result.body.problems).toEqual([{ line: 0, code: 'notEnoughStock', message: expect.stringContaining('Lumânare cu miere') }])
			// No figure anywhere but in the line id (the product's uuid).
			expect(JSON.stringify({ ...result.body, problems: result.body.problems!.map(({ line: _line, ...rest }) => rest) })).not.toMatch(/\d/)
		}
	})

	it('superseding asks the provider first: a paid earlier session is recorded as paid, a payment under way keeps its hold', async () => {
		const candle = await createProduct(db, { stock: 5 })
		const test = createTestCardProvider({ db })
		const reported = new Map<string, Pick<SessionState, 'status' | 'paymentStatus'>>()
		const provider: PaymentProvider = {
			...test,
			async retrieveSession(id) {
				const state = await test.retrieveSession(id)
				return { ...state, ...reported.get(id) }
			},
		}
		const shop = shopFor(newAddress(), provider)
		const visitor = newVisitor()
		const first = await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 1 }]), { visitorId: visitor })
		const second = await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 1 }]), { visitorId: visitor })
		if (!first.body.ok || !second.body.ok) throw new Error('checkouts refused')
		const sessionOf = async (orderId: string) => (await db.select({ id: orders.paymentSessionId }).from(orders).where(eq(orders.id, orderId)))[0]!.id!
		// The first was superseded by the second before anything was reported about it.
		expect((await db.select().from(orders).where(eq(orders.id, first.body.orderId)))[0]!.paymentStatus).toBe('failed')
		// The customer paid the second (webhook not here yet) and started a bank transfer on a third.
		reported.set(await sessionOf(second.body.orderId), { status: 'complete', paymentStatus: 'paid' })
		const third = await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 1 }]), { visitorId: visitor })
		if (!third.body.ok) throw new Error('third checkout refused')
		reported.set(await sessionOf(third.body.orderId), { status: 'complete', paymentStatus: 'unpaid' })
		const fourth = await handleCheckoutRequest(shop, cart([{ id: candle.id, quantity: 1 }]), { visitorId: visitor })
		expect(fourth.status).toBe(200)
		const statusOf = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus
		expect(await statusOf(second.body.orderId)).toBe('paid')
		expect(await statusOf(third.body.orderId)).toBe('pending')
		expect((await db.select().from(stockHolds).where(eq(stockHolds.orderId, third.body.orderId))).map((h) => h.status)).toEqual(['held'])
		// Sold 1 (second) + held 1 (third) + held 1 (fourth).
		expect((await findActiveProduct(db, { id: candle.id }))!.stock).toBe(2)
	})
})
