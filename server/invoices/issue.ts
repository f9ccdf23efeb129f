import { and, asc, eq, sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { invoices, orderItems, orders, type RefundLine } from '#db/schema/index.ts'
import { LOCALES, type Locale } from '#domain/enums.ts'
import { creditNoteLines, type CreditedLine } from '#domain/invoices/credit-note.ts'
import { formatInvoiceNumber, invoiceLines, invoiceYear, seriesFor, type BuyerDetails, type InvoiceKind } from '#domain/invoices/invoice.ts'
import { romanianCounty } from '#domain/invoices/ro-counties.ts'
import { breakdownRate, decideTax, type TaxDecision } from '#domain/invoices/tax-treatment.ts'
import type { VatConfig } from '#domain/invoices/vat.ts'
import { isEuCountry } from '#domain/shipping.ts'
import { exchangeRateForIssue } from '../tax/exchange-rates.ts'
import type { InvoicingConfig } from './config.ts'
import { invoiceItems, nameInBoth } from './line-names.ts'

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

/**
 * The treatment an order was placed with (ADR 0150); an order placed before treatments existed is
 * taxed as the configuration says for a buyer without a confirmed VAT number, as it was then.
 */
export function orderTaxDecision(vat: VatConfig, order: Pick<typeof orders.$inferSelect, 'tax' | 'shippingAddress'>): TaxDecision {
	if (order.tax) return order.tax
	// Priced as shown, VAT included: outside the EU too, such an order was charged the shop's own VAT.
	const country = order.shippingAddress.country
	const outcome = decideTax(vat, { country: isEuCountry(country) ? country : vat.homeCountry, vatNumber: null, vies: null })
	if (!outcome.ok) throw new Error('a buyer without a VAT number is never refused')
	return { ...outcome.decision, destinationCountry: country }
}

/**
 * Issues the invoice of a paid order, in the caller's transaction (the one that marks it paid),
 * once: a second call returns the invoice already issued. Everything printed is taken now and
 * kept: the seller's details, the buyer's, the lines, the tax treatment and the exchange rate.
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
	const decision = orderTaxDecision(config.vat, order)
	const named = await invoiceItems(tx, locale, items)
	const { lines, totals } = invoiceLines(
		{
			shippingCents: order.shippingCents,
			items: named,
			discount:
				order.discountCents > 0
					? { grossCents: order.discountCents, name: nameInBoth(locale, (t) => t('invoice.discount', { code: order.discount?.code ?? '' })) }
					: null,
		},
		breakdownRate(decision),
		nameInBoth(locale, (t) => t('invoice.shipping')),
	)
	const buyer: BuyerDetails = {
		name: address.fullName,
		company: order.buyerCompany,
		vatNumber: order.buyerVatNumber,
		legalId: order.buyerLegalId,
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
			totals,
			tax: { ...decision, exchangeRate: await exchangeRateForIssue(tx, config.ronPerEur, now) },
			taxTreatment: decision.treatment,
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
	/** The order lines refunded (order_items ids and units), when the refund names lines; at their prices they make amountCents. */
	lines?: readonly RefundLine[] | null
}

/**
 * Issues a credit note (storno) for a refund, in the caller's transaction: it refers to the
 * order's invoice, carries negative amounts and a number from the invoice's series (the same
 * counter, ADR 0118). It lists what it credits (ADR 0155): the refunded lines and units, or the
 * amount as one line per VAT rate, or, for the rest of an invoice refunded line by line, the units
 * left. All credit notes of an invoice together never exceed it, and the one that empties it
 * empties its VAT. Idempotent per refundId. Throws CreditNoteRefusedError.
 */
export async function issueCreditNote(tx: DbExecutor, input: CreditNoteInput, now = new Date()): Promise<Invoice> {
	// The invoice's row lock (a lock, not an update: the immutability trigger is not involved) puts concurrent refunds in turn.
	const [invoice] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, 'invoice')))
		.for('no key update')
	if (!invoice) throw new CreditNoteRefusedError('no-invoice')
	const earlier = await tx.select().from(invoices).where(eq(invoices.refersToInvoiceId, invoice.id)).orderBy(asc(invoices.sequence))
	const existing = earlier.find((note) => note.refundId === input.refundId)
	if (existing) return existing
	if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new CreditNoteRefusedError('invalid-amount')
	if (input.amountCents > invoice.totalCents + earlier.reduce((sum, note) => sum + note.totalCents, 0)) throw new CreditNoteRefusedError('exceeds-invoice')

	const locale = asLocale(invoice.locale)
	const amountName = nameInBoth(locale, (t) => t('invoice.amountLine'))
	const request = { amountCents: input.amountCents, earlier }
	const chosen = input.lines?.length ? await invoiceLinesOf(tx, invoice, input.lines) : null
	// Lines the invoice cannot account for (not on it, or fewer units left) are still money refunded: credited as an amount.
	const credit = (chosen && creditNoteLines(invoice, { ...request, lines: chosen }, amountName)) ?? creditNoteLines(invoice, request, amountName)
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
			totals: credit.totals,
			// The invoice's treatment and exchange rate: a correction converts at the rate of what it corrects.
			tax: invoice.tax,
			taxTreatment: invoice.taxTreatment,
			totalCents: credit.totals.grossCents,
			vatCents: credit.totals.vatCents,
		},
	})
}

/**
 * Refunded order lines as positions on the invoice: by the order line each invoice line keeps, or,
 * on an invoice issued before lines kept it, by the order of the items it was issued in. Null when
 * one is not on the invoice.
 */
async function invoiceLinesOf(tx: DbExecutor, invoice: Invoice, refunded: readonly RefundLine[]): Promise<CreditedLine[] | null> {
	const keepsItems = invoice.lines.some((line) => line.itemId)
	const itemIds = keepsItems
		? invoice.lines.map((line) => line.itemId ?? null)
		: (await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, invoice.orderId)).orderBy(asc(orderItems.lineId))).map(
				(item) => item.id,
			)
	const chosen: CreditedLine[] = []
	for (const line of refunded) {
		const index = itemIds.indexOf(line.itemId)
		if (index < 0) return null
		chosen.push({ index, quantity: line.quantity })
	}
	return chosen
}
