import { describe, expect, it } from 'vitest'
import { creditNoteLines } from '#domain/invoices/credit-note.ts'
import { invoiceLines, type BuyerDetails } from '#domain/invoices/invoice.ts'
import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { documentTax } from '#tests/support/document-tax.ts'
import { CIUS_RO_CUSTOMIZATION, invoiceUbl, NO_CNP, type UblDocument } from '#domain/invoices/ubl.ts'
import { breakdownRate, type ViesAnswer } from '#domain/invoices/tax-treatment.ts'
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
	const tax = rest.tax ?? documentTax({}, ratePercent === null ? { ...DEFAULT_VAT, registered: false } : { ...DEFAULT_VAT, ratePercent })
	const { lines, totals } = invoiceLines(order, breakdownRate(tax), 'Transport')
	return {
		kind: 'invoice',
		number: 'LC-2026-000123',
		issuedAt: new Date('2026-11-25T22:30:00Z'),
		orderId: '1a2b3c4d-0000-4000-8000-000000000000',
		currency: 'EUR',
		seller: DEMO_SELLER,
		buyer: romanianBuyer,
		lines,
		totals,
		tax,
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
	// BR-RO-120: the buyer has a legal id (BT-47) or a VAT number (BT-48).
	const buyer = one(root, 'cac:AccountingCustomerParty/cac:Party')
	expect(textAt(buyer, 'cac:PartyLegalEntity/cbc:CompanyID') ?? textAt(buyer, 'cac:PartyTaxScheme/cbc:CompanyID')).toBeTruthy()
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
		expect(textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toMatch(/^(S|K|G|O)$/)
		// Price × quantity is the line's net amount, to the cent.
		expect(Math.round(cents(one(line, 'cac:Price/cbc:PriceAmount')) * Number(quantity.text))).toBe(cents(one(line, 'cbc:LineExtensionAmount')))
	}

	// Totals (BR-CO-10, -13, -14, -15, -16) and the VAT breakdown per category (BR-S-08, -09; BR-CO-17).
	const totals = one(root, 'cac:LegalMonetaryTotal')
	const lineSum = sum(lines.map((line) => cents(one(line, 'cbc:LineExtensionAmount'))))
	expect(cents(one(totals, 'cbc:LineExtensionAmount'))).toBe(lineSum)
	// Document-level allowances (BG-20, a discount code): BR-CO-11 and BR-CO-13.
	const allowances = all(root, 'cac:AllowanceCharge').filter((a) => textAt(a, 'cbc:ChargeIndicator') === 'false')
	const allowanceSum = sum(allowances.map((a) => cents(one(a, 'cbc:Amount'))))
	expect(cents(all(totals, 'cbc:AllowanceTotalAmount')[0] ?? ({ text: '0' } as XmlElement))).toBe(allowanceSum)
	expect(cents(one(totals, 'cbc:TaxExclusiveAmount'))).toBe(lineSum - allowanceSum)
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
		const allowedOf = allowances.filter(
			(a) => textAt(a, 'cac:TaxCategory/cbc:ID') === category && Number(textAt(a, 'cac:TaxCategory/cbc:Percent') ?? 0) === rate,
		)
		expect(taxable).toBe(sum(ofCategory.map((line) => cents(one(line, 'cbc:LineExtensionAmount')))) - sum(allowedOf.map((a) => cents(one(a, 'cbc:Amount')))))
		// BR-CO-17 allows a difference under one currency unit between the amount and taxable × rate.
		expect(Math.abs(cents(one(subtotal, 'cbc:TaxAmount')) - (taxable * rate) / 100)).toBeLessThan(100)
		const exemption = { O: 'VATEX-EU-O', K: 'VATEX-EU-IC', G: 'VATEX-EU-G' }[category!]
		if (exemption) {
			expect(textAt(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe(exemption)
			expect(textAt(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReason')).toBeTruthy()
		}
	}
	const vat = cents(one(taxTotal, 'cbc:TaxAmount'))
	expect(cents(one(totals, 'cbc:TaxInclusiveAmount'))).toBe(lineSum - allowanceSum + vat)
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

	it("names each line in Romanian (BT-153) with the buyer's language as its description (BT-154)", () => {
		const { lines, totals } = invoiceLines(
			{ shippingCents: 499, items: [{ name: 'Lumânare de soia', buyerName: 'Vela de soja', unitPriceCents: 2990, quantity: 1 }] },
			21,
			{ description: 'Transport', buyerDescription: 'Envío' },
		)
		const root = checkCiusRo(invoiceUbl(document({ lines, totals })))
		const items = all(root, 'cac:InvoiceLine').map((line) => [textAt(line, 'cac:Item/cbc:Name'), textAt(line, 'cac:Item/cbc:Description')])
		expect(items).toEqual([
			['Lumânare de soia', 'Vela de soja'],
			['Transport', 'Envío'],
		])
		// Without a translation there is no description.
		expect(all(checkCiusRo(invoiceUbl(document())), 'cac:InvoiceLine/cac:Item/cbc:Description')).toHaveLength(0)
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

	it('a shop not registered for VAT: category O, no VAT, the exemption stated, no VAT identifier at all', () => {
		const buyer = { ...romanianBuyer, company: 'Atelier SRL', vatNumber: 'RO18547290' }
		const root = checkCiusRo(invoiceUbl(document({ ratePercent: null, buyer })))
		expect(textAt(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe('0.00')
		expect(textAt(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toBe('O')
		expect(all(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')).toHaveLength(0)
		// BR-O-02: the buyer's VAT number is not carried either; its CUI names it instead (BR-RO-120).
		expect(all(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme')).toHaveLength(0)
		expect(textAt(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID')).toBe('18547290')
		expect(all(root, 'cbc:Note').map((n) => n.text)).toContain(
			'Scutit de TVA conform art. 310 Cod fiscal (regim special de scutire pentru întreprinderile mici)',
		)
	})

	it('a consumer is named by the CNP they gave, or 13 zeros; a company not paying VAT by its CUI, never as a VAT number', () => {
		const party = (buyer: BuyerDetails) => one(checkCiusRo(invoiceUbl(document({ buyer }))), 'cac:AccountingCustomerParty/cac:Party')
		expect(textAt(party(romanianBuyer), 'cac:PartyLegalEntity/cbc:CompanyID')).toBe(NO_CNP)
		expect(textAt(party({ ...romanianBuyer, legalId: '1900515123458' }), 'cac:PartyLegalEntity/cbc:CompanyID')).toBe('1900515123458')
		const company = party({ ...romanianBuyer, company: 'Atelier SRL', legalId: '18547290' })
		expect(textAt(company, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe('18547290')
		expect(textAt(company, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBe('Atelier SRL')
		expect(all(company, 'cac:PartyTaxScheme')).toHaveLength(0)
	})

	it('an intra-community supply: K at 0 %, the exemption and its mention, both VAT numbers, where and when the goods go', () => {
		const vies: ViesAnswer = {
			vatNumber: 'DE123456789',
			status: 'valid',
			name: 'Kerzen Werk GmbH',
			requestDate: '2026-11-25',
			requestIdentifier: 'WAPIAAAAZ1a2b3c4',
			checkedAt: '2026-11-25T20:00:00Z',
		}
		const buyer: BuyerDetails = {
			name: 'Hans Weber',
			company: 'Kerzen Werk GmbH',
			vatNumber: 'DE123456789',
			email: 'hans@example.de',
			address: { street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
		}
		const root = checkCiusRo(invoiceUbl(document({ buyer, tax: documentTax({ country: 'DE', vatNumber: 'DE123456789', vies }) })))
		const category = one(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')
		expect([textAt(category, 'cbc:ID'), textAt(category, 'cbc:Percent'), textAt(category, 'cbc:TaxExemptionReasonCode')]).toEqual(['K', '0', 'VATEX-EU-IC'])
		expect(textAt(category, 'cbc:TaxExemptionReason')).toContain('art. 294 alin. (2) lit. a)')
		expect(textAt(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe('0.00')
		expect(textAt(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')).toBe('DE123456789')
		expect(textAt(root, 'cac:Delivery/cbc:ActualDeliveryDate')).toBe('2026-11-26')
		expect(textAt(root, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode')).toBe('DE')
	})

	it('an export: G at 0 %, the exemption stated', () => {
		const buyer: BuyerDetails = {
			...romanianBuyer,
			address: { street: '1 Main St', city: 'Chișinău', postalCode: 'MD-2001', country: 'MD' },
		}
		const root = checkCiusRo(invoiceUbl(document({ buyer, tax: documentTax({ country: 'MD' }) })))
		const category = one(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')
		expect([textAt(category, 'cbc:ID'), textAt(category, 'cbc:Percent'), textAt(category, 'cbc:TaxExemptionReasonCode')]).toEqual(['G', '0', 'VATEX-EU-G'])
		expect(all(root, 'cbc:Note').map((n) => n.text)).toContain(
			'Scutit de TVA cu drept de deducere conform art. 294 alin. (1) lit. a) Cod fiscal: export de bunuri',
		)
	})

	it('states the VAT in lei at the BNR rate the document was issued with, and that rate with its date', () => {
		const root = checkCiusRo(invoiceUbl(document()))
		const vat = cents(one(root, 'cac:TaxTotal/cbc:TaxAmount'))
		const lei = all(root, 'cac:TaxTotal').find((t) => one(t, 'cbc:TaxAmount').attributes.currencyID === 'RON')!
		// 4.9748 lei per euro, the rate of 2026-11-24 (tests/support/document-tax.ts).
		expect(cents(one(lei, 'cbc:TaxAmount'))).toBe(Math.round(vat * 4.9748))
		expect(all(root, 'cbc:Note').map((n) => n.text)).toContain(
			`TVA în lei: ${(Math.round(vat * 4.9748) / 100).toFixed(2).replace('.', ',')} lei, la cursul BNR de 4,9748 lei/EUR din 24.11.2026`,
		)
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
				totals: credit.totals,
				reason: 'Produs returnat',
			},
			{ number: 'LC-2026-000123', issuedAt: invoice.issuedAt },
		)
		const root = checkCiusRo(xml)
		expect(root.name).toBe('CreditNote')
		expect(textAt(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('LC-2026-000123')
		expect(textAt(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe('2026-11-26')
		expect(textAt(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('29.90')
		expect(textAt(root, 'cac:CreditNoteLine/cbc:CreditedQuantity')).toBe('1')
	})

	it('a discount code is a document-level allowance (BG-20) at the VAT rate, VAT on the discounted amount; a credit note of it stays within it', () => {
		const tax = documentTax({}, DEFAULT_VAT)
		const discounted = { ...order, discount: { grossCents: 1500, name: { description: 'Reducere (cod SPRING)' } } }
		const { lines, totals } = invoiceLines(discounted, breakdownRate(tax), 'Transport')
		const root = checkCiusRo(invoiceUbl(document({ lines, totals })))
		const allowance = one(root, 'cac:AllowanceCharge')
		expect(textAt(allowance, 'cbc:ChargeIndicator')).toBe('false')
		expect(textAt(allowance, 'cbc:AllowanceChargeReason')).toBe('Reducere (cod SPRING)')
		expect(textAt(allowance, 'cac:TaxCategory/cbc:ID')).toBe('S')
		expect(textAt(allowance, 'cac:TaxCategory/cbc:Percent')).toBe('21')
		// 15.00 € off at 21 %: 12.40 € net and 2.60 € of VAT come off; what is paid is the full price less 15.00 €.
		expect(textAt(allowance, 'cbc:Amount')).toBe('12.40')
		const full = invoiceLines(order, breakdownRate(tax), 'Transport').totals
		expect(totals.grossCents).toBe(full.grossCents - 1500)
		expect(totals.vatCents).toBe(full.vatCents - 260)
		expect(textAt(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe((totals.grossCents / 100).toFixed(2))
		// A refund of everything credits what was paid and its VAT, to the cent.
		const credit = creditNoteLines({ lines, totals }, { amountCents: totals.grossCents }, 'Rambursare')!
		expect(credit.totals).toMatchObject({ grossCents: -totals.grossCents, vatCents: -totals.vatCents })
		// Lines at their full prices are more than was paid for them: the credit note takes the amount instead.
		expect(creditNoteLines({ lines, totals }, { amountCents: 2990, lines: [{ index: 0, quantity: 1 }] }, 'Retur')).toMatchObject({
			totals: { grossCents: -2990 },
		})
	})
})
