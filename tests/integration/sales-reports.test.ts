import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, orderItems, orders, products } from '#db/schema/index.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { refundOrder } from '#server/orders/refunds.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { salesByCategory, salesByCountry, salesByProduct, salesOverTime, salesReportRows, salesSummary } from '#server/reports/sales-report.ts'
import { salesReportCsv } from '#server/reports/sales-csv.ts'
import { createProduct, customer, mailContext, orderInput, payPlacedOrder } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0271: the sales reports count orders paid in the range (by the day they were paid, in
 * Bucharest), net of the refunds that succeeded on them — by line or by amount — and leave out
 * test-money orders and checkouts never paid. Every figure is checked to the cent.
 */
describe.each(ENGINES)('sales reports on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	const november = { from: '2026-11-01', to: '2026-11-30' }
	const labels = { country: (code: string) => `country ${code}`, uncategorised: 'none' }
	let candle: typeof products.$inferSelect
	let box: typeof products.$inferSelect

	const deps = () => ({ db, mail: mailContext, payments: createTestCardProvider({ db }) })

	/** An order placed at `placedAt`, paid at `paidAt` (or left unpaid), with real money unless `testMode`. */
	async function order(lines: { productId: string; quantity: number }[], at: { placedAt: string; paidAt?: string; testMode?: boolean; country?: string }) {
		const placed = await placeOrder(db, {
			...orderInput,
			customer: { ...customer, country: at.country ?? 'RO' },
			lines: lines.map((line) => ({ kind: 'product' as const, ...line })),
		})
		if (at.paidAt) await payPlacedOrder(db, placed.id)
		await db
			.update(orders)
			.set({ createdAt: new Date(at.placedAt), paidAt: at.paidAt ? new Date(at.paidAt) : null, testMode: at.testMode ?? false })
			.where(eq(orders.id, placed.id))
		const items = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.id))
		return { id: placed.id, itemOf: (productId: string) => items.find((item) => item.productId === productId)! }
	}

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'sales-reports' })
		db = database.handle.db
		const [candles] = await db.insert(categories).values({ name: 'Lumânări', slug: 'lumanari-rapoarte' }).returning()
		candle = await createProduct(db, { priceCents: 3000, stock: 50, name: 'Lumânare de soia' })
		box = await createProduct(db, { priceCents: 1500, stock: 50, name: 'Cutie cadou' })
		await db.update(products).set({ categoryId: candles!.id }).where(eq(products.id, candle.id))

		// 00:30 on 1 November in Bucharest (UTC+2): November's first sale.
		await order([{ productId: box.id, quantity: 1 }], { placedAt: '2026-10-31T22:20:00Z', paidAt: '2026-10-31T22:30:00Z' })
		// 23:30 on 31 October in Bucharest: October's.
		await order([{ productId: box.id, quantity: 1 }], { placedAt: '2026-10-31T21:20:00Z', paidAt: '2026-10-31T21:30:00Z' })
		// Two candles and a box, one candle refunded by line.
		const lineRefunded = await order(
			[
				{ productId: candle.id, quantity: 2 },
				{ productId: box.id, quantity: 1 },
			],
			{ placedAt: '2026-11-02T08:00:00Z', paidAt: '2026-11-02T08:05:00Z' },
		)
		await refundOrder(deps(), {
			orderId: lineRefunded.id,
			mode: 'lines',
			reason: 'Spartă',
			lines: [{ itemId: lineRefunded.itemOf(candle.id).id, quantity: 1 }],
		})
		// A candle to Germany, 10 € given back as an amount.
		const amountRefunded = await order([{ productId: candle.id, quantity: 1 }], {
			placedAt: '2026-11-09T09:00:00Z',
			paidAt: '2026-11-09T09:05:00Z',
			country: 'DE',
		})
		await refundOrder(deps(), { orderId: amountRefunded.id, mode: 'amount', reason: 'Întârziere', amountCents: 1000 })
		// A box refunded in full.
		const fullyRefunded = await order([{ productId: box.id, quantity: 1 }], { placedAt: '2026-11-09T10:00:00Z', paidAt: '2026-11-09T10:05:00Z' })
		await refundOrder(deps(), { orderId: fullyRefunded.id, mode: 'full', reason: 'Anulată' })
		// Test money, and a checkout never paid: no sale.
		await order([{ productId: candle.id, quantity: 5 }], { placedAt: '2026-11-10T09:00:00Z', paidAt: '2026-11-10T09:05:00Z', testMode: true })
		await order([{ productId: candle.id, quantity: 4 }], { placedAt: '2026-11-05T09:00:00Z' })
	})
	afterAll(() => database?.cleanup())

	it('sums the range: gross, refunds, net, the average of the orders kept and the conversion of checkouts started', async () => {
		expect(await salesSummary(db, november)).toEqual({
			key: 'all',
			label: 'Total',
			orders: 3,
			grossCents: 13_500,
			refundedCents: 5_500,
			netCents: 8_000,
			averageOrderCents: 2_667,
			checkouts: 5,
			paidCheckouts: 4,
			conversion: 0.8,
		})
		expect(await salesSummary(db, { from: '2026-12-01', to: '2026-12-31' })).toMatchObject({
			orders: 0,
			netCents: 0,
			averageOrderCents: null,
			conversion: null,
		})
	})

	it('spreads sales over the days they were paid in Bucharest, every day listed', async () => {
		const days = await salesOverTime(db, november, 'day')
		expect(days).toHaveLength(30)
		expect(days.filter((day) => day.grossCents > 0)).toEqual([
			{ key: '2026-11-01', label: '01.11.2026', orders: 1, grossCents: 1_500, refundedCents: 0, netCents: 1_500 },
			{ key: '2026-11-02', label: '02.11.2026', orders: 1, grossCents: 7_500, refundedCents: 3_000, netCents: 4_500 },
			{ key: '2026-11-09', label: '09.11.2026', orders: 1, grossCents: 4_500, refundedCents: 2_500, netCents: 2_000 },
		])
		const october = await salesOverTime(db, { from: '2026-10-31', to: '2026-10-31' }, 'day')
		expect(october).toEqual([{ key: '2026-10-31', label: '31.10.2026', orders: 1, grossCents: 1_500, refundedCents: 0, netCents: 1_500 }])
	})

	it('groups by ISO week (from Monday) and by month', async () => {
		const weeks = await salesOverTime(db, november, 'week')
		expect(weeks.map((week) => [week.key, week.netCents])).toEqual([
			['2026-10-26', 1_500],
			['2026-11-02', 4_500],
			['2026-11-09', 2_000],
			['2026-11-16', 0],
			['2026-11-23', 0],
			['2026-11-30', 0],
		])
		expect(await salesOverTime(db, { from: '2026-10-01', to: '2026-11-30' }, 'month')).toEqual([
			{ key: '2026-10', label: 'octombrie 2026', orders: 1, grossCents: 1_500, refundedCents: 0, netCents: 1_500 },
			{ key: '2026-11', label: 'noiembrie 2026', orders: 3, grossCents: 13_500, refundedCents: 5_500, netCents: 8_000 },
		])
	})

	it('groups by shipping country, the largest net first', async () => {
		expect(await salesByCountry(db, november, labels.country)).toEqual([
			{ key: 'RO', label: 'country RO', orders: 2, grossCents: 10_500, refundedCents: 4_500, netCents: 6_000 },
			{ key: 'DE', label: 'country DE', orders: 1, grossCents: 3_000, refundedCents: 1_000, netCents: 2_000 },
		])
	})

	it('counts units kept and each line’s share of its order’s net per product and per category', async () => {
		// Candles: one of two kept on the line refund (30 €), one whose order gave back 10 € of 30 € (20 €).
		// Boxes: the line-refunded order's (15 €), the first of November's (15 €), the fully refunded one's (nothing).
		expect(await salesByProduct(db, november)).toEqual([
			{ key: candle.id, label: 'Lumânare de soia', units: 2, netCents: 5_000 },
			{ key: box.id, label: 'Cutie cadou', units: 2, netCents: 3_000 },
		])
		expect(await salesByCategory(db, november, labels.uncategorised)).toEqual([
			{ key: (await db.select().from(products).where(eq(products.id, candle.id)))[0]!.categoryId, label: 'Lumânări', units: 2, netCents: 5_000 },
			{ key: '', label: 'none', units: 2, netCents: 3_000 },
		])
	})

	it("takes a line's share of a code's discount, and files a variant under its product's category", async () => {
		const december = { from: '2026-12-01', to: '2026-12-31' }
		await db
			.update(products)
			.set({ optionNames: ['Mărime'] })
			.where(eq(products.id, candle.id))
		const large = await createProduct(db, { priceCents: 2000, stock: 10, name: 'Lumânare de soia, mare' })
		await db
			.update(products)
			.set({ variantOf: candle.id, optionValues: ['Mare'] })
			.where(eq(products.id, large.id))
		await order([{ productId: large.id, quantity: 1 }], { placedAt: '2026-12-03T09:00:00Z', paidAt: '2026-12-03T09:05:00Z' })
		// Two boxes (30 €) with 6 € off the goods: 24 € paid, each box 12 €; one box refunded by line gives back 12 €.
		const discounted = await order([{ productId: box.id, quantity: 2 }], { placedAt: '2026-12-04T09:00:00Z', paidAt: '2026-12-04T09:05:00Z' })
		await db
			.update(orders)
			.set({ discountCents: 600, discount: { code: 'IARNA', kind: 'fixed', value: 600, goodsCents: 600, shippingCents: 0 }, totalCents: 2400 })
			.where(eq(orders.id, discounted.id))
		await refundOrder(deps(), { orderId: discounted.id, mode: 'lines', reason: 'Spartă', lines: [{ itemId: discounted.itemOf(box.id).id, quantity: 1 }] })

		expect(await salesSummary(db, december)).toMatchObject({ orders: 2, grossCents: 4_400, refundedCents: 1_200, netCents: 3_200 })
		expect(await salesByProduct(db, december)).toEqual([
			{ key: large.id, label: 'Lumânare de soia, mare', units: 1, netCents: 2_000 },
			{ key: box.id, label: 'Cutie cadou', units: 1, netCents: 1_200 },
		])
		expect((await salesByCategory(db, december, labels.uncategorised)).map((row) => [row.label, row.units, row.netCents])).toEqual([
			['Lumânări', 1, 2_000],
			['none', 1, 1_200],
		])

		// A refund after the day was counted counts it again: 2 € more back leaves the box 10 € of the 12 € left.
		await refundOrder(deps(), { orderId: discounted.id, mode: 'amount', reason: 'Gest', amountCents: 200 })
		expect((await salesByProduct(db, december)).find((row) => row.key === box.id)).toEqual({ key: box.id, label: 'Cutie cadou', units: 1, netCents: 1_000 })
	})

	it('files sales under the category a product is in now: moved after the day was counted, its category deleted, itself deleted', async () => {
		const january = { from: '2027-01-01', to: '2027-01-31' }
		const [gifts, sets] = await db
			.insert(categories)
			.values([
				{ name: 'Cadouri', slug: 'cadouri-rapoarte' },
				{ name: 'Seturi', slug: 'seturi-rapoarte' },
			])
			.returning()
		const tin = await createProduct(db, { priceCents: 2500, stock: 10, name: 'Lumânare în cutie' })
		await db.update(products).set({ categoryId: gifts!.id }).where(eq(products.id, tin.id))
		await order([{ productId: tin.id, quantity: 2 }], { placedAt: '2027-01-05T09:00:00Z', paidAt: '2027-01-05T09:05:00Z' })
		const byCategory = async () => (await salesByCategory(db, january, labels.uncategorised)).map((row) => [row.label, row.units, row.netCents])

		expect(await byCategory()).toEqual([['Cadouri', 2, 5_000]])
		await db.update(products).set({ categoryId: sets!.id }).where(eq(products.id, tin.id))
		expect(await byCategory()).toEqual([['Seturi', 2, 5_000]])
		await db.delete(categories).where(eq(categories.id, sets!.id))
		expect(await byCategory()).toEqual([['none', 2, 5_000]])

		await db.update(products).set({ categoryId: gifts!.id }).where(eq(products.id, tin.id))
		expect(await byCategory()).toEqual([['Cadouri', 2, 5_000]])
		await db.delete(products).where(eq(products.id, tin.id))
		expect(await byCategory()).toEqual([['none', 2, 5_000]])
		// The product report names the sale as its order line did, as it names any line without a product.
		expect(await salesByProduct(db, january)).toEqual([{ key: 'line:Lumânare în cutie', label: 'Lumânare în cutie', units: 2, netCents: 5_000 }])
	})

	it("files a sale under its order's shipping country now, corrected after the day was counted", async () => {
		const february = { from: '2027-02-01', to: '2027-02-28' }
		const sold = await order([{ productId: box.id, quantity: 1 }], { placedAt: '2027-02-03T09:00:00Z', paidAt: '2027-02-03T09:05:00Z', country: 'ES' })
		const byCountry = async () => (await salesByCountry(db, february, labels.country)).map((row) => [row.key, row.orders, row.netCents])
		expect(await byCountry()).toEqual([['ES', 1, 1_500]])

		const [placed] = await db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, sold.id))
		await db
			.update(orders)
			.set({ shippingAddress: { ...placed!.address!, country: 'PT' } })
			.where(eq(orders.id, sold.id))
		expect(await byCountry()).toEqual([['PT', 1, 1_500]])
		expect(await salesSummary(db, february)).toMatchObject({ orders: 1, grossCents: 1_500, netCents: 1_500 })
	})

	it('names a product as the catalogue does now, and a page only the rows it shows', async () => {
		const march = { from: '2027-03-01', to: '2027-03-31' }
		const jar = await createProduct(db, { priceCents: 4000, stock: 10, name: 'Borcan vechi' })
		const tin = await createProduct(db, { priceCents: 1000, stock: 10, name: 'Cutie veche' })
		await order(
			[
				{ productId: jar.id, quantity: 1 },
				{ productId: tin.id, quantity: 1 },
			],
			{ placedAt: '2027-03-02T09:00:00Z', paidAt: '2027-03-02T09:05:00Z' },
		)
		await db.update(products).set({ name: 'Borcan nou' }).where(eq(products.id, jar.id))
		await db.update(products).set({ name: 'Cutie nouă' }).where(eq(products.id, tin.id))
		const labels = async (named?: number) => (await salesByProduct(db, march, named)).map((row) => [row.label, row.netCents])

		expect(await labels()).toEqual([
			['Borcan nou', 4_000],
			['Cutie nouă', 1_000],
		])
		// A page of one row looks up one name; the row past it keeps its order line's.
		expect(await labels(1)).toEqual([
			['Borcan nou', 4_000],
			['Cutie veche', 1_000],
		])
	})

	it('counts every day from scratch (the migration, a restore) as a report counts the days that changed', async () => {
		const whole = { from: '2026-10-01', to: '2027-12-31' }
		const reports = async () => [
			await salesByProduct(db, whole),
			await salesByCategory(db, whole, labels.uncategorised),
			await salesByCountry(db, whole, labels.country),
			await salesOverTime(db, whole, 'month'),
			await salesSummary(db, whole),
		]
		const kept = await reports()
		expect(kept[0]!).toEqual(expect.arrayContaining([expect.objectContaining({ units: expect.any(Number) })]))
		expect((kept[2] as unknown[]).length).toBeGreaterThan(1)
		await db.execute(sql`select recount_all_sales_line_days()`)
		expect(await reports()).toEqual(kept)
	})

	it('writes the report the page shows as CSV, net of refunds', async () => {
		const csv = salesReportCsv('product', await salesReportRows(db, 'product', november, labels))
		expect(csv.split('\r\n')).toEqual(['\uFEFFProdus;Bucăți;Net (EUR)', 'Lumânare de soia;2;50,00', 'Cutie cadou;2;30,00', 'Total;4;80,00', ''])
	})
})
