import { xmlText } from '../xml.ts'
import { bucharestSector } from './ro-counties.ts'
import type { BuyerDetails, InvoiceAddress, InvoiceKind, InvoiceLine, InvoiceTotals, SellerDetails } from './invoice.ts'

/**
 * UBL 2.1 for Romania's e-Factura (ADR 0119): EN 16931 with the CIUS-RO rules, an invoice as
 * Invoice (type 380), a credit note as CreditNote (type 381, amounts positive as UBL wants, the
 * invoice it corrects in BillingReference). The owner or an accountant uploads it to ANAF's SPV.
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
	reason: string | null
}

/** "12.34" from cents; a credit note's amounts are written without their sign. */
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2)
const percent = (rate: number) => String(Math.round(rate * 100) / 100)
const cut = (value: string, max: number) => xmlText(value.length > max ? value.slice(0, max) : value)

/** The date in Romania, as YYYY-MM-DD. */
function romanianDate(at: Date): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

function postalAddress(address: InvoiceAddress): string {
	// BR-RO-100: a Bucharest address names its sector as the city.
	const city = address.countrySubentity === 'RO-B' ? (bucharestSector(address.postalCode) ?? address.city) : address.city
	return `<cac:PostalAddress>
<cbc:StreetName>${cut(address.street, 150)}</cbc:StreetName>
<cbc:CityName>${cut(city, 50)}</cbc:CityName>
<cbc:PostalZone>${cut(address.postalCode, 20)}</cbc:PostalZone>${address.country === 'RO' && address.countrySubentity ? `\n<cbc:CountrySubentity>${xmlText(address.countrySubentity)}</cbc:CountrySubentity>` : ''}
<cac:Country><cbc:IdentificationCode>${xmlText(address.country)}</cbc:IdentificationCode></cac:Country>
</cac:PostalAddress>`
}

const VAT_SCHEME = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>'

/** S: standard rate; O: not subject to VAT (a seller not registered for it, art. 310 Cod fiscal). */
function taxCategory(registered: boolean, rate: number, element: 'TaxCategory' | 'ClassifiedTaxCategory') {
	if (!registered) {
		const reason = element === 'TaxCategory' ? '<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>\n' : ''
		return `<cac:${element}><cbc:ID>O</cbc:ID>\n${reason}${VAT_SCHEME}</cac:${element}>`
	}
	return `<cac:${element}><cbc:ID>S</cbc:ID><cbc:Percent>${percent(rate)}</cbc:Percent>${VAT_SCHEME}</cac:${element}>`
}

export function invoiceUbl(document: UblDocument, refersTo?: { number: string; issuedAt: Date } | null): string {
	const credit = document.kind === 'credit_note'
	const root = credit ? 'CreditNote' : 'Invoice'
	const currency = xmlText(document.currency)
	const money = (element: string, cents: number) => `<cbc:${element} currencyID="${currency}">${amount(cents)}</cbc:${element}>`
	const { totals, seller, buyer } = document
	const registered = totals.vatRegistered

	const sellerParty = `<cac:AccountingSupplierParty><cac:Party>
${postalAddress(seller.address)}
${registered ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlText(seller.taxId)}</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>\n` : ''}<cac:PartyLegalEntity><cbc:RegistrationName>${cut(seller.name, 200)}</cbc:RegistrationName><cbc:CompanyID>${xmlText(registered ? seller.tradeRegister : seller.taxId)}</cbc:CompanyID></cac:PartyLegalEntity>
<cac:Contact><cbc:ElectronicMail>${xmlText(seller.email)}</cbc:ElectronicMail></cac:Contact>
</cac:Party></cac:AccountingSupplierParty>`

	const buyerParty = `<cac:AccountingCustomerParty><cac:Party>
