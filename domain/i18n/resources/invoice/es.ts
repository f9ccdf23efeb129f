import type invoiceEn from './en.ts'

/** Invoice and credit note texts (ADR 0118); the PDF prints the Romanian text beside these. */
const invoiceEs: typeof invoiceEn = {
	invoice: {
		title: { invoice: 'Factura', credit_note: 'Factura rectificativa' },
		number: 'Número',
		issueDate: 'Fecha de emisión',
		order: 'Pedido',
		refersTo: 'Rectifica la factura',
		refersToDate: 'Fecha de la factura rectificada',
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
		legalId: { consumer: 'Código numérico personal (CNP)', company: 'Código fiscal (CUI)' },
		treatment: 'Régimen de IVA',
		treatmentName: {
			domestic: 'Venta con IVA rumano',
			oss: 'Venta a distancia con IVA de {{country}} (OSS)',
			intra_community: 'Entrega intracomunitaria exenta de IVA',
			export: 'Exportación exenta de IVA',
			not_registered: 'Exento de IVA (art. 310 del Código Fiscal rumano)',
		},
		vatReturn: {
			D300: 'se declara en la declaración de IVA (D300)',
			OSS: 'se declara en la declaración OSS (ventanilla única)',
			D390: 'se declara en la declaración de IVA (D300) y en la declaración recapitulativa (D390)',
			none: 'sin declaración de IVA',
		},
		mention: {
			oss: 'IVA {{rate}}% devengado en {{country}}, declarado a través de la ventanilla única (OSS), régimen de la Unión (art. 315 del Código Fiscal rumano)',
			intra_community:
				'Exenta de IVA con derecho a deducción según el art. 294 (2)(a) del Código Fiscal rumano (art. 138 de la Directiva 2006/112/CE): entrega intracomunitaria de bienes',
			export:
				'Exenta de IVA con derecho a deducción según el art. 294 (1)(a) del Código Fiscal rumano (art. 146 de la Directiva 2006/112/CE): exportación de bienes',
			not_registered: 'Exento de IVA según el art. 310 del Código Fiscal rumano (régimen especial de exención para pequeñas empresas)',
		},
		vatInLei: 'IVA en lei: {{amount}} lei, al tipo de cambio del BNR de {{rate}} lei/EUR del {{date}}',
		vatInLeiConfigured: 'IVA en lei: {{amount}} lei, al tipo de cambio de {{rate}} lei/EUR fijado por la tienda (sin tipo del BNR disponible)',
		shipping: 'Envío',
		discount: 'Descuento (código {{code}})',
		amountLine: 'Importe reembolsado',
		paid: 'Pagada con tarjeta.',
		test: 'PRUEBA — emitida por un pago de prueba, no es un documento fiscal',
		currency: 'Moneda',
		page: 'Página',
	},
}

export default invoiceEs
