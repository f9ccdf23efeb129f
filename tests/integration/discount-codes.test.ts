import crypto from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { discountCodes, discountRedemptions, invoices, orderItems, orders, products } from '#db/schema/index.ts'
import { EU_COUNTRIES, flatShipping } from '#domain/shipping.ts'
import { DiscountRejectedError } from '#server/discounts/redemptions.ts'
import { documentXml, findDocument } from '#server/invoices/documents.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { refundOrder } from '#server/orders/refunds.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { validateEInvoices } from '../support/einvoice.ts'

/** Discount codes (ADR 0255): limits under concurrency, uses held and given back, and the invoice of a discounted order. */
describe.each(ENGINES)('discount codes on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	/** Two handles on PostgreSQL, as two app instances would have; PGlite has one. */
	let instances: Database[]
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'discounts' })
		db = database.handle.db
		instances = engine === 'postgres' ? [db, (await database.openAnother()).db] : [db]
	})
	afterAll(() => database?.cleanup())

	const newCode = async (values: Partial<typeof discountCodes.$inferInsert> = {}) => {
		const [row] = await db
			.insert(discountCodes)
			.values({ code: `TEST${crypto.randomBytes(4).toString('hex').toUpperCase()}`, kind: 'percent', value: 10, ...values })
			.returning()
		return row!
	}
	const shipping = flatShipping({ ratesCents: { ro: 499, es: 499, eu: 499, world: 499 }, freeFromCents: null, countries: EU_COUNTRIES })
	const spanish = { ...customer, country: 'ES', city: 'Madrid', postalCode: '28013' }

	const refusal = (promise: Promise<unknown>) =>
		promise.then(
			() => null,
			(error: unknown) => {
				if (error instanceof DiscountRejectedError) return error.problem.code
				throw error
			},
		)

	const pay = (orderId: string, sessionId: string) =>
		handlePaymentEvent(
			{ db, mail: mailContext },
			{
				id: `evt_${crypto.randomUUID()}`,
				provider: 'test',
				type: 'checkout.session.completed',
				session: { id: sessionId, orderId, status: 'complete', paymentStatus: 'paid', livemode: false },
			},
		)

	it('50 checkouts racing for a code limited to 10 uses: exactly 10 discounted orders, 40 told it is used up', async () => {
		const candle = await createProduct(db, { priceCents: 2000, stock: null })
		const code = await newCode({ maxUses: 10 })
		const results = await Promise.all(
			Array.from({ length: 50 }, (_, i) =>
				placeOrder(instances[i % instances.length]!, {
					...orderInput,
					// Each its own customer, the code typed in any case.
					customer: { ...customer, email: `racer${i}@example.com` },
					lines: [{ kind: 'product', productId: candle.id, quantity: 1 }],
					discountCode: i % 2 ? code.code.toLowerCase() : ` ${code.code} `,
				}).then(
					(order) => ({ ok: true as const, order }),
					(error: unknown) => {
						if (error instanceof DiscountRejectedError) return { ok: false as const, code: error.problem.code }
						throw error
					},
				),
			),
		)
		const won = results.filter((r) => r.ok)
		expect(won).toHaveLength(10)
		for (const r of results) if (!r.ok) expect(r.code).toBe('usedUp')
		for (const r of won) expect(r.order).toMatchObject({ discountCents: 200, totalCents: 1800 })
		const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id))
		expect(row!.uses).toBe(10)
		const discounted = await db.select().from(orders).where(eq(orders.discountCents, 200))
		expect(discounted.filter((o) => o.discount?.code === code.code)).toHaveLength(10)
		expect(await db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id))).toHaveLength(10)
	})

	it('refuses a code that is unknown, expired, not yet valid, under its minimum, for other products or already used by the customer; nothing is held', async () => {
		const candle = await createProduct(db, { priceCents: 2000, stock: 5 })
		const other = await createProduct(db, { priceCents: 2000, stock: 5 })
		const order = (discountCode: string, email = customer.email) =>
			placeOrder(db, { ...orderInput, customer: { ...customer, email }, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }], discountCode })
		expect(await refusal(order('NO-SUCH-CODE'))).toBe('unknown')
		expect(await refusal(order((await newCode({ endsAt: new Date(Date.now() - 1000) })).code))).toBe('expired')
		expect(await refusal(order((await newCode({ startsAt: new Date(Date.now() + 60_000) })).code))).toBe('notStarted')
		expect(await refusal(order((await newCode({ minSubtotalCents: 5000 })).code))).toBe('belowMinimum')
		expect(await refusal(order((await newCode({ scope: 'products', productIds: [other.id] })).code))).toBe('notApplicable')
		expect(await refusal(order((await newCode({ isActive: false })).code))).toBe('unknown')
		const once = await newCode({ maxUsesPerCustomer: 1 })
		expect(await refusal(order(once.code, 'Once@Example.com'))).toBeNull()
		expect(await refusal(order(once.code, 'once@example.com'))).toBe('usedByCustomer')
		expect(await refusal(order(once.code, 'someone.else@example.com'))).toBeNull()
		// Only the two accepted orders took a unit of stock.
		const [left] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, candle.id))
		expect(left!.stock).toBe(3)
	})

	it('an unpaid order that expires gives its use back; a paid one keeps it, even after a refund', async () => {
		const candle = await createProduct(db, { priceCents: 2000, stock: null })
		const code = await newCode({ maxUses: 1 })
		const first = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }], discountCode: code.code })
		expect(
			await refusal(placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }], discountCode: code.code })),
		).toBe('usedUp')
		await handlePaymentEvent(
			{ db, mail: mailContext },
			{
				id: `evt_${crypto.randomUUID()}`,
				provider: 'test',
				type: 'checkout.session.expired',
				session: { id: 'cs_x', orderId: first.id, status: 'expired', paymentStatus: 'unpaid' },
			},
		)
		const [released] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id))
		expect(released!.uses).toBe(0)

		const second = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }], discountCode: code.code })
		const sessionId = `test_cs_${second.id}`
		await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, second.id))
		await pay(second.id, sessionId)
		await refundOrder({ db, mail: mailContext, payments: createTestCardProvider({ db }) }, { orderId: second.id, mode: 'full', reason: 'Retur' })
		const [after] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id))
		expect(after!.uses).toBe(1)
		const [redemption] = await db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, second.id))
		expect(redemption!.status).toBe('used')
	})

	it(
		'the invoice of a discounted order adds up, takes VAT on the discounted amount and passes the e-Factura validator; so do its credit notes',
		{ timeout: 240_000 },
		async () => {
			const large = await createProduct(db, { priceCents: 3000, stock: 10, name: 'Lumânare mare' })
			const small = await createProduct(db, { priceCents: 1500, stock: 10, name: 'Lumânare mică' })
			const documents: Record<string, string> = {}
			for (const [kind, value] of [
				['percent', 15],
				['fixed', 1234],
				['free_shipping', 0],
			] as const) {
				const code = await newCode({ kind, value })
				const order = await placeOrder(db, {
					...orderInput,
					locale: 'es',
					shipping,
					customer: spanish,
					lines: [
						{ kind: 'product', productId: large.id, quantity: 2 },
						{ kind: 'product', productId: small.id, quantity: 1 },
					],
					discountCode: code.code.toLowerCase(),
				})
				const expected = kind === 'percent' ? 1125 : kind === 'fixed' ? 1234 : 499
				expect(order).toMatchObject({ subtotalCents: 7500, shippingCents: 499, discountCents: expected, totalCents: 7999 - expected })
				const sessionId = `test_cs_${order.id}`
				await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, order.id))
				await pay(order.id, sessionId)
				const [invoice] = await db
					.select()
					.from(invoices)
					.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
				// What the customer paid, and the VAT it contains at 21 %, to the cent.
				expect(invoice!.totalCents).toBe(order.totalCents)
				expect(invoice!.totals.allowance).toMatchObject({ grossCents: expected, ratePercent: 21 })
				const vatOfPaid = Math.round((order.totalCents * 21) / 121)
				expect(Math.abs(invoice!.vatCents - vatOfPaid)).toBeLessThanOrEqual(2)
				expect(invoice!.totals.netCents + invoice!.totals.vatCents).toBe(invoice!.totals.grossCents)
				const xml = documentXml((await findDocument(db, invoice!.number))!).xml
				expect(xml).toContain('<cbc:ChargeIndicator>false</cbc:ChargeIndicator>')
				expect(xml).toContain(`<cbc:AllowanceChargeReason>Reducere (cod ${code.code})</cbc:AllowanceChargeReason>`)
				documents[invoice!.number] = xml

				// A line refund, then the rest: the credit notes stay within the invoice and end at zero.
				const deps = { db, mail: mailContext, payments: createTestCardProvider({ db }) }
				const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.lineId))
				await refundOrder(deps, { orderId: order.id, mode: 'lines', lines: [{ itemId: item!.id, quantity: 1 }], reason: 'Devuelta' })
				await refundOrder(deps, { orderId: order.id, mode: 'full', reason: 'Pedido cancelado' })
				const notes = await db
					.select()
					.from(invoices)
					.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')))
				expect(notes).toHaveLength(2)
				expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(-order.totalCents)
				expect(notes.reduce((sum, note) => sum + note.vatCents, 0)).toBe(-invoice!.vatCents)
				for (const note of notes) documents[note.number] = documentXml((await findDocument(db, note.number))!).xml
			}
			const verdicts = await validateEInvoices(documents)
			expect(verdicts).toHaveLength(9)
			for (const verdict of verdicts)
				expect({ valid: verdict.valid, fatal: verdict.fatal }, `${verdict.name}\n${verdict.report}`).toEqual({ valid: true, fatal: [] })
		},
	)
})
