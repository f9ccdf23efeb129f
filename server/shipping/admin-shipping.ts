import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { shippingRates, shippingZones } from '#db/schema/index.ts'
import {
	SHIPPING_RATE_EDIT_FIELDS,
	SHIPPING_ZONE_EDIT_FIELDS,
	shippingRateFormSchema,
	shippingZoneFormSchema,
	type ShippingRateFormValues,
	type ShippingRateInput,
	type ShippingZoneFormValues,
	type ShippingZoneInput,
} from '#domain/forms/admin-shipping.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatAmount } from '#domain/money.ts'
import { checkEdit, pickColumns } from '../admin/edit-conflict.ts'
import { AdminInputError } from '../admin/errors.ts'
import { SHIPPING_LOCK_KEY, type RateRow, type ZoneRow } from './rates.ts'

/**
 * The admin's shipping zones and rates (ADR 0240). Every write takes the shipping lock, so the
 * checks across zones (a country in one zone only, one rest-of-the-world zone, never no zone) hold
 * under concurrent saves. Edits are checked against the version their form loaded (ADR 0225).
 */

const amount = (cents: number | null) => (cents === null ? '' : formatAmount(cents, 'ro'))
const whole = (value: number | null) => (value === null ? '' : String(value))

/** A zone as its form shows it (and as a conflict compares it). */
export function zoneFormValues(zone: ZoneRow): ShippingZoneFormValues {
	return { name: zone.name, countries: zone.countries.join(', '), freeFrom: amount(zone.freeFromCents) }
}

/** A rate as its form shows it; a lower bound of zero shows empty, as typed. */
export function rateFormValues(rate: RateRow): ShippingRateFormValues {
	return {
		zoneId: rate.zoneId,
		price: amount(rate.priceCents),
		minSubtotal: rate.minSubtotalCents === 0 ? '' : amount(rate.minSubtotalCents),
		maxSubtotal: amount(rate.maxSubtotalCents),
		minWeightGrams: rate.minWeightGrams === 0 ? '' : whole(rate.minWeightGrams),
		maxWeightGrams: whole(rate.maxWeightGrams),
	}
}

export async function getZoneForEdit(db: DbExecutor, id: string) {
	const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id)).limit(1)
	return zone ? { version: zone.version, values: zoneFormValues(zone), name: zone.name } : null
}

export async function getRateForEdit(db: DbExecutor, id: string) {
	const [rate] = await db.select().from(shippingRates).where(eq(shippingRates.id, id)).limit(1)
	return rate ? { version: rate.version, values: rateFormValues(rate) } : null
}

export async function getZoneName(db: DbExecutor, id: string) {
	const [zone] = await db.select({ name: shippingZones.name }).from(shippingZones).where(eq(shippingZones.id, id)).limit(1)
	return zone?.name ?? null
}

const lock = (tx: DbExecutor) => tx.execute(sql`select pg_advisory_xact_lock(${SHIPPING_LOCK_KEY})`)

/** Creates (id null) or updates a zone. A country another zone has is refused, and so is a second zone without countries. */
export async function saveZone(
	db: DbExecutor,
	id: string | null,
	input: ShippingZoneInput & EditStamp<ShippingZoneInput>,
): Promise<{ id: string; created: boolean }> {
	return db.transaction(async (tx) => {
		await lock(tx)
		const [existing] = id ? await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update') : []
		if (id && !existing) throw new AdminInputError(adminT('shipping.zoneMissing'), 404)
		const touched = existing
			? checkEdit({
					schema: shippingZoneFormSchema,
					fields: SHIPPING_ZONE_EDIT_FIELDS,
					typed: input,
					current: { version: existing.version, values: zoneFormValues(existing) },
				})
			: SHIPPING_ZONE_EDIT_FIELDS
		if (touched.includes('countries')) {
			const others = await tx
				.select({ name: shippingZones.name, countries: shippingZones.countries })
				.from(shippingZones)
				.where(id ? ne(shippingZones.id, id) : undefined)
			if (input.countries.length === 0) {
				const rest = others.find((zone) => zone.countries.length === 0)
				if (rest) throw new AdminInputError(adminT('shipping.secondRestOfWorld', { zone: rest.name }), 409, 'countries')
			}
			for (const zone of others) {
				const taken = input.countries.filter((code) => zone.countries.includes(code))
				if (taken.length) throw new AdminInputError(adminT('shipping.countryTaken', { countries: taken.join(', '), zone: zone.name }), 409, 'countries')
			}
		}
		const values = { name: input.name, countries: input.countries, freeFromCents: input.freeFrom }
		if (existing) {
			const columns = { name: 'name', countries: 'countries', freeFrom: 'freeFromCents' } as const
			const changed = pickColumns(
				values,
				touched.map((field) => columns[field]),
			)
			if (Object.keys(changed).length) await tx.update(shippingZones).set(changed).where(eq(shippingZones.id, existing.id))
			return { id: existing.id, created: false }
		}
		const [row] = await tx.insert(shippingZones).values(values).returning({ id: shippingZones.id })
		return { id: row!.id, created: true }
	})
}

