import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products, shippingRates, shippingZones } from '#db/schema/index.ts'
import { shippingRateEditSchema, shippingRateFormSchema, shippingZoneEditSchema, shippingZoneFormSchema } from '#domain/forms/admin-shipping.ts'
import { EditConflictError } from '#server/admin/edit-conflict.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { parseEnv } from '#server/config/env.ts'
import { createLogger } from '#server/logger.ts'
import { handleCheckoutRequest } from '#server/orders/checkout-request.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { deleteRate, deleteZone, getRateForEdit, getZoneForEdit, saveRate, saveZone } from '#server/shipping/admin-shipping.ts'
import { loadShippingConfig, readZones, seedShippingZones } from '#server/shipping/rates.ts'
import { noVatNumberCheck } from '#server/tax/vies.ts'
import { createProduct, customer, mailContext } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * Shipping set in the admin (ADR 0240-0242): zones and rates in the database, a new shop's zones
 * from the SHIPPING_* settings, and checkout pricing from what the database holds at that moment.
 */
describe.each(ENGINES)('shipping zones and rates on %s', (engine) => {
	let database: TestDatabase
	const db = () => database.handle.db
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'shipping_rates' })
	})
	afterAll(() => database?.cleanup())

	const env = parseEnv({
		PUBLIC_URL: 'http://shop.test',
		SHIPPING_RO: '9,90',
		SHIPPING_ES: '12.50',
		SHIPPING_EU: '14',
		SHIPPING_WORLD: '29.90',
		FREE_SHIPPING_FROM: '150',
		SHIP_TO_COUNTRIES: 'RO,ES,DE,US',
	})
	const log = createLogger({ LOG_LEVEL: 'silent' })
	let address = 0
	const shop = () => ({
		locale: 'ro' as const,
		db: db(),
		payments: createTestCardProvider({ db: db() }),
		clientIp: `198.51.100.${++address}`,
		secret: 'shipping-test-secret',
		orderMail: mailContext,
		email: { nudge: () => {}, runOnce: async () => 0, stop: async () => {} },
		env,
		vatNumbers: noVatNumberCheck,
		log,
	})
	/** Places one order of `quantity` units to `country` and returns what it charged for shipping, or the refusal. */
	async function checkout(productId: string, quantity: number, country: string) {
		const result = await handleCheckoutRequest(shop(), { items: [{ kind: 'product', productId, quantity }], shippingData: { ...customer, country } })
		if (!result.body.ok) return { status: result.status, body: result.body }
		const [order] = await db().select().from(orders).where(eq(orders.id, result.body.orderId))
		return { status: result.status, shippingCents: order!.shippingCents, totalCents: order!.totalCents }
	}
	const posted = <V extends object>(loaded: { version: number; values: V }, typed: Partial<V>) => ({
		...loaded.values,
		...typed,
		version: String(loaded.version),
		loaded: JSON.stringify(loaded.values),
	})
	const zoneNamed = async (name: string) => (await readZones(db())).find((zone) => zone.name === name)!

	it('before any zone exists, checkout charges the SHIPPING_* settings; the first start makes them the four zones, once', async () => {
		const candle = await createProduct(db(), { priceCents: 3000, stock: null })
		expect(await readZones(db())).toEqual([])
		const defaults = await loadShippingConfig(db(), env)
		expect(defaults.zones.map((zone) => [zone.name, zone.freeFromCents, zone.rates[0]!.priceCents])).toEqual([
			['România', 15000, 990],
			['Spania', 15000, 1250],
			['Restul UE', 15000, 1400],
			['Restul lumii', 15000, 2990],
		])
		expect(defaults.countries).toEqual(['RO', 'ES', 'DE', 'US'])
		expect(await checkout(candle.id, 1, 'RO')).toMatchObject({ status: 200, shippingCents: 990, totalCents: 3990 })
		// An export is charged without the VAT the price contains (ADR 0150): 29,90 € less 21 %.
		expect(await checkout(candle.id, 1, 'US')).toMatchObject({ shippingCents: 2471 })

		expect(await seedShippingZones(db(), env)).toBe(true)
		expect(await seedShippingZones(db(), env)).toBe(false)
		const zones = await readZones(db())
		expect(new Map(zones.map((zone) => [zone.name, [zone.freeFromCents, zone.rates.map((rate) => rate.priceCents)]]))).toEqual(
			new Map([
				['România', [15000, [990]]],
				['Spania', [15000, [1250]]],
				['Restul UE', [15000, [1400]]],
				['Restul lumii', [15000, [2990]]],
			]),
		)
		// The rest of the world is listed last.
		expect(zones.at(-1)!.countries).toEqual([])
		// The same prices as before the zones, the threshold included.
		expect(await checkout(candle.id, 1, 'ES')).toMatchObject({ shippingCents: 1250 })
		expect(await checkout(candle.id, 1, 'DE')).toMatchObject({ shippingCents: 1400 })
		expect(await checkout(candle.id, 5, 'RO')).toMatchObject({ shippingCents: 0, totalCents: 15000 })
	})

	it("checkout charges the database's rate at once after the admin changes it", async () => {
		const candle = await createProduct(db(), { priceCents: 2000, stock: null })
		const romania = await zoneNamed('România')
		const loaded = (await getRateForEdit(db(), romania.rates[0]!.id))!
		expect(loaded.values).toMatchObject({ price: '9,90', minSubtotal: '', maxSubtotal: '' })
		await saveRate(db(), romania.rates[0]!.id, shippingRateEditSchema.parse(posted(loaded, { price: '27,50' })))
		expect(await checkout(candle.id, 1, 'RO')).toMatchObject({ status: 200, shippingCents: 2750, totalCents: 4750 })

		// The threshold is the zone's own: Romania free from 40 €, Spain still from 150 €.
		const zone = (await getZoneForEdit(db(), romania.id))!
		await saveZone(db(), romania.id, shippingZoneEditSchema.parse(posted(zone, { freeFrom: '40' })))
		expect(await checkout(candle.id, 2, 'RO')).toMatchObject({ shippingCents: 0 })
		expect(await checkout(candle.id, 2, 'ES')).toMatchObject({ shippingCents: 1250 })
	})

	it('prices by weight bands; an order no rate covers is refused with a clear message and holds nothing', async () => {
		const heavy = await createProduct(db(), { priceCents: 1000, stock: 20 })
		await db().update(products).set({ weightGrams: 900 }).where(eq(products.id, heavy.id))
		const spain = await zoneNamed('Spania')
		await deleteRate(db(), spain.rates[0]!.id)
		const rate = (price: string, minWeightGrams: string, maxWeightGrams: string) =>
			shippingRateFormSchema.parse({ zoneId: spain.id, price, minSubtotal: '', maxSubtotal: '', minWeightGrams, maxWeightGrams })
		await saveRate(db(), null, rate('6,00', '', '2000'))
		await saveRate(db(), null, rate('11,00', '2000', '5000'))
		expect(await checkout(heavy.id, 2, 'ES')).toMatchObject({ shippingCents: 600 })
		expect(await checkout(heavy.id, 3, 'ES')).toMatchObject({ shippingCents: 1100 })
		const refused = await checkout(heavy.id, 6, 'ES')
		expect(refused).toMatchObject({
			status: 400,
			body: { code: 'validation', errors: { fieldErrors: { country: expect.stringMatching(/^Nu putem livra această comandă în această țară/) } } },
		})
		const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, heavy.id))
		// Only the two placed orders hold units (2 + 3); the refused one took none.
		expect(row!.stock).toBe(15)
	})

	it('zones: created and edited with checks across zones; an edit over a newer version is refused; the last zone stays', async () => {
		const created = await saveZone(db(), null, shippingZoneFormSchema.parse({ name: 'Elveția', countries: 'ch, li', freeFrom: '' }))
		expect(created.created).toBe(true)
		const loaded = (await getZoneForEdit(db(), created.id))!
		expect(loaded.values).toEqual({ name: 'Elveția', countries: 'CH, LI', freeFrom: '' })

		const taken = await saveZone(db(), null, shippingZoneFormSchema.parse({ name: 'Alpi', countries: 'NO, CH', freeFrom: '' })).catch((error: unknown) => error)
		expect(taken).toBeInstanceOf(AdminInputError)
		expect(taken).toMatchObject({ status: 409, field: 'countries', message: 'CH este deja în zona „Elveția”' })
		const rest = await saveZone(db(), null, shippingZoneFormSchema.parse({ name: 'Altundeva', countries: '', freeFrom: '' })).catch((error: unknown) => error)
		expect(rest).toMatchObject({ field: 'countries', message: 'Zona „Restul lumii” acoperă deja restul lumii; scrie țările acestei zone.' })
		expect(shippingZoneFormSchema.safeParse({ name: 'X', countries: 'RO, Narnia', freeFrom: '' }).error?.issues[0]?.message).toBe(
			'Cod de țară necunoscut: NARNIA. Folosește coduri ISO din două litere (RO, ES, DE)',
		)

		// Tab B renames it; tab A, loaded before, sets a threshold: refused, naming the name.
		await saveZone(db(), created.id, shippingZoneEditSchema.parse(posted(loaded, { name: 'Elveția și Liechtenstein' })))
		const conflict = await saveZone(db(), created.id, shippingZoneEditSchema.parse(posted(loaded, { name: 'Elveția 2', freeFrom: '100' }))).catch(
			(error: unknown) => error,
		)
		expect(conflict).toBeInstanceOf(EditConflictError)
		expect(conflict).toMatchObject({ status: 409, changed: ['name'] })
		const [row] = await db().select().from(shippingZones).where(eq(shippingZones.id, created.id))
		expect(row).toMatchObject({ name: 'Elveția și Liechtenstein', freeFromCents: null, version: 2 })
		// "Apply my changes on top": the form now holds the newer version and what it holds.
		const newer = { version: (conflict as EditConflictError).version, values: (await getZoneForEdit(db(), created.id))!.values }
		await saveZone(db(), created.id, shippingZoneEditSchema.parse(posted(newer, { freeFrom: '100' })))
		expect((await getZoneForEdit(db(), created.id))!.values).toEqual({ name: 'Elveția și Liechtenstein', countries: 'CH, LI', freeFrom: '100,00' })

		// Deleting a zone deletes its rates; the last zone cannot go.
		await saveRate(
			db(),
			null,
			shippingRateFormSchema.parse({ zoneId: created.id, price: '19', minSubtotal: '', maxSubtotal: '', minWeightGrams: '', maxWeightGrams: '' }),
		)
		expect(await deleteZone(db(), created.id)).toBe(true)
		expect(await db().select().from(shippingRates).where(eq(shippingRates.zoneId, created.id))).toEqual([])
		const others = await readZones(db())
		for (const zone of others.slice(1)) expect(await deleteZone(db(), zone.id)).toBe(true)
		await expect(deleteZone(db(), others[0]!.id)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('cel puțin o zonă') })
		expect(await deleteZone(db(), '00000000-0000-4000-8000-000000000000')).toBe(false)
	})

	it('rates: money typed as 27,50 or 1.234,50; bands must rise; an edit over a newer version is refused; a rate of a missing zone is a 404', async () => {
		const [zone] = await readZones(db())
		const form = { zoneId: zone!.id, price: '1.234,50', minSubtotal: '50', maxSubtotal: '', minWeightGrams: '', maxWeightGrams: '' }
		const { id } = await saveRate(db(), null, shippingRateFormSchema.parse(form))
		const [row] = await db().select().from(shippingRates).where(eq(shippingRates.id, id))
		expect(row).toMatchObject({ priceCents: 123450, minSubtotalCents: 5000, maxSubtotalCents: null, minWeightGrams: 0, maxWeightGrams: null })
		expect(shippingRateFormSchema.safeParse({ ...form, maxSubtotal: '50' }).error?.issues[0]).toMatchObject({
			path: ['maxSubtotal'],
			message: 'Limita de sus trebuie să fie mai mare decât cea de jos',
		})
		expect(shippingRateFormSchema.safeParse({ ...form, price: '' }).error?.issues[0]?.message).toBe('Prețul livrării este obligatoriu')

		const loaded = (await getRateForEdit(db(), id))!
		await saveRate(db(), id, shippingRateEditSchema.parse(posted(loaded, { price: '8' })))
		const conflict = await saveRate(db(), id, shippingRateEditSchema.parse(posted(loaded, { price: '9' }))).catch((error: unknown) => error)
		expect(conflict).toMatchObject({ status: 409, changed: ['price'], message: 'Între timp, altcineva a modificat: preț.' })
		// Applied on top of the newer version, it is written.
		const newer = (await getRateForEdit(db(), id))!
		expect(newer.version).toBe((conflict as EditConflictError).version)
		await saveRate(db(), id, shippingRateEditSchema.parse(posted(newer, { maxWeightGrams: '3000' })))
		expect((await getRateForEdit(db(), id))!.values).toMatchObject({ price: '8,00', maxWeightGrams: '3000' })

		await expect(saveRate(db(), null, shippingRateFormSchema.parse({ ...form, zoneId: '00000000-0000-4000-8000-000000000000' }))).rejects.toMatchObject({
			status: 404,
			message: 'Zona nu mai există',
		})
		expect(await deleteRate(db(), id)).toBe(true)
		expect(await deleteRate(db(), id)).toBe(false)
	})
})
