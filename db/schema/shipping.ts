import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, editVersion, id, updatedAt } from './columns.ts'

/**
 * Shipping zones (ADR 0240): a name and the countries it covers; an empty list is the rest of the
 * world. A country is in one zone at most (the admin's service checks it). The free-shipping
 * threshold is the zone's own (ADR 0241).
 */
export const shippingZones = pgTable(
	'shipping_zones',
	{
		id: id(),
		name: text().notNull(),
		/** ISO 3166-1 alpha-2 codes. */
		countries: jsonb().$type<string[]>().notNull().default([]),
		/** Orders whose subtotal reaches this ship free to the zone; null: never free by subtotal. */
		freeFromCents: integer(),
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [check('shipping_zones_free_from_range', sql`${t.freeFromCents} is null or (${t.freeFromCents} >= 0 and ${t.freeFromCents} <= 99999900)`)],
)

/** A zone's rate: its price for orders whose value and weight fall in its bands (lower bound included, upper excluded; null: none). */
export const shippingRates = pgTable(
	'shipping_rates',
	{
		id: id(),
		zoneId: uuid()
			.notNull()
			.references(() => shippingZones.id, { onDelete: 'cascade' }),
		minSubtotalCents: integer().notNull().default(0),
		maxSubtotalCents: integer(),
		minWeightGrams: integer().notNull().default(0),
		maxWeightGrams: integer(),
		priceCents: integer().notNull(),
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('shipping_rates_zone_idx').on(t.zoneId),
		check('shipping_rates_price_range', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 99999900`),
		check(
			'shipping_rates_subtotal_band',
			sql`${t.minSubtotalCents} >= 0 and (${t.maxSubtotalCents} is null or (${t.maxSubtotalCents} > ${t.minSubtotalCents} and ${t.maxSubtotalCents} <= 99999900))`,
		),
		check(
			'shipping_rates_weight_band',
			sql`${t.minWeightGrams} >= 0 and (${t.maxWeightGrams} is null or (${t.maxWeightGrams} > ${t.minWeightGrams} and ${t.maxWeightGrams} <= 9999999))`,
		),
	],
)
