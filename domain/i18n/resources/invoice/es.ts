import type invoiceEn from './en.ts'

/** Invoice and credit note texts (ADR 0118); the PDF prints the Romanian text beside these. */
const invoiceEs: typeof invoiceEn = {
	invoice: {
		title: { invoice: 'Factura', credit_note: 'Factura rectificativa' },
		number: 'Número',
		issueDate: 'Fecha de emisión',
		order: 'Pedido',
		refersTo: 'Rectifica la factura',
		reason: 'Motivo',
		seller: 'Vendedor',
		buyer: 'Comprador',
		taxId: 'NIF (CUI)',
		vatNumber: 'NIF-IVA',
		tradeRegister: 'N.º registro mercantil',
		iban: 'IBAN',
		bank: 'Banco',
		description: 'Descripción',
		quantity: 'Cant.',
		unitPrice: 'Precio unitario',
		unitPriceNet: 'Precio unitario sin IVA',
		vatRate: 'Tipo de IVA',
		net: 'Base imponible',
		vat: 'IVA',
		gross: 'Importe',
		totalNet: 'Total sin IVA',
		totalVat: 'Total IVA',
		total: 'Total a pagar',
		totalCredit: 'Total abonado',
		vatAt: 'IVA {{rate}}%',
		vatNotApplicable: 'IVA no aplicable (art. 310 del Código Fiscal rumano)',
		shipping: 'Envío',
		paid: 'Pagada con tarjeta.',
		test: 'PRUEBA — emitida por un pago de prueba, no es un documento fiscal',
		currency: 'Moneda',
		page: 'Página',
	},
}

export default invoiceEs
