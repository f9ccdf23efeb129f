import { describe, expect, it } from 'vitest'
import { creditNoteLines, invoiceLines, type BuyerDetails } from '#domain/invoices/invoice.ts'
import { CIUS_RO_CUSTOMIZATION, invoiceUbl, type UblDocument } from '#domain/invoices/ubl.ts'
import { all, one, parseXml, textAt, type XmlElement } from '#tests/support/xml-tree.ts'
import { DEMO_SELLER } from './config.ts'

const order = {
	shippingCents: 499,
	items: [
		{ name: 'Lumânare „Pădure” & <ceară> de soia', unitPriceCents: 2990, quantity: 3 },
		{ name: 'Portret din carton 18x24', unitPriceCents: 8900, quantity: 1 },
		{ name: 'Set cadou', unitPriceCents: 1999, quantity: 7 },
	],
}

const romanianBuyer: BuyerDetails = {
	name: 'Ana Popescu',
	company: null,
	vatNumber: null,
	email: 'ana@example.com',
	address: { street: 'Str. Lalelelor 3', city: 'București', postalCode: '030167', country: 'RO', countrySubentity: 'RO-B' },
}

function document(overrides: Partial<UblDocument> & { ratePercent?: number | null } = {}): UblDocument {
	const { ratePercent = 21, ...rest } = overrides
	const { lines, totals } = invoiceLines(order, ratePercent, 'Transport')
	return {
		kind: 'invoice',
		number: 'LC-2026-000123',
		issuedAt: new Date('2026-11-25T22:30:00Z'),
		orderId: '1a2b3c4d-0000-4000-8000-000000000000',
		currency: 'EUR',
		seller: DEMO_SELLER,
		buyer: romanianBuyer,
		lines,
		totals: { ...totals, ronPerEur: 4.97 },
		reason: null,
		...rest,
	}
}

const cents = (element: XmlElement | undefined) => Math.round(Number(element!.text.trim()) * 100)
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * The EN 16931 and CIUS-RO rules that can be checked without ANAF's validator: the fields that
 * must be there, the Romanian address rules, and every total adding up (BR-CO-*).
 */
