import { and, asc, eq, sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { invoices, orderItems, orders } from '#db/schema/index.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import {
	creditNoteLines,
	formatInvoiceNumber,
	invoiceLines,
	invoiceYear,
	seriesFor,
	type BuyerDetails,
	type CreditedLine,
	type InvoiceKind,
} from '#domain/invoices/invoice.ts'
import { romanianCounty } from '#domain/invoices/ro-counties.ts'
import { vatRateFor } from '#domain/invoices/vat.ts'
import { serverI18n } from '../i18n.ts'
import type { InvoicingConfig } from './config.ts'

export type Invoice = typeof invoices.$inferSelect

/**
 * The next number of a series in a year, taken inside the caller's transaction (ADR 0118): the
 * upsert locks the counter row until that transaction ends, so issuers on every instance queue
 * on it, and a rollback gives the number back. No gaps, no duplicates.
 */
export async function takeInvoiceSequence(tx: DbExecutor, series: string, year: number): Promise<number> {
	const [row] = await queryRows<{ sequence: number }>(
		tx,
		sql`insert into invoice_counters (series, year, next_number) values (${series}, ${year}, 2)
			on conflict (series, year) do update set next_number = invoice_counters.next_number + 1
			returning next_number - 1 as sequence`,
	)
	return Number(row!.sequence)
}

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'ro')

/** A label in Romanian, with the customer's language beside it when that is another (the PDF does the same). */
export function bilingual(key: string, locale: Locale): string {
	const ro = serverI18n('ro').getFixedT('ro')(key)
	if (locale === 'ro') return ro
	const other = serverI18n(locale).getFixedT(locale)(key)
	return other === ro ? ro : `${ro} / ${other}`
}

/**
 * Issues the invoice of a paid order, in the caller's transaction (the one that marks it paid),
 * once: a second call returns the invoice already issued. Everything printed is taken now and
 * kept: the seller's details, the buyer's, the lines, the VAT rate.
 */
export async function issueInvoice(tx: DbExecutor, config: InvoicingConfig, orderId: string, now = new Date()): Promise<Invoice> {
	// The order's row lock makes concurrent issuers for one order take turns; the second finds the first's invoice.
	// 'no key update' is the lock marking it paid already took: a stronger one would wait on the key-share
	// locks that rows referring to the order take (a payment event of the same order), and deadlock.
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update')
	if (!order) throw new Error(`order ${orderId} not found`)
	const [existing] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	if (existing) return existing
	if (order.paymentStatus !== 'paid') throw new Error(`order ${orderId} is not paid`)

	const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.lineId))
	const locale = asLocale(order.locale)
	const address = order.shippingAddress
	const ratePercent = vatRateFor(config.vat, address.country)
	const { lines, totals } = invoiceLines({ shippingCents: order.shippingCents, items }, ratePercent, bilingual('invoice.shipping', locale))
	const buyer: BuyerDetails = {
		name: address.fullName,
		company: order.buyerCompany,
		vatNumber: order.buyerVatNumber,
		email: order.email,
		address: {
			street: address.address,
			city: address.city,
			postalCode: address.postalCode,
			country: address.country,
			...(address.country === 'RO' ? { countrySubentity: romanianCounty(address.postalCode) ?? undefined } : {}),
		},
	}
	return insertDocument(tx, {
		kind: 'invoice',
		series: seriesFor(config.series, order.testMode),
		now,
		values: {
			orderId,
			testMode: order.testMode,
			locale,
			currency: order.currency.toUpperCase(),
			seller: config.seller,
			buyer,
			lines,
			totals: { ...totals, ronPerEur: config.ronPerEur },
			totalCents: totals.grossCents,
			vatCents: totals.vatCents,
		},
	})
}

type DocumentValues = Omit<typeof invoices.$inferInsert, 'kind' | 'number' | 'series' | 'year' | 'sequence' | 'issuedAt'>

async function insertDocument(tx: DbExecutor, input: { kind: InvoiceKind; series: string; now: Date; values: DocumentValues }): Promise<Invoice> {
	const year = invoiceYear(input.now)
	const sequence = await takeInvoiceSequence(tx, input.series, year)
	const [row] = await tx
		.insert(invoices)
		.values({
			...input.values,
			kind: input.kind,
			series: input.series,
			year,
			sequence,
			number: formatInvoiceNumber(input.series, year, sequence),
			issuedAt: input.now,
		})
		.returning()
	return row!
}

/** Why a credit note was not issued; nothing was written. */
export class CreditNoteRefusedError extends Error {
	override name = 'CreditNoteRefusedError'
	constructor(readonly reason: 'no-invoice' | 'exceeds-invoice' | 'invalid-amount') {
		super(`credit note refused: ${reason}`)
	}
}

export type CreditNoteInput = {
	orderId: string
	/** The refund's own id (the provider's, or the shop's): issuing twice for one refund gives one credit note. */
	refundId: string
	/** What is refunded, in cents, positive. */
	amountCents: number
	reason: string
	/** The invoice's lines refunded, when the refund names lines rather than an amount; they must add up to amountCents. */
	lines?: readonly CreditedLine[]
}

/**
 * Issues a credit note (storno) for a refund, in the caller's transaction: it refers to the
 * order's invoice, carries negative amounts and a number from the invoice's series (the same
 * counter, ADR 0118). All credit notes of an invoice together never exceed it; the one that
 * brings the rest to zero also brings its VAT to exactly zero. Idempotent per refundId.
 * Throws CreditNoteRefusedError.
 */
export async function issueCreditNote(tx: DbExecutor, input: CreditNoteInput, now = new Date()): Promise<Invoice> {
	// The invoice's row lock (a lock, not an update: the immutability trigger is not involved) puts concurrent refunds in turn.
	const [invoice] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, 'invoice')))
		.for('no key update')
	if (!invoice) throw new CreditNoteRefusedError('no-invoice')
	const [existing] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.refersToInvoiceId, invoice.id), eq(invoices.refundId, input.refundId)))
	if (existing) return existing
	if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new CreditNoteRefusedError('invalid-amount')

	const [credited] = await tx
		.select({ gross: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`, vat: sql<string>`coalesce(sum(${invoices.vatCents}), 0)` })
		.from(invoices)
		.where(eq(invoices.refersToInvoiceId, invoice.id))
	const remaining = invoice.totalCents + Number(credited!.gross)
	if (input.amountCents > remaining) throw new CreditNoteRefusedError('exceeds-invoice')
	const remainingVat = invoice.vatCents + Number(credited!.vat)
	const locale = asLocale(invoice.locale)
	const closesInvoice = input.amountCents === remaining && !input.lines?.length && remaining !== invoice.totalCents
	const credit = creditNoteLines(
		invoice,
		{ amountCents: input.amountCents, lines: input.lines, vatCents: closesInvoice ? remainingVat : undefined },
		`${bilingual('invoice.refersTo', locale)} ${invoice.number}: ${input.reason}`.slice(0, 300),
	)
	if (!credit) throw new CreditNoteRefusedError('invalid-amount')
	return insertDocument(tx, {
		kind: 'credit_note',
		series: invoice.series,
		now,
		values: {
			orderId: input.orderId,
			refersToInvoiceId: invoice.id,
			refundId: input.refundId,
			reason: input.reason.slice(0, 500),
			testMode: invoice.testMode,
			locale,
			currency: invoice.currency,
			seller: invoice.seller,
			buyer: invoice.buyer,
			lines: credit.lines,
			totals: { ...credit.totals, ronPerEur: invoice.totals.ronPerEur },
			totalCents: credit.totals.grossCents,
			vatCents: credit.totals.vatCents,
		},
	})
}