/** Deletes a zone and its rates; the last zone stays (a shop with none could sell nothing). False when there is no such zone. */
export async function deleteZone(db: DbExecutor, id: string): Promise<boolean> {
	return db.transaction(async (tx) => {
		await lock(tx)
		const [{ zones } = { zones: 0 }] = await tx.select({ zones: count() }).from(shippingZones)
		const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, id))
		if (!zone) return false
		if (zones <= 1) throw new AdminInputError(adminT('shipping.lastZone'), 409)
		await tx.delete(shippingZones).where(eq(shippingZones.id, id))
		return true
	})
}

/** Creates (id null) or updates a zone's rate. */
export async function saveRate(
	db: DbExecutor,
	id: string | null,
	input: ShippingRateInput & EditStamp<ShippingRateInput>,
): Promise<{ id: string; created: boolean }> {
	return db.transaction(async (tx) => {
		await lock(tx)
		const [existing] = id ? await tx.select().from(shippingRates).where(eq(shippingRates.id, id)).for('update') : []
		if (id && !existing) throw new AdminInputError(adminT('common.notFound'), 404)
		const zoneId = existing?.zoneId ?? input.zoneId
		const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId))
		if (!zone) throw new AdminInputError(adminT('shipping.zoneMissing'), 404)
		const touched = existing
			? checkEdit({
					schema: shippingRateFormSchema,
					fields: SHIPPING_RATE_EDIT_FIELDS,
					typed: input,
					current: { version: existing.version, values: rateFormValues(existing) },
				})
			: SHIPPING_RATE_EDIT_FIELDS
		const values = {
			priceCents: input.price,
			minSubtotalCents: input.minSubtotal,
			maxSubtotalCents: input.maxSubtotal,
			minWeightGrams: input.minWeightGrams,
			maxWeightGrams: input.maxWeightGrams,
		}
		if (existing) {
			const columns = {
				price: 'priceCents',
				minSubtotal: 'minSubtotalCents',
				maxSubtotal: 'maxSubtotalCents',
				minWeightGrams: 'minWeightGrams',
				maxWeightGrams: 'maxWeightGrams',
			} as const
			// Bands are checked whole: an edit writing one bound over a newer other one must still leave max above min.
			const merged = {
				...existing,
				...pickColumns(
					values,
					touched.map((field) => columns[field]),
				),
			}
			if (merged.maxSubtotalCents !== null && merged.maxSubtotalCents <= merged.minSubtotalCents)
				throw new AdminInputError('Limita de sus trebuie să fie mai mare decât cea de jos', 400, 'maxSubtotal')
			if (merged.maxWeightGrams !== null && merged.maxWeightGrams <= merged.minWeightGrams)
				throw new AdminInputError('Limita de sus trebuie să fie mai mare decât cea de jos', 400, 'maxWeightGrams')
			const changed = pickColumns(
				values,
				touched.map((field) => columns[field]),
			)
			if (Object.keys(changed).length) await tx.update(shippingRates).set(changed).where(eq(shippingRates.id, existing.id))
			return { id: existing.id, created: false }
		}
		const [row] = await tx
			.insert(shippingRates)
			.values({ ...values, zoneId })
			.returning({ id: shippingRates.id })
		return { id: row!.id, created: true }
	})
}

/** Deletes a rate; false when there is no such rate. */
export async function deleteRate(db: DbExecutor, id: string): Promise<boolean> {
	const deleted = await db
		.delete(shippingRates)
		.where(and(eq(shippingRates.id, id)))
		.returning({ id: shippingRates.id })
	return deleted.length > 0
}
