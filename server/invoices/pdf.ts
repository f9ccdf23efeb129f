import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import type { Locale } from '#domain/enums.ts'
import { formatAmount } from '#domain/money.ts'
import { vatInLeiValues } from '#domain/invoices/exchange-rate.ts'
import { VAT_RETURN } from '#domain/invoices/tax-treatment.ts'
import { formatRate } from '#domain/invoices/vat.ts'
import { countryName } from '#domain/shipping.ts'
import { withoutUnprintable } from '#domain/xml.ts'
import { printedLineName, type InvoiceAddress } from '#domain/invoices/invoice.ts'
import { serverI18n } from '../i18n.ts'
import type { Invoice } from './issue.ts'

const require = createRequire(import.meta.url)
/** DejaVu Sans draws every Romanian letter (ă â î ș ț) and the others the shop writes; embedded, subset by pdfkit. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

type Label = (key: string, values?: Record<string, string> | ((language: Locale) => Record<string, string>)) => string

/**
 * What a document says of its tax (ADR 0150, 0151): its treatment and the VAT return it belongs to,
 * the legal mention in Romanian with the customer's language beside it, and the VAT in lei with
 * the rate and its date.
 */
function taxLines(invoice: Invoice, label: Label, locale: Locale): string[] {
	const { tax } = invoice
	const country = (language: Locale) => ({ country: countryName(tax.destinationCountry, language), rate: formatRate(tax.ratePercent, language) })
	const vatReturn = VAT_RETURN[tax.treatment] ?? 'none'
	const lines = [`${label('invoice.treatment')}: ${label(`invoice.treatmentName.${tax.treatment}`, country)}, ${label(`invoice.vatReturn.${vatReturn}`)}`]
	if (tax.mention) {
		const translated = locale === 'ro' ? null : serverI18n(locale).getFixedT(locale)(`invoice.mention.${tax.treatment}`, country(locale))
		lines.push(translated ? `${tax.mention} / ${translated}` : tax.mention)
	}
	if (invoice.currency !== 'RON' && tax.category !== 'O') {
		const key = tax.exchangeRate.source === 'bnr' ? 'invoice.vatInLei' : 'invoice.vatInLeiConfigured'
		lines.push(label(key, (language) => vatInLeiValues(invoice.totals.vatCents, tax.exchangeRate, language)))
	}
	return lines
}

/**
 * The PDF of an invoice or credit note (ADR 0118), made from its snapshot alone, so it is the
 * same every time it is made: A4, labels in Romanian with the customer's language beside them.
 * `refersTo` is the invoice a credit note corrects: its number and its date are printed.
 */
