/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields quoted when they hold a
 * quote, comma or line break (quotes doubled). Text a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return) gets a leading apostrophe, so a customer-typed
 * "=HYPERLINK(…)" stays text (OWASP CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = typeof value === 'number' ? String(value) : value
	if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: (string | number | null | undefined)[]): string {
	return values.map(csvCell).join(',')
}

/** A whole document, with a UTF-8 byte order mark so spreadsheet programs read the diacritics right. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
	return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`
}
