import { asc, desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { invoices, orderItems, orders } from '#db/schema/index.ts'
import type { OrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { displayOrderNumber, formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryLabel } from '#domain/shipping.ts'
import { orderListConditions } from './admin-orders.ts'

/**
 * CSV for Romanian spreadsheets (ADR 0130): semicolon-separated, as Excel and LibreOffice expect where
 * the decimal mark is a comma, so the file opens in columns on a double click; amounts with a decimal
 * comma; CRLF line ends; fields quoted (RFC 4180, quotes doubled) when they hold a quote, semicolon or
 * line break.
 *
 * Text a spreadsheet would not keep as written (ADR 0235) is written as a formula that is nothing but a
 * string literal, ="…": the cell shows the text exactly, without an apostrophe, and nothing in it can run,
 * since every quote inside is doubled and the literal cannot be closed early. That is text starting with
 * =, +, -, @, tab or carriage return (a customer-typed "=HYPERLINK(…)", a phone number "+40…": OWASP CSV
 * injection) and digits a spreadsheet would turn into a number (a postal code "010011" losing its zero,
 * a long identifier losing digits). Text longer than a formula may be keeps a leading apostrophe instead.
 */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain amount such as -10,50 (a credit note's) is a number to a spreadsheet, never a formula: it keeps its sign. */
const PLAIN_AMOUNT = /^-\d+(,\d+)?$/
/** Digits a spreadsheet would read as a number and change: a leading zero dropped, or more digits than it keeps. */
const DIGITS_A_SPREADSHEET_CHANGES = /^(0\d+|\d{16,})$/
/** Excel takes at most 255 characters in one string literal and 8,192 in a formula; longer text is joined from pieces. */
const LITERAL_PIECE = 255
const FORMULA_MAX = 8192

/** The text as a formula of string literals only, ="…"&"…", or null when it would be too long for one. */
function textFormula(text: string): string | null {
	const characters = Array.from(text)
	const pieces: string[] = []
	for (let start = 0; start < characters.length; start += LITERAL_PIECE)
		pieces.push(
			`"${characters
				.slice(start, start + LITERAL_PIECE)
				.join('')
				.replace(/"/g, '""')}"`,
		)
	const formula = `=${pieces.join('&')}`
	return formula.length <= FORMULA_MAX ? formula : null
}

export function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = typeof value === 'number' ? String(value) : value
	if (typeof value === 'string' && ((FORMULA_START.test(text) && !PLAIN_AMOUNT.test(text)) || DIGITS_A_SPREADSHEET_CHANGES.test(text)))
		text = textFormula(text) ?? `'${text}`
	return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const CSV_SEPARATOR = ';'

export function csvRow(values: (string | number | null | undefined)[]): string {
	return values.map(csvCell).join(CSV_SEPARATOR)
}

/** An amount in euro cents as a Romanian spreadsheet reads a number: 1234.5 € is "1234,50". */
export function csvAmount(cents: number): string {
	return (cents / 100).toFixed(2).replace('.', ',')
}

/** A whole document, with a UTF-8 byte order mark so spreadsheet programs read the diacritics right. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
	return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`
}

/*
 * The orders export. A CSV file is a view of the orders, so this module formats what it writes
 * (ro-RO dates, Romanian statuses and country names); the services above it return plain data.
 */

const CSV_HEADER = [
	'Număr',
	'ID',
	'Data',
	'Email',
	'Nume',
	'Telefon',
	'Adresă',
	'Oraș',
	'Cod poștal',
	'Țară',
	'Observații',
	'Produse',
	'Subtotal (EUR)',
	'Livrare (EUR)',
	'Total (EUR)',
	'Status',
	'Plată',
	'AWB',
	'Arhivată',
	adminT('orders.csvTest'),
	'Facturi',
	'TVA (EUR)',
	'Rambursat (EUR)',
]

/** Every order the filters match (all pages), as CSV for a spreadsheet; statuses in Romanian. */
export async function exportOrdersCsv(db: DbExecutor, filters: OrderListFilters) {
	const rows = await db.select().from(orders).where(orderListConditions(filters)).orderBy(desc(orders.createdAt), desc(orders.id))
	const items = rows.length
		? await db
				.select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
				.from(orderItems)
				.innerJoin(orders, eq(orders.id, orderItems.orderId))
				.where(orderListConditions(filters))
				.orderBy(asc(orderItems.lineId))
		: []
	const itemsByOrder = new Map<string, string[]>()
	for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), `${item.quantity} × ${item.name}`])
	// The invoice, then its credit notes, by number; the VAT is the invoice's (the sale's), refunds are their own column.
	const documents = rows.length
		? await db
				.select({ orderId: invoices.orderId, number: invoices.number, kind: invoices.kind, vatCents: invoices.vatCents })
				.from(invoices)
				.innerJoin(orders, eq(orders.id, invoices.orderId))
				.where(orderListConditions(filters))
				.orderBy(asc(invoices.issuedAt), asc(invoices.number))
		: []
	const documentsByOrder = new Map<string, { numbers: string[]; vatCents: number | null }>()
	for (const document of documents) {
		const entry = documentsByOrder.get(document.orderId) ?? { numbers: [], vatCents: null }
		entry.numbers.push(document.number)
		if (document.kind === 'invoice') entry.vatCents = document.vatCents
		documentsByOrder.set(document.orderId, entry)
	}
	return csvDocument(
		CSV_HEADER,
		rows.map((order) => {
			const a = order.shippingAddress
			const issued = documentsByOrder.get(order.id)
			return [
				displayOrderNumber(order.id),
				order.id,
				formatAdminDateTime(order.createdAt),
				order.email,
				a.fullName,
				a.phone,
				a.address,
				a.city,
				a.postalCode,
				countryLabel(a.country, 'ro'),
				a.notes,
				(itemsByOrder.get(order.id) ?? []).join('; '),
				csvAmount(order.subtotalCents),
				csvAmount(order.shippingCents),
				csvAmount(order.totalCents),
				adminT(`orders.statuses.${order.status}`),
				adminT(`orders.payments.${order.paymentStatus}`),
				order.trackingNumber,
				order.archivedAt ? adminT('orders.yes') : adminT('orders.no'),
				order.testMode ? adminT('orders.testMark') : '',
				issued?.numbers.join(', '),
				issued?.vatCents === null || issued?.vatCents === undefined ? '' : csvAmount(issued.vatCents),
				csvAmount(order.refundedCents),
			]
		}),
	)
}
