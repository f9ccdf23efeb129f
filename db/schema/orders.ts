import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES, STOCK_HOLD_STATUSES } from '../../domain/enums.ts'
import type { TaxDecision } from '../../domain/invoices/tax-treatment.ts'
import type { AppliedDiscount } from '../../domain/discounts.ts'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { createdAt, editVersion, id, updatedAt } from './columns.ts'
import { uploads } from './media.ts'
import { adminSearchSql } from '../../domain/search.ts'

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES)
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES)

/** The delivery details the customer typed at checkout. */
export type ShippingAddress = {
	fullName: string
	phone: string
	address: string
	city: string
	postalCode: string
	country: string
	notes: string
}

/**
 * What the admin's order search looks in (ADR 0263): email, name, phone (also its digits alone),
 * city, AWB and number. An index expression rather than a stored column: the orders table stays as
 * narrow as it was, so the unfiltered lists count it as fast as before; the search writes the same
 * expression, which is how PostgreSQL knows to read the index.
 */
export const ORDER_ADMIN_SEARCH_SQL = adminSearchSql([
	`"orders"."email"`,
	`coalesce("orders"."shipping_address" ->> 'fullName', '')`,
	`coalesce("orders"."shipping_address" ->> 'phone', '')`,
	`regexp_replace(coalesce("orders"."shipping_address" ->> 'phone', ''), '[^0-9]', '', 'g')`,
	`coalesce("orders"."shipping_address" ->> 'city', '')`,
	`coalesce("orders"."tracking_number", '')`,
	`"orders"."id"::text`,
])

