import type invoiceEn from './en.ts'

/** Invoice and credit note texts (ADR 0118): the Romanian the law wants on every invoice. */
const invoiceRo: typeof invoiceEn = {
	invoice: {
		title: { invoice: 'Factură', credit_note: 'Factură storno' },
		number: 'Număr',
		issueDate: 'Data emiterii',
		order: 'Comanda',
		refersTo: 'Stornează factura',
		reason: 'Motiv',
		seller: 'Furnizor',
		buyer: 'Cumpărător',
		taxId: 'CUI',
		vatNumber: 'Cod TVA',
		tradeRegister: 'Nr. Reg. Com.',
		iban: 'IBAN',
		bank: 'Banca',
		description: 'Denumire',
		quantity: 'Cant.',
		unitPrice: 'Preț unitar',
		unitPriceNet: 'Preț unitar fără TVA',
		vatRate: 'Cota TVA',
		net: 'Valoare',
		vat: 'TVA',
		gross: 'Total',
		totalNet: 'Total fără TVA',
		totalVat: 'Total TVA',
		total: 'Total de plată',
		totalCredit: 'Total stornat',
		vatAt: 'TVA {{rate}}%',
		vatNotApplicable: 'TVA neaplicabil (art. 310 Cod fiscal)',
		shipping: 'Transport',
		paid: 'Achitată cu cardul.',
		test: 'TEST — emisă pentru o plată de test, nu este document fiscal',
		currency: 'Moneda',
		page: 'Pagina',
	},
}

export default invoiceRo
