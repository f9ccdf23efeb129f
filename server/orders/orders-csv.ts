import { and, asc, desc, getTableColumns, inArray, sql } from 'drizzle-orm'
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

/** Orders read per query while the export streams: its memory stays that of one batch, whatever the history. */
const EXPORT_BATCH = 500

/**
 * Every order the filters match (all pages), as CSV for a spreadsheet, statuses in Romanian: the
 * header, then one batch of rows after another, newest first, each batch read by keyset (after the
 * last order written) with its lines and documents, so a year's export never holds more than one
 * batch in memory.
 */
export async function* ordersCsvChunks(db: DbExecutor, filters: OrderListFilters, batch = EXPORT_BATCH): AsyncGenerator<string> {
	yield `\uFEFF${csvRow(CSV_HEADER)}\r\n`
	// The keyset holds the time as PostgreSQL wrote it: a JavaScript Date keeps milliseconds, and
	// orders placed within the same millisecond would be skipped or repeated.
	let after: { createdAt: string; id: string } | null = null
	for (;;) {
		const page: (typeof orders.$inferSelect & { keysetTime: string })[] = await db
			.select({ ...getTableColumns(orders), keysetTime: sql<string>`${orders.createdAt}::text` })
			.from(orders)
			.where(
				and(orderListConditions(filters), after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined),
			)
			.orderBy(desc(orders.createdAt), desc(orders.id))
			.limit(batch)
		if (page.length === 0) return
		yield `${(await csvRowsOf(db, page)).map(csvRow).join('\r\n')}\r\n`
		if (page.length < batch) return
		const { keysetTime, id } = page.at(-1)!
		after = { createdAt: keysetTime, id }
	}
}

/**
 * The export as a response body: a batch is read only when the download has taken the one before.
 * The header and the first batch are read before it is returned, so a database that cannot answer
 * is the shop's error page, not a download cut short.
 */
export async function ordersCsvStream(db: DbExecutor, filters: OrderListFilters): Promise<ReadableStream<Uint8Array>> {
	const chunks = ordersCsvChunks(db, filters)
	const encoder = new TextEncoder()
	const first = [await chunks.next(), await chunks.next()]
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			const next = first.shift() ?? (await chunks.next())
			if (next.done) controller.close()
			else controller.enqueue(encoder.encode(next.value))
		},
		async cancel() {
			await chunks.return(undefined)
		},
	})
}

/** The whole export as one string (for tests and small files). */
export async function exportOrdersCsv(db: DbExecutor, filters: OrderListFilters, batch = EXPORT_BATCH): Promise<string> {
	let csv = ''
	for await (const chunk of ordersCsvChunks(db, filters, batch)) csv += chunk
	return csv
}

/** One batch of orders as CSV rows, with their lines and their invoice and credit notes. */
async function csvRowsOf(db: DbExecutor, rows: (typeof orders.$inferSelect)[]) {
	const ids = rows.map((order) => order.id)
	const items = await db
		.select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
		.from(orderItems)
		.where(inArray(orderItems.orderId, ids))
		.orderBy(asc(orderItems.lineId))
	const itemsByOrder = new Map<string, string[]>()
	for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), `${item.quantity} × ${item.name}`])
	// The invoice, then its credit notes, by number; the VAT is the invoice's (the sale's), refunds are their own column.
	const documents = await db
		.select({ orderId: invoices.orderId, number: invoices.number, kind: invoices.kind, vatCents: invoices.vatCents })
		.from(invoices)
		.where(inArray(invoices.orderId, ids))
		.orderBy(asc(invoices.issuedAt), asc(invoices.number))
	const documentsByOrder = new Map<string, { numbers: string[]; vatCents: number | null }>()
	for (const document of documents) {
		const entry = documentsByOrder.get(document.orderId) ?? { numbers: [], vatCents: null }
		entry.numbers.push(document.number)
		if (document.kind === 'invoice') entry.vatCents = document.vatCents
		documentsByOrder.set(document.orderId, entry)
	}
	return rows.map((order) => {
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
	})
}
