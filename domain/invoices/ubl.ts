import { xmlText } from '../xml.ts'
import { bucharestSector } from './ro-counties.ts'
import invoiceRo from '../i18n/resources/invoice/ro.ts'
import { leiCents, vatInLeiValues } from './exchange-rate.ts'
import type { DocumentTax } from './tax-treatment.ts'
import { romanianDay, type BuyerDetails, type InvoiceAddress, type InvoiceKind, type InvoiceLine, type InvoiceTotals, type SellerDetails } from './invoice.ts'

/**
 * UBL 2.1 for Romania's e-Factura (ADR 0119): EN 16931 with the CIUS-RO rules, an invoice as
 * Invoice (type 380), a credit note as CreditNote (type 381, amounts positive as UBL wants, the
 * invoice it corrects in BillingReference). The VAT category, exemption and mention are the
 * document's tax treatment (ADR 0150); its VAT in lei is at the rate it was issued with (ADR 0151).
 * A line's name is Romanian (BT-153), with the buyer's language as its description (BT-154) when
 * that is another (ADR 0156).
 */
export const CIUS_RO_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1'

export type UblDocument = {
	kind: InvoiceKind
	number: string
	issuedAt: Date
	orderId: string
	currency: string
	seller: SellerDetails
	buyer: BuyerDetails
	lines: InvoiceLine[]
	totals: InvoiceTotals
	tax: DocumentTax
	reason: string | null
}

/** "12.34" from cents; a credit note's amounts are written without their sign. */
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2)
const percent = (rate: number) => String(Math.round(rate * 100) / 100)
const cut = (value: string, max: number) => xmlText(value.length > max ? value.slice(0, max) : value)

/** BR-RO-120 wants a buyer's legal id or VAT number; a consumer who gave no CNP has 13 zeros. */
export const NO_CNP = '0000000000000'

/** An address's parts; `subentity` is its region where the rules want one though only Romanian addresses have a known one. */
function addressParts(address: InvoiceAddress, subentity = address.country === 'RO' ? address.countrySubentity : undefined): string {
	// BR-RO-100: a Bucharest address names its sector as the city.
	const city = address.countrySubentity === 'RO-B' ? (bucharestSector(address.postalCode) ?? address.city) : address.city
	return `<cbc:StreetName>${cut(address.street, 150)}</cbc:StreetName>
<cbc:CityName>${cut(city, 50)}</cbc:CityName>
<cbc:PostalZone>${cut(address.postalCode, 20)}</cbc:PostalZone>${subentity ? `\n<cbc:CountrySubentity>${cut(subentity, 50)}</cbc:CountrySubentity>` : ''}
<cac:Country><cbc:IdentificationCode>${xmlText(address.country)}</cbc:IdentificationCode></cac:Country>`
}

const VAT_SCHEME = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>'

/**
 * The VAT category of the document's treatment: S at its rate, K (intra-community) and G (export)
 * at 0 %, O (not subject: a seller not registered) without a rate. A breakdown (TaxCategory) of an
 * exempt category states why, by code and text (BT-121, BT-120).
 */
function taxCategory(tax: DocumentTax, rate: number, element: 'TaxCategory' | 'ClassifiedTaxCategory', withReason = element === 'TaxCategory') {
	const rateElement = tax.category === 'O' ? '' : `<cbc:Percent>${percent(rate)}</cbc:Percent>`
	const reason =
		withReason && tax.exemption
			? `\n<cbc:TaxExemptionReasonCode>${tax.exemption.code}</cbc:TaxExemptionReasonCode>\n<cbc:TaxExemptionReason>${cut(tax.exemption.reason, 300)}</cbc:TaxExemptionReason>\n`
			: ''
	return `<cac:${element}><cbc:ID>${tax.category}</cbc:ID>${rateElement}${reason}${VAT_SCHEME}</cac:${element}>`
}

/**
 * The buyer's legal id (BT-47): the CUI or CNP they gave; for a buyer named by a VAT number the
 * document may not carry (category O), that number; for anyone else, 13 zeros (BR-RO-120).
 */
