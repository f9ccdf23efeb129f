import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	date,
	index,
	integer,
	jsonb,
	numeric,
	pgEnum,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { BuyerDetails, InvoiceLine, InvoiceTotals, SellerDetails } from '../../domain/invoices/invoice.ts'
import { TAX_TREATMENTS, type DocumentTax } from '../../domain/invoices/tax-treatment.ts'
import { id } from './columns.ts'
import { orders } from './orders.ts'

export const invoiceKindEnum = pgEnum('invoice_kind', ['invoice', 'credit_note'])
export const taxTreatmentEnum = pgEnum('tax_treatment', TAX_TREATMENTS)

/**
 * The next number of each series and year (ADR 0118). Taken with `update … set next_number =
 * next_number + 1 … returning` inside the transaction that issues the document, so the row lock
 * orders concurrent issuers on every instance and a rolled-back issue gives its number back:
 * no gaps, no duplicates.
 */
export const invoiceCounters = pgTable(
	'invoice_counters',
	{
		series: text().notNull(),
		year: integer().notNull(),
		nextNumber: integer().notNull().default(1),
	},
	(t) => [primaryKey({ columns: [t.series, t.year] })],
)

/**
 * Invoices and credit notes, immutable once issued: no code updates them, and a trigger refuses
 * UPDATE and DELETE (a test-money document may go with its order). Everything printed is a snapshot.
 */
export const invoices = pgTable(
	'invoices',
	{
		id: id(),
		kind: invoiceKindEnum().notNull(),
		number: text().notNull(),
		series: text().notNull(),
		year: integer().notNull(),
		sequence: integer().notNull(),
		/** Deleting an order takes its test-money documents along; the trigger refuses it for a live one (archiving keeps it). */
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		/** A credit note's invoice. */
		refersToInvoiceId: uuid().references((): AnyPgColumn => invoices.id, { onDelete: 'cascade' }),
		/** The refund a credit note is for: issuing twice for one refund gives one credit note. */
		refundId: text(),
		reason: text(),
		/** Issued for test money: numbered in a TEST- series and marked as not a fiscal document. */
		testMode: boolean().notNull().default(false),
		issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		locale: text().notNull(),
		currency: text().notNull(),
		seller: jsonb().$type<SellerDetails>().notNull(),
		buyer: jsonb().$type<BuyerDetails>().notNull(),
		lines: jsonb().$type<InvoiceLine[]>().notNull(),
		totals: jsonb().$type<InvoiceTotals>().notNull(),
		/**
		 * How the sale is taxed (ADR 0150): the treatment, its category, rate, exemption and legal mention,
		 * the VIES evidence, and the exchange rate of the VAT in lei (ADR 0151). A credit note copies its invoice's.
		 */
		tax: jsonb().$type<DocumentTax>().notNull(),
		/** tax.treatment as a column, for the accountant's sums per VAT return. */
		taxTreatment: taxTreatmentEnum().notNull(),
		/** Gross total in cents, negative for a credit note (also in totals; a column to sum and check). */
		totalCents: integer().notNull(),
		vatCents: integer().notNull(),
	},
	(t) => [
		uniqueIndex('invoices_number_idx').on(t.number),
		uniqueIndex('invoices_series_sequence_idx').on(t.series, t.year, t.sequence),
		uniqueIndex('invoices_one_per_order_idx')
			.on(t.orderId)
			.where(sql`${t.kind} = 'invoice'`),
		uniqueIndex('invoices_credit_note_refund_idx').on(t.refersToInvoiceId, t.refundId),
		index('invoices_order_idx').on(t.orderId),
		// Live documents by issue: the e-Factura list newest first and the accountant's month, from the index.
		index('invoices_live_issued_idx')
			.on(t.issuedAt.desc().nullsFirst(), t.number.desc().nullsFirst())
			.where(sql`not ${t.testMode}`),
		check(
			'invoices_kind_shape',
			sql`(${t.kind} = 'invoice' and ${t.refersToInvoiceId} is null and ${t.totalCents} >= 0) or (${t.kind} = 'credit_note' and ${t.refersToInvoiceId} is not null and ${t.refundId} is not null and ${t.totalCents} < 0)`,
		),
	],
)

/**
 * Reference exchange rates as BNR published them (ADR 0151): lei per unit of a currency, per
 * publication date. Shared by every instance; an invoice takes the newest one published before
 * its day of issue, so a rate once published never changes what it converts.
 */
export const exchangeRates = pgTable(
	'exchange_rates',
	{
		currency: text().notNull(),
		/** The date BNR published the rate for. */
		rateDate: date({ mode: 'string' }).notNull(),
		ronPerUnit: numeric({ precision: 12, scale: 6, mode: 'number' }).notNull(),
		fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.currency, t.rateDate] })],
)