function checkCiusRo(xml: string) {
	const root = parseXml(xml)
	const credit = root.name === 'CreditNote'
	const currency = textAt(root, 'cbc:DocumentCurrencyCode')!
	expect(textAt(root, 'cbc:CustomizationID')).toBe(CIUS_RO_CUSTOMIZATION)
	// BR-RO-010: the number has a digit; BT-2 a date; BT-3 380 or 381.
	expect(textAt(root, 'cbc:ID')).toMatch(/\d/)
	expect(textAt(root, 'cbc:IssueDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
	expect(textAt(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode')).toBe(credit ? '381' : '380')
	expect(['RON', 'EUR']).toContain(currency)
	for (const note of all(root, 'cbc:Note')) expect(note.text.length).toBeLessThanOrEqual(300)

	// Seller and buyer: names and addresses; a Romanian address has its county, Bucharest its sector (BR-RO-100, BR-RO-110).
	for (const path of ['cac:AccountingSupplierParty/cac:Party', 'cac:AccountingCustomerParty/cac:Party']) {
		const party = one(root, path)
		expect(textAt(party, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBeTruthy()
		const address = one(party, 'cac:PostalAddress')
		expect(textAt(address, 'cbc:StreetName')).toBeTruthy()
		expect(textAt(address, 'cbc:CityName')).toBeTruthy()
		const country = textAt(address, 'cac:Country/cbc:IdentificationCode')
		expect(country).toMatch(/^[A-Z]{2}$/)
		if (country === 'RO') {
			const county = textAt(address, 'cbc:CountrySubentity')
			expect(county).toMatch(/^RO-[A-Z]{1,2}$/)
			if (county === 'RO-B') expect(textAt(address, 'cbc:CityName')).toMatch(/^SECTOR[1-6]$/)
		}
	}
	const seller = one(root, 'cac:AccountingSupplierParty/cac:Party')
	const sellerTaxIds = [textAt(seller, 'cac:PartyTaxScheme/cbc:CompanyID'), textAt(seller, 'cac:PartyLegalEntity/cbc:CompanyID')]
	expect(sellerTaxIds.some((id) => id && /^(RO)?\d{2,10}$/.test(id))).toBe(true)

	// Lines: quantity with a unit code, a price, a net amount, a VAT category.
	const lines = all(root, credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine')
	expect(lines.length).toBeGreaterThan(0)
	for (const line of lines) {
		const quantity = one(line, credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity')
		expect(quantity.attributes.unitCode).toMatch(/^(H87|C62)$/)
		expect(Number(quantity.text)).toBeGreaterThan(0)
		expect(textAt(line, 'cac:Item/cbc:Name')!.length).toBeLessThanOrEqual(100)
		expect(textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toMatch(/^(S|O)$/)
		// Price × quantity is the line's net amount, to the cent.
		expect(Math.round(cents(one(line, 'cac:Price/cbc:PriceAmount')) * Number(quantity.text))).toBe(cents(one(line, 'cbc:LineExtensionAmount')))
	}

	// Totals (BR-CO-10, -13, -14, -15, -16) and the VAT breakdown per category (BR-S-08, -09; BR-CO-17).
	const totals = one(root, 'cac:LegalMonetaryTotal')
	const lineSum = sum(lines.map((line) => cents(one(line, 'cbc:LineExtensionAmount'))))
	expect(cents(one(totals, 'cbc:LineExtensionAmount'))).toBe(lineSum)
	expect(cents(one(totals, 'cbc:TaxExclusiveAmount'))).toBe(lineSum)
	const taxTotals = all(root, 'cac:TaxTotal')
	const inDocumentCurrency = taxTotals.filter((t) => one(t, 'cbc:TaxAmount').attributes.currencyID === currency)
	expect(inDocumentCurrency).toHaveLength(1)
	const taxTotal = inDocumentCurrency[0]!
	const subtotals = all(taxTotal, 'cac:TaxSubtotal')
	expect(subtotals.length).toBeGreaterThan(0)
	expect(cents(one(taxTotal, 'cbc:TaxAmount'))).toBe(sum(subtotals.map((s) => cents(one(s, 'cbc:TaxAmount')))))
	for (const subtotal of subtotals) {
		const category = textAt(subtotal, 'cac:TaxCategory/cbc:ID')
		const rate = Number(textAt(subtotal, 'cac:TaxCategory/cbc:Percent') ?? 0)
		const ofCategory = lines.filter(
			(line) =>
				textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID') === category &&
				Number(textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent') ?? 0) === rate,
		)
		const taxable = cents(one(subtotal, 'cbc:TaxableAmount'))
		expect(taxable).toBe(sum(ofCategory.map((line) => cents(one(line, 'cbc:LineExtensionAmount')))))
		// BR-CO-17 allows a difference under one currency unit between the amount and taxable × rate.
		expect(Math.abs(cents(one(subtotal, 'cbc:TaxAmount')) - (taxable * rate) / 100)).toBeLessThan(100)
		if (category === 'O') expect(textAt(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-O')
	}
	const vat = cents(one(taxTotal, 'cbc:TaxAmount'))
	expect(cents(one(totals, 'cbc:TaxInclusiveAmount'))).toBe(lineSum + vat)
	expect(cents(one(totals, 'cbc:PayableAmount'))).toBe(
		cents(one(totals, 'cbc:TaxInclusiveAmount')) - cents(all(totals, 'cbc:PrepaidAmount')[0] ?? ({ text: '0' } as XmlElement)),
	)
	// A euro document also states its VAT in lei (BT-6, BT-111).
	if (currency !== 'RON') {
		expect(textAt(root, 'cbc:TaxCurrencyCode')).toBe('RON')
		const lei = taxTotals.find((t) => one(t, 'cbc:TaxAmount').attributes.currencyID === 'RON')
		expect(lei).toBeDefined()
		expect(all(lei!, 'cac:TaxSubtotal')).toHaveLength(0)
	}
	return root
}

describe('UBL 2.1 export for e-Factura (CIUS-RO, ADR 0119)', () => {
	it('an invoice follows the CIUS-RO rules, totals and VAT adding up', () => {
		const root = checkCiusRo(invoiceUbl(document()))
		expect(textAt(root, 'cbc:ID')).toBe('LC-2026-000123')
		// 23:30 UTC is the next day in Bucharest.
		expect(textAt(root, 'cbc:IssueDate')).toBe('2026-11-26')
		expect(all(root, 'cac:InvoiceLine')).toHaveLength(4)
		expect(textAt(root, 'cac:InvoiceLine/cac:Item/cbc:Name')).toBe('Lumânare „Pădure” & <ceară> de soia')
		expect(textAt(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')).toBe('RO18547290')
		expect(textAt(root, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:CityName')).toBe('SECTOR3')
		const vat = one(root, 'cac:TaxTotal/cac:TaxSubtotal')
		expect(textAt(vat, 'cac:TaxCategory/cbc:Percent')).toBe('21')
	})

	it('a buyer company elsewhere in the EU carries its VAT number', () => {
		const buyer: BuyerDetails = {
			name: 'Lucía Fernández',
			company: 'Taller Luz SL',
			vatNumber: 'ESB12345678',
			email: 'lucia@example.es',
			address: { street: 'Calle Mayor 5', city: 'Madrid', postalCode: '28013', country: 'ES' },
		}
		const root = checkCiusRo(invoiceUbl(document({ buyer })))
		const party = one(root, 'cac:AccountingCustomerParty/cac:Party')
		expect(textAt(party, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe('ESB12345678')
		expect(textAt(party, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBe('Taller Luz SL')
	})

	it('a shop not registered for VAT: category O, no VAT, the exemption stated', () => {
		const root = checkCiusRo(invoiceUbl(document({ ratePercent: null })))
		expect(textAt(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe('0.00')
		expect(textAt(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toBe('O')
		expect(all(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')).toHaveLength(0)
		expect(all(root, 'cbc:Note').map((n) => n.text)).toContain('TVA neaplicabil (art. 310 Cod fiscal)')
	})

	it('a credit note is a CreditNote 381 referring to its invoice, amounts positive', () => {
		const invoice = document()
		const credit = creditNoteLines(invoice, { amountCents: 2990, lines: [{ index: 0, quantity: 1 }] }, 'Retur')!
		const xml = invoiceUbl(
			{
				...invoice,
				kind: 'credit_note',
				number: 'LC-2026-000130',
				lines: credit.lines,
				totals: { ...credit.totals, ronPerEur: 4.97 },
				reason: 'Produs returnat',
			},
			{ number: 'LC-2026-000123', issuedAt: invoice.issuedAt },
		)
		const root = checkCiusRo(xml)
		expect(root.name).toBe('CreditNote')
		expect(textAt(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('LC-2026-000123')
		expect(textAt(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('29.90')
		expect(textAt(root, 'cac:CreditNoteLine/cbc:CreditedQuantity')).toBe('1')
	})
})