export function renderInvoicePdf(invoice: Invoice, refersTo?: Pick<Invoice, 'number' | 'issuedAt'> | null): Promise<Buffer> {
	const locale = (['ro', 'en', 'es'].includes(invoice.locale) ? invoice.locale : 'ro') as Locale
	const ro = serverI18n('ro').getFixedT('ro')
	const local = serverI18n(locale).getFixedT(locale)
	/** Romanian, with the customer's language beside it; `values` may differ per language (a country's name). */
	const label = (key: string, values?: Record<string, string> | ((language: Locale) => Record<string, string>)) => {
		const valuesIn = (language: Locale) => (typeof values === 'function' ? values(language) : values)
		const romanian = ro(key, valuesIn('ro'))
		const other = local(key, valuesIn(locale))
		return locale === 'ro' || other === romanian ? romanian : `${romanian} / ${other}`
	}
	const money = (cents: number) => `${formatAmount(cents, locale)} ${invoice.currency}`
	const dateOf = (at: Date) => new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at)
	const date = dateOf(invoice.issuedAt)

	const doc = new PDFDocument({
		size: 'A4',
		margin: 40,
		// A fixed creation date keeps the bytes of one document the same each time it is made.
		info: { Title: `${ro(`invoice.title.${invoice.kind}`)} ${invoice.number}`, Author: invoice.seller.name, CreationDate: invoice.issuedAt },
	})
	// What the invoice's XML drops does not print either (a box per control character otherwise): one rule, domain/xml.ts.
	const print = doc.text.bind(doc) as (value: string, ...rest: unknown[]) => PDFKit.PDFDocument
	doc.text = ((value: string, ...rest: unknown[]) => print(withoutUnprintable(String(value)), ...rest)) as typeof doc.text
	doc.registerFont('regular', FONT)
	doc.registerFont('bold', FONT_BOLD)
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})

	const left = doc.page.margins.left
	const width = doc.page.width - left - doc.page.margins.right

	if (invoice.testMode) {
		doc.font('bold').fontSize(10).fillColor('#b42318').text(label('invoice.test'), { width })
		doc.moveDown(0.5).fillColor('black')
	}
	doc
		.font('bold')
		.fontSize(18)
		.text(label(`invoice.title.${invoice.kind}`))
	doc.font('regular').fontSize(10)
	doc.text(`${label('invoice.number')}: ${invoice.number}`)
	doc.text(`${label('invoice.issueDate')}: ${date}`)
	doc.text(`${label('invoice.order')}: ${invoice.orderId.slice(0, 8)}`)
	if (refersTo) {
		doc.text(`${label('invoice.refersTo')}: ${refersTo.number}`)
		doc.text(`${label('invoice.refersToDate')}: ${dateOf(refersTo.issuedAt)}`)
	}
	if (invoice.reason) doc.text(`${label('invoice.reason')}: ${invoice.reason}`)
	doc.text(`${label('invoice.currency')}: ${invoice.currency}`)
	doc.moveDown()

	// Seller and buyer side by side.
	const top = doc.y
	const column = (width - 20) / 2
	const address = (a: InvoiceAddress) => [a.street, `${a.postalCode} ${a.city}`.trim(), countryName(a.country, locale)]
	const seller = invoice.seller
	const buyer = invoice.buyer
	doc.font('bold').text(label('invoice.seller'), left, top, { width: column })
	doc.font('regular')
	for (const line of [
		seller.name,
		`${label('invoice.taxId')}: ${seller.taxId}`,
		`${label('invoice.tradeRegister')}: ${seller.tradeRegister}`,
		...address(seller.address),
		`${label('invoice.iban')}: ${seller.iban}`,
		`${label('invoice.bank')}: ${seller.bank}`,
		seller.email,
	])
		doc.text(line, { width: column })
	const sellerBottom = doc.y
	doc.font('bold').text(label('invoice.buyer'), left + column + 20, top, { width: column })
	doc.font('regular')
	for (const line of [
		...(buyer.company ? [buyer.company] : []),
		...(buyer.vatNumber ? [`${label('invoice.vatNumber')}: ${buyer.vatNumber}`] : []),
		...(buyer.legalId ? [`${label(buyer.company ? 'invoice.legalId.company' : 'invoice.legalId.consumer')}: ${buyer.legalId}`] : []),
		buyer.name,
		...address(buyer.address),
		buyer.email,
	])
		doc.text(line, left + column + 20, undefined, { width: column })
	doc.y = Math.max(sellerBottom, doc.y) + 16
	doc.x = left

	// The lines.
	const registered = invoice.totals.vatRegistered
	const columns = registered
		? [
				{ key: 'invoice.description', width: 0.34, align: 'left' as const },
				{ key: 'invoice.quantity', width: 0.07, align: 'right' as const },
				// Romanian law wants the unit price without VAT on an invoice (art. 319 Cod fiscal).
				{ key: 'invoice.unitPriceNet', width: 0.13, align: 'right' as const },
				{ key: 'invoice.vatRate', width: 0.09, align: 'right' as const },
				{ key: 'invoice.net', width: 0.13, align: 'right' as const },
				{ key: 'invoice.vat', width: 0.11, align: 'right' as const },
				{ key: 'invoice.gross', width: 0.13, align: 'right' as const },
			]
		: [
				{ key: 'invoice.description', width: 0.55, align: 'left' as const },
				{ key: 'invoice.quantity', width: 0.1, align: 'right' as const },
				{ key: 'invoice.unitPrice', width: 0.17, align: 'right' as const },
				{ key: 'invoice.gross', width: 0.18, align: 'right' as const },
			]
	const row = (cells: string[], font: 'regular' | 'bold') => {
		doc.font(font).fontSize(8.5)
		const y = doc.y
		let x = left
		let bottom = y
		cells.forEach((cell, i) => {
			const spec = columns[i]!
			const w = spec.width * width
			doc.text(cell, x + 2, y, { width: w - 4, align: spec.align })
			bottom = Math.max(bottom, doc.y)
			x += w
		})
		doc.y = bottom + 4
		doc
			.moveTo(left, doc.y - 2)
			.lineTo(left + width, doc.y - 2)
			.strokeColor('#cccccc')
			.lineWidth(0.5)
			.stroke()
		if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
	}
	row(
		columns.map((c) => label(c.key)),
		'bold',
	)
	for (const line of invoice.lines) {
		row(
			registered
				? [
						printedLineName(line),
						String(line.quantity),
						money(line.unitNetCents),
						`${formatRate(line.ratePercent, locale)}%`,
						money(line.lineNetCents),
						money(line.lineVatCents),
						money(line.lineGrossCents),
					]
				: [printedLineName(line), String(line.quantity), money(line.unitGrossCents), money(line.lineGrossCents)],
			'regular',
		)
	}

	// Totals, with the VAT breakdown per rate.
	doc.moveDown(0.5)
	const totals = invoice.totals
	const totalLine = (text: string, value: string, bold = false) => {
		doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9.5)
		const y = doc.y
		doc.text(text, left, y, { width: width * 0.7, align: 'right' })
		doc.text(value, left + width * 0.7, y, { width: width * 0.3, align: 'right' })
	}
	// A discount code (ADR 0255): the lines are at full price, the allowance comes off with its VAT.
	if (totals.allowance) {
		totalLine(printedLineName(totals.allowance), `-${money(totals.allowance.grossCents)}`)
	}
	if (registered) {
		totalLine(label('invoice.totalNet'), money(totals.netCents))
		for (const subtotal of totals.subtotals) totalLine(label('invoice.vatAt', { rate: formatRate(subtotal.ratePercent, locale) }), money(subtotal.vatCents))
		totalLine(label('invoice.totalVat'), money(totals.vatCents))
	}
	totalLine(label(invoice.kind === 'credit_note' ? 'invoice.totalCredit' : 'invoice.total'), money(totals.grossCents), true)
	doc.moveDown()
	doc.font('regular').fontSize(9).text('', left, doc.y, { width })
	for (const line of taxLines(invoice, label, locale)) doc.text(line, { width })
	if (invoice.kind === 'invoice') doc.text(label('invoice.paid'), { width })
	doc.end()
	return done
}