export const orders = pgTable(
	'orders',
	{
		id: id(),
		userId: text().references(() => users.id, { onDelete: 'set null' }),
		email: text().notNull(),
		/** Language the customer used, so emails about the order speak it. */
		locale: text().notNull().default('ro'),
		status: orderStatusEnum().notNull().default('new'),
		paymentStatus: paymentStatusEnum().notNull().default('pending'),
		currency: text().notNull().default('eur'),
		subtotalCents: integer().notNull(),
		shippingCents: integer().notNull().default(0),
		/** What a discount code took off (ADR 0255): total = subtotal + shipping − discount. */
		discountCents: integer().notNull().default(0),
		/** The code the order was placed with and what it took off goods and shipping; null without one. */
		discount: jsonb().$type<AppliedDiscount>(),
		totalCents: integer().notNull(),
		trackingNumber: text(),
		shippingAddress: jsonb().$type<ShippingAddress>().notNull(),
		/** The company the buyer asked the invoice to be made out to (optional at checkout). */
		buyerCompany: text(),
		/** The buyer's EU VAT number with its country prefix, checked for form at checkout (and by VIES, ADR 0150). */
		buyerVatNumber: text(),
		/**
		 * The buyer's legal id for the invoice (BT-47): a Romanian company's CUI without RO (not a VAT
		 * payer), or a Romanian consumer's CNP. Personal data for a consumer: anonymising the order clears it.
		 */
		buyerLegalId: text(),
		/** How the sale is taxed, decided when it was placed (ADR 0150); its invoice copies it. Null on older orders. */
		tax: jsonb().$type<TaxDecision>(),
		paymentProvider: text(),
		paymentSessionId: text(),
		paymentSessionExpiresAt: timestamp({ withTimezone: true }),
		/** Keyed hash of the checkout's visitor cookie: a visitor's new checkout supersedes their unpaid ones (ADR 0096). */
		checkoutVisitor: text(),
		/** Keyed hash of the client address that checked out: bounds what one address holds at once (ADR 0096). */
		checkoutAddress: text(),
		paidAt: timestamp({ withTimezone: true }),
		/**
		 * Set while a delayed payment (SEPA debit, bank transfer) is on its way: the customer finished
		 * checkout and the provider is settling. The order stays 'pending' with its stock held; only
		 * the provider's success or failure ends it (ADR 0095).
		 */
		paymentProcessingAt: timestamp({ withTimezone: true }),
		/** When the shop last asked the provider about the session; bounds provider calls per order (ADR 0095). */
		paymentCheckedAt: timestamp({ withTimezone: true }),
		/**
		 * A payment arrived for units no longer there: the money is owed back. Set with the order's
		 * cancellation, kept as the admin's flag; the refund itself is retried until the provider takes it.
		 */
		refundDueAt: timestamp({ withTimezone: true }),
		/**
		 * Paid (or to be paid) with test money: the built-in test card page, a Stripe test key or a
		 * Stripe event with livemode false. Set by the server from the provider, never from the
		 * browser; such orders are marked TEST in the admin and left out of revenue and counts.
		 */
		testMode: boolean().notNull().default(false),
		/**
		 * Money given back so far, in cents: the sum of the order's succeeded refunds (ADR 0115). The
		 * payment stays 'paid' while it is below the total and becomes 'refunded' when it reaches it.
		 */
		refundedCents: integer().notNull().default(0),
		/** Admin "delete" archives: hidden from lists, kept for accounting, restorable. */
		archivedAt: timestamp({ withTimezone: true }),
		/**
		 * The customer deleted the account while this order still had to be shipped: its shipping
		 * details stay until it is delivered or cancelled, then it is anonymised (ADR 0098).
		 */
		erasurePendingAt: timestamp({ withTimezone: true }),
		/** The version of what the admin's order dialog edits: status and tracking number. */
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('orders_user_created_idx').on(t.userId, t.createdAt),
		index('orders_admin_search_idx').using('gin', sql`(${sql.raw(ORDER_ADMIN_SEARCH_SQL)}) gin_trgm_ops`),
		// One customer's orders (the admin's email filter, the customers list's figures): emails compare in any case.
		index('orders_email_idx').on(sql`lower(${t.email})`),
		index('orders_created_idx').on(t.createdAt),
		// The dashboard's orders whose VAT number VIES could not check: a handful, found without reading two months of orders.
		index('orders_unchecked_vat_idx')
			.on(t.createdAt)
			.where(sql`${t.tax} -> 'vies' ->> 'status' = 'unavailable'`),
		// The admin's status filter (ADR 0272): a status's orders newest first, and their count, from the index.
		index('orders_status_created_idx')
			.on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
			.where(sql`${t.archivedAt} is null`),
		// The dashboard's takings of the last 30 days read orders_paid_at_idx, a covering index written in SQL
		// (migration 0030_admin_list_indexes): this builder cannot say INCLUDE.
		// The sales reports' ranges (ADR 0271): sales only, by the time they were paid, with the figures
		// the reports over time add up, so they read the index alone.
		// The reports' checkouts started in a range, and how many were paid, from the index alone.
		index('orders_checkouts_idx')
			.on(t.createdAt, t.paymentStatus)
			.where(sql`not ${t.testMode}`),
		index('orders_sales_paid_idx')
			.on(t.paidAt, t.paymentStatus, t.totalCents, t.refundedCents)
			.where(sql`${t.paymentStatus} in ('paid', 'refunded') and not ${t.testMode}`),
		index('orders_erasure_pending_idx')
			.on(t.erasurePendingAt)
			.where(sql`${t.erasurePendingAt} is not null`),
		uniqueIndex('orders_payment_session_idx').on(t.paymentSessionId),
		index('orders_checkout_visitor_idx').on(t.checkoutVisitor, t.paymentStatus),
		index('orders_checkout_address_idx').on(t.checkoutAddress, t.paymentStatus),
		check('orders_amounts_not_negative', sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`),
		check('orders_discount_within', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} + ${t.shippingCents}`),
		check('orders_refunded_within_total', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
	],
)

/** An order's lines: one row per cart line, priced by the server at order time. */
export const orderItems = pgTable(
	'order_items',
	{
		id: id(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		/** The cart line id (a product id, or portrait-{size}-{timestamp}). */
		lineId: text().notNull(),
		productId: uuid().references(() => products.id, { onDelete: 'set null' }),
		name: text().notNull(),
		unitPriceCents: integer().notNull(),
		quantity: integer().notNull(),
		image: text(),
		options: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
		uploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
		/**
		 * What this line adds to products.sold_units (ADR 0165): its quantity less the units refunded
		 * by line while the order is paid, else 0. Set by a trigger on every write; never by the app.
		 */
		soldUnits: integer().notNull().default(0),
	},
	(t) => [
		index('order_items_order_idx').on(t.orderId),
		index('order_items_product_idx').on(t.productId),
		check('order_items_quantity_positive', sql`${t.quantity} > 0`),
		check('order_items_price_not_negative', sql`${t.unitPriceCents} >= 0`),
	],
)

export const stockHoldStatusEnum = pgEnum('stock_hold_status', STOCK_HOLD_STATUSES)

/**
 * Units taken off products.stock for an unpaid order. Paid turns the hold into a sale;
 * an expired or failed payment releases it back to stock.
 */
export const stockHolds = pgTable(
	'stock_holds',
	{
		id: id(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		quantity: integer().notNull(),
		status: stockHoldStatusEnum().notNull().default('held'),
		expiresAt: timestamp({ withTimezone: true }).notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('stock_holds_status_expires_idx').on(t.status, t.expiresAt),
		index('stock_holds_order_idx').on(t.orderId),
		check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
	],
)

/** Each payment provider event is processed once, however often it is delivered. */
export const paymentEvents = pgTable('payment_events', {
	id: text().primaryKey(),
	provider: text().notNull(),
	type: text().notNull(),
	orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
	receivedAt: createdAt(),
})

/** Who changed what on an order, and when. */
export const orderHistory = pgTable(
	'order_history',
	{
		id: id(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		actorUserId: text().references(() => users.id, { onDelete: 'set null' }),
		action: text().notNull(),
		details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
		createdAt: createdAt(),
	},
	(t) => [index('order_history_order_idx').on(t.orderId, t.createdAt)],
)

export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES)

/** The order lines a refund covers, when the admin chose lines rather than an amount. */
export type RefundLine = { itemId: string; quantity: number }

/**
 * Money given back on a paid order (ADR 0115): asked for by the admin, made in the provider's own
 * dashboard (known from its webhook), or owed for a payment that came too late. A row is
 * 'pending' until the provider says the refund succeeded or failed; only a succeeded one counts in
 * orders.refunded_cents, and each row moves out of 'pending' once.
 */
export const orderRefunds = pgTable(
	'order_refunds',
	{
		id: id(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		amountCents: integer().notNull(),
		reason: text().notNull(),
		lines: jsonb().$type<RefundLine[]>(),
		/** 'stripe' or 'test', as orders.payment_provider. */
		provider: text().notNull(),
		/** The provider's refund id (re_…); unique, so a refund reported twice is recorded once. */
		providerRefundId: text(),
		status: refundStatusEnum().notNull().default('pending'),
		/** The provider's message when the refund failed. */
		failureMessage: text(),
		/**
		 * The refund a paid order's cancellation asked for: the order is cancelled (its stock given back)
		 * when this refund succeeds, and the customer's one email is the cancellation's.
		 */
		cancelsOrder: boolean().notNull().default(false),
		/** The admin who asked for it; null for a refund made in the provider's dashboard or by the shop itself. */
		createdBy: text().references(() => users.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('order_refunds_order_idx').on(t.orderId),
		uniqueIndex('order_refunds_provider_refund_idx').on(t.providerRefundId),
		check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
	],
)

/**
 * What each day's sales sold per product (ADR 0271), kept so a product or category report over months
 * reads a row per day and product instead of every order line: units not refunded by line and their
 * share of their orders' net. A day is counted again, on the next report, once a write to one of its
 * orders has noted it in sales_day_changes.
 */
export const salesLineDays = pgTable(
	'sales_line_days',
	{
		/** The day the orders were paid, in the shop's time zone. */
		day: date({ mode: 'string' }).notNull(),
		productId: uuid(),
		/** A line without a product (a portrait, a deleted product) is told apart by its name. */
		lineName: text(),
		name: text().notNull(),
		units: integer().notNull(),
		net: numeric().notNull(),
	},
	(t) => [
		index('sales_line_days_day_idx').on(t.day),
		// A product moved to another category finds the days it sold on, to count them again.
		index('sales_line_days_product_idx').on(t.productId, t.day),
	],
)

/**
 * Each day's sales per category, summed from that day's sales_line_days by each product's category
 * now (a variant's is its product's; no category, or no product any more, is null), so a category
 * report over a year reads a row per day and category rather than a row per day and product. A day
 * is counted again with its lines, and a product's change of category, or its deletion, notes every
 * day it sold on.
 */
export const salesCategoryDays = pgTable(
	'sales_category_days',
	{
		day: date({ mode: 'string' }).notNull(),
		categoryId: uuid(),
		units: integer().notNull(),
		net: numeric().notNull(),
	},
	(t) => [index('sales_category_days_day_idx').on(t.day)],
)

/**
 * A day's sales per shipping country, kept like sales_line_days (ADR 0271): the paid orders, what
 * they were paid (gross, refunded or not) and what was refunded of them. The reports over time,
 * by country and the summary add up a range's days here, not a year of order rows.
 */
export const salesOrderDays = pgTable(
	'sales_order_days',
	{
		day: date({ mode: 'string' }).notNull(),
		/** The shipping address's country code; empty without one. */
		country: text().notNull(),
		/** Paid orders, not counting those refunded in full. */
		orders: integer().notNull(),
		gross: bigint({ mode: 'number' }).notNull(),
		refunded: bigint({ mode: 'number' }).notNull(),
	},
	(t) => [index('sales_order_days_day_idx').on(t.day)],
)

/**
 * The days whose sales a write changed, noted by a trigger on orders and counted again by the next
 * report. No key: two payments on one day note it twice rather than wait on each other.
 */
export const salesDayChanges = pgTable('sales_day_changes', {
	id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
	day: date({ mode: 'string' }).notNull(),
})