${postalAddress(buyer.address)}
${registered && buyer.vatNumber ? `<cac:PartyTaxScheme><cbc:CompanyID>${xmlText(buyer.vatNumber)}</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>\n` : ''}<cac:PartyLegalEntity><cbc:RegistrationName>${cut(buyer.company ?? buyer.name, 200)}</cbc:RegistrationName></cac:PartyLegalEntity>
<cac:Contact><cbc:Name>${cut(buyer.name, 100)}</cbc:Name><cbc:ElectronicMail>${xmlText(buyer.email)}</cbc:ElectronicMail></cac:Contact>
</cac:Party></cac:AccountingCustomerParty>`

	const subtotals = totals.subtotals
		.map(
			(s) => `<cac:TaxSubtotal>
${money('TaxableAmount', s.taxableCents)}
${money('TaxAmount', s.vatCents)}
${taxCategory(registered, s.ratePercent, 'TaxCategory')}
</cac:TaxSubtotal>`,
		)
		.join('\n')
	// BT-111: a document in another currency states its VAT in lei too (CIUS-RO), at the rate snapshot at issue.
	const vatInLei =
		currency === 'RON'
			? ''
			: `\n<cac:TaxTotal><cbc:TaxAmount currencyID="RON">${amount(Math.round(totals.vatCents * totals.ronPerEur))}</cbc:TaxAmount></cac:TaxTotal>`

	const lineElement = credit ? 'CreditNoteLine' : 'InvoiceLine'
	const quantityElement = credit ? 'CreditedQuantity' : 'InvoicedQuantity'
	const lines = document.lines
		.map(
			(line, index) => `<cac:${lineElement}>
<cbc:ID>${index + 1}</cbc:ID>
<cbc:${quantityElement} unitCode="${line.unitCode}">${Math.abs(line.quantity)}</cbc:${quantityElement}>
${money('LineExtensionAmount', line.lineNetCents)}
<cac:Item><cbc:Name>${cut(line.description, 100)}</cbc:Name>${taxCategory(registered, line.ratePercent, 'ClassifiedTaxCategory')}</cac:Item>
<cac:Price>${money('PriceAmount', line.unitNetCents)}</cac:Price>
</cac:${lineElement}>`,
		)
		.join('\n')

	const note = [credit && document.reason ? document.reason : null, registered ? null : 'TVA neaplicabil (art. 310 Cod fiscal)'].filter(Boolean) as string[]

	return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${CIUS_RO_CUSTOMIZATION}</cbc:CustomizationID>
<cbc:ID>${xmlText(document.number)}</cbc:ID>
<cbc:IssueDate>${romanianDate(document.issuedAt)}</cbc:IssueDate>
<cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${credit ? '381' : '380'}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
${note.map((text) => `<cbc:Note>${cut(text, 300)}</cbc:Note>`).join('\n')}${note.length ? '\n' : ''}<cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>${currency === 'RON' ? '' : '\n<cbc:TaxCurrencyCode>RON</cbc:TaxCurrencyCode>'}
<cac:OrderReference><cbc:ID>${xmlText(document.orderId.slice(0, 8))}</cbc:ID></cac:OrderReference>${
		refersTo
			? `\n<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xmlText(refersTo.number)}</cbc:ID><cbc:IssueDate>${romanianDate(refersTo.issuedAt)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
			: ''
	}
${sellerParty}
${buyerParty}
<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode></cac:PaymentMeans>
<cac:TaxTotal>
${money('TaxAmount', totals.vatCents)}
${subtotals}
</cac:TaxTotal>${vatInLei}
<cac:LegalMonetaryTotal>
${money('LineExtensionAmount', totals.netCents)}
${money('TaxExclusiveAmount', totals.netCents)}
${money('TaxInclusiveAmount', totals.grossCents)}
${money('PrepaidAmount', totals.grossCents)}
<cbc:PayableAmount currencyID="${currency}">0.00</cbc:PayableAmount>
</cac:LegalMonetaryTotal>
${lines}
</${root}>
`
}
