import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { products, shippingRates, shippingZones } from '#db/schema/index.ts'
import { defaultZones, EU_COUNTRIES, type FlatRates, type ShippingConfig, type ShippingZoneRates } from '#domain/shipping.ts'
import type { Env } from '../config/env.ts'

/** The SHIPPING_* settings: a new shop's zones start from them (ADR 0240); unset is free. */
export type ShippingEnv = Pick<Env, 'SHIPPING_RO' | 'SHIPPING_ES' | 'SHIPPING_EU' | 'SHIPPING_WORLD' | 'FREE_SHIPPING_FROM' | 'SHIP_TO_COUNTRIES'>

export function flatRatesFromEnv(env: ShippingEnv): FlatRates {
	return {
		ratesCents: { ro: env.SHIPPING_RO ?? 0, es: env.SHIPPING_ES ?? 0, eu: env.SHIPPING_EU ?? 0, world: env.SHIPPING_WORLD ?? 0 },
		freeFromCents: env.FREE_SHIPPING_FROM ?? null,
	}
}

/** The countries the checkout offers: SHIP_TO_COUNTRIES, by default Romania and the rest of the EU. */
export function shipToCountries(env: Pick<Env, 'SHIP_TO_COUNTRIES'>): readonly string[] {
	return env.SHIP_TO_COUNTRIES ?? EU_COUNTRIES
}

/** Names the advisory lock under which zones are seeded and their countries checked: the same on every instance. */
export const SHIPPING_LOCK_KEY = 7_310_560

/**
 * A new shop's zones (ADR 0240): when there are none (the first start after the migration), the
 * four zones today's SHIPPING_* settings priced, so an existing shop keeps charging what it did.
 * The admin cannot delete the last zone, so an empty table only ever means "never set up".
 */
export async function seedShippingZones(db: DbExecutor, env: ShippingEnv): Promise<boolean> {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${SHIPPING_LOCK_KEY})`)
		const [{ zones } = { zones: 0 }] = await tx.select({ zones: count() }).from(shippingZones)
		if (zones > 0) return false
		for (const zone of defaultZones(flatRatesFromEnv(env))) {
			const [row] = await tx
				.insert(shippingZones)
				.values({ name: zone.name, countries: [...zone.countries], freeFromCents: zone.freeFromCents })
				.returning({ id: shippingZones.id })
			await tx.insert(shippingRates).values(zone.rates.map((rate) => ({ ...rate, zoneId: row!.id })))
		}
		return true
	})
}

export type ZoneRow = typeof shippingZones.$inferSelect
export type RateRow = typeof shippingRates.$inferSelect

/** Every zone with its rates: named zones by name, the rest of the world last; rates by their lower bounds. */
export async function readZones(db: DbExecutor): Promise<(ZoneRow & { rates: RateRow[] })[]> {
	const [zones, rates] = await Promise.all([
		db.select().from(shippingZones).orderBy(asc(shippingZones.name)),
		db
			.select()
			.from(shippingRates)
			.orderBy(asc(shippingRates.minSubtotalCents), asc(shippingRates.minWeightGrams), asc(shippingRates.priceCents), asc(shippingRates.createdAt)),
	])
	const byZone = new Map<string, RateRow[]>()
	for (const rate of rates) byZone.set(rate.zoneId, [...(byZone.get(rate.zoneId) ?? []), rate])
	return zones
		.map((zone) => ({ ...zone, rates: byZone.get(zone.id) ?? [] }))
		.sort((a, b) => Number(a.countries.length === 0) - Number(b.countries.length === 0) || a.name.localeCompare(b.name, 'ro'))
}

/**
 * The shipping rates as checkout prices them, read from the database on every checkout (ADR 0242):
 * a change in the admin applies to the next checkout on every instance, with nothing to invalidate.
 * Before any zone exists (a database the shop has not started on yet) the SHIPPING_* settings price it.
 */
export async function loadShippingConfig(db: DbExecutor, env: ShippingEnv): Promise<ShippingConfig> {
	const rows = await readZones(db)
	const zones: ShippingZoneRates[] =
		rows.length === 0
			? defaultZones(flatRatesFromEnv(env))
			: rows.map((zone) => ({
					name: zone.name,
					countries: zone.countries,
					freeFromCents: zone.freeFromCents,
					rates: zone.rates.map(({ minSubtotalCents, maxSubtotalCents, minWeightGrams, maxWeightGrams, priceCents }) => ({
						minSubtotalCents,
						maxSubtotalCents,
						minWeightGrams,
						maxWeightGrams,
						priceCents,
					})),
				}))
	return { zones, countries: shipToCountries(env) }
}

/** Grams per active product that has a weight: what the checkout's preview weighs a cart with (the server weighs the order itself). */
/** The visitor's country as a CDN or proxy in front of the shop tells it, if one does. */
export function connectionCountry(request: Request): string | null {
	return request.headers.get('cf-ipcountry') ?? request.headers.get('x-country-code') ?? request.headers.get('cloudfront-viewer-country')
}

export async function productWeights(db: DbExecutor): Promise<Record<string, number>> {
	const rows = await db
		.select({ id: products.id, weightGrams: products.weightGrams })
		.from(products)
		.where(and(eq(products.isActive, true), isNotNull(products.weightGrams)))
	return Object.fromEntries(rows.map((row) => [row.id, row.weightGrams!]))
}
