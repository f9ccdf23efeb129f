import { asc, desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orderItems, orders } from '#db/schema/index.ts'
import type { OrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { displayOrderNumber, formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryLabel } from '#domain/shipping.ts'
import { orderListConditions } from './admin-orders.ts'

/**
 * CSV for Romanian spreadsheets (ADR 0130): semicolon-separated, as Excel and LibreOffice expect where
 * the decimal mark is a comma, so the file opens in columns on a double click; amounts with a decimal
 * comma; CRLF line ends; fields quoted (RFC 4180, quotes doubled) when they hold a quote, semicolon or
 * line break. Text a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return) gets a leading apostrophe, so a customer-typed
 * "=HYPERLINK(…)" stays text (OWASP CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = typeof value === 'number' ? String(value) : value
	if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
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
	return csvDocument(
		CSV_HEADER,
		rows.map((order) => {
			const a = order.shippingAddress
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
			]
		}),
	)
}