function buyerLegalId(buyer: BuyerDetails, showsVatNumber: boolean): string | null {
	if (buyer.legalId) return buyer.legalId
	if (showsVatNumber) return null
	if (buyer.vatNumber) return buyer.vatNumber.startsWith('RO') ? buyer.vatNumber.slice(2) : buyer.vatNumber
	return NO_CNP
}

/** The notes a document carries: a credit note's reason, the treatment's legal mention, the VAT in lei with its rate. */
function notes(document: UblDocument): string[] {
	const { tax, totals } = document
	const lei = vatInLeiValues(totals.vatCents, tax.exchangeRate, 'ro')
	const template = tax.exchangeRate.source === 'bnr' ? invoiceRo.invoice.vatInLei : invoiceRo.invoice.vatInLeiConfigured
	const vatInLei = document.currency === 'RON' || tax.category === 'O' ? null : template.replace(/\{\{(\w+)\}\}/g, (_, key: keyof typeof lei) => lei[key])
	return [document.kind === 'credit_note' ? document.reason : null, tax.mention, vatInLei].filter((note): note is string => Boolean(note))
}

export function invoiceUbl(document: UblDocument, refersTo?: { number: string; issuedAt: Date } | null): string {
	const credit = document.kind === 'credit_note'
	const root = credit ? 'CreditNote' : 'Invoice'
	const currency = xmlText(document.currency)
	const money = (element: string, cents: number) => `<cbc:${element} currencyID="${currency}">${amount(cents)}</cbc:${element}>`
	const { totals, seller, buyer, tax } = document
	// BR-O-02: a document not subject to VAT names no VAT identifier at all.
	const vatIds = tax.category !== 'O'
	const issueDay = romanianDay(document.issuedAt)

	const sellerParty = `<cac:AccountingSupplierParty><cac:Party>
<cac:PostalAddress>
${addressParts(seller.address)}
</cac:PostalAddress>
${vatIds ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlText(seller.taxId)}</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>\n` : ''}<cac:PartyLegalEntity><cbc:RegistrationName>${cut(seller.name, 200)}</cbc:RegistrationName><cbc:CompanyID>${xmlText(vatIds ? seller.tradeRegister : seller.taxId)}</cbc:CompanyID></cac:PartyLegalEntity>
<cac:Contact><cbc:ElectronicMail>${xmlText(seller.email)}</cbc:ElectronicMail></cac:Contact>
</cac:Party></cac:AccountingSupplierParty>`

	const showsVatNumber = vatIds && Boolean(buyer.vatNumber)
	const legalId = buyerLegalId(buyer, showsVatNumber)
	const buyerParty = `<cac:AccountingCustomerParty><cac:Party>
<cac:PostalAddress>
${addressParts(buyer.address)}
</cac:PostalAddress>
${showsVatNumber ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlText(buyer.vatNumber!)}</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>\n` : ''}<cac:PartyLegalEntity><cbc:RegistrationName>${cut(buyer.company ?? buyer.name, 200)}</cbc:RegistrationName>${legalId ? `<cbc:CompanyID>${xmlText(legalId)}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>
<cac:Contact><cbc:Name>${cut(buyer.name, 100)}</cbc:Name><cbc:ElectronicMail>${xmlText(buyer.email)}</cbc:ElectronicMail></cac:Contact>
</cac:Party></cac:AccountingCustomerParty>`

	// An intra-community supply states where the goods go (BR-IC-12) and when (BR-IC-11: the day it is
	// invoiced and sent). CIUS-RO then wants the region (BR-RO-211): a foreign address's city is the one known.
	const delivery =
		tax.category === 'K'
			? `<cac:Delivery><cbc:ActualDeliveryDate>${issueDay}</cbc:ActualDeliveryDate><cac:DeliveryLocation><cac:Address>
${addressParts(buyer.address, buyer.address.countrySubentity ?? buyer.address.city)}
</cac:Address></cac:DeliveryLocation></cac:Delivery>\n`
			: ''

	const subtotals = totals.subtotals
		.map(
			(s) => `<cac:TaxSubtotal>
${money('TaxableAmount', s.taxableCents)}
${money('TaxAmount', s.vatCents)}
${taxCategory(tax, s.ratePercent, 'TaxCategory')}
</cac:TaxSubtotal>`,
		)
		.join('\n')
	// BT-111: a document in another currency states its VAT in lei too (CIUS-RO), at the rate it was issued with.
	const vatInLei =
		currency === 'RON'
			? ''
			: `\n<cac:TaxTotal><cbc:TaxAmount currencyID="RON">${amount(leiCents(totals.vatCents, tax.exchangeRate))}</cbc:TaxAmount></cac:TaxTotal>`

	// A discount code (ADR 0255): a document-level allowance (BG-20) at the document's VAT category and
	// rate, its amount without VAT; the lines stay at their full prices.
	const allowance = totals.allowance
	const allowanceCharge = allowance
		? `<cac:AllowanceCharge>
<cbc:ChargeIndicator>false</cbc:ChargeIndicator>
<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>
<cbc:AllowanceChargeReason>${cut(allowance.description, 100)}</cbc:AllowanceChargeReason>
${money('Amount', allowance.netCents)}
${taxCategory(tax, allowance.ratePercent, 'TaxCategory', false)}
</cac:AllowanceCharge>
`
		: ''
	const linesNetCents = totals.netCents + (allowance?.netCents ?? 0)

	const lineElement = credit ? 'CreditNoteLine' : 'InvoiceLine'
	const quantityElement = credit ? 'CreditedQuantity' : 'InvoicedQuantity'
	const lines = document.lines
		.map(
			(line, index) => `<cac:${lineElement}>
<cbc:ID>${index + 1}</cbc:ID>
<cbc:${quantityElement} unitCode="${line.unitCode}">${Math.abs(line.quantity)}</cbc:${quantityElement}>
${money('LineExtensionAmount', line.lineNetCents)}
<cac:Item>${line.buyerDescription ? `<cbc:Description>${cut(line.buyerDescription, 200)}</cbc:Description>` : ''}<cbc:Name>${cut(line.description, 100)}</cbc:Name>${taxCategory(tax, line.ratePercent, 'ClassifiedTaxCategory')}</cac:Item>
<cac:Price>${money('PriceAmount', line.unitNetCents)}</cac:Price>
</cac:${lineElement}>`,
		)
		.join('\n')

	const note = notes(document)
	return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${CIUS_RO_CUSTOMIZATION}</cbc:CustomizationID>
<cbc:ID>${xmlText(document.number)}</cbc:ID>
<cbc:IssueDate>${issueDay}</cbc:IssueDate>
<cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${credit ? '381' : '380'}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
${note.map((text) => `<cbc:Note>${cut(text, 300)}</cbc:Note>`).join('\n')}${note.length ? '\n' : ''}<cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>${currency === 'RON' ? '' : '\n<cbc:TaxCurrencyCode>RON</cbc:TaxCurrencyCode>'}
<cac:OrderReference><cbc:ID>${xmlText(document.orderId.slice(0, 8))}</cbc:ID></cac:OrderReference>${
		refersTo
			? `\n<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xmlText(refersTo.number)}</cbc:ID><cbc:IssueDate>${romanianDay(refersTo.issuedAt)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
			: ''
	}
${sellerParty}
${buyerParty}
${delivery}<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode></cac:PaymentMeans>
${allowanceCharge}<cac:TaxTotal>
${money('TaxAmount', totals.vatCents)}
${subtotals}
</cac:TaxTotal>${vatInLei}
<cac:LegalMonetaryTotal>
${money('LineExtensionAmount', linesNetCents)}
${money('TaxExclusiveAmount', totals.netCents)}
${money('TaxInclusiveAmount', totals.grossCents)}
${
	allowance
		? `${money('AllowanceTotalAmount', allowance.netCents)}
`
		: ''
}${money('PrepaidAmount', totals.grossCents)}
<cbc:PayableAmount currencyID="${currency}">0.00</cbc:PayableAmount>
</cac:LegalMonetaryTotal>
${lines}
</${root}>
`
}
