import type emailEn from './en.ts'

/** Romanian texts of the order emails (server only, like ./en.ts). */
const emailRo: typeof emailEn = {
	orderEmail: {
		subject: {
			confirmation: 'Comanda {{number}} a fost confirmată',
			status: 'Comanda {{number}}: {{status}}',
			tracking: 'Comanda {{number}} este pe drum',
			refund: 'Rambursare pentru comanda {{number}}',
			cancelled: 'Comanda {{number}} a fost anulată',
		},
		intro: {
			confirmation: 'Bună, {{name}}! Îți mulțumim pentru comandă. Am primit plata și ne apucăm de lucru.',
			status: 'Bună, {{name}}! Statusul comenzii tale este acum: {{status}}.',
			tracking: 'Bună, {{name}}! Comanda ta a fost expediată. Numărul de urmărire (AWB): {{tracking}}.',
			refund:
				'Bună, {{name}}! Ți-am rambursat {{amount}} pentru comanda ta. Banii se întorc pe cardul cu care ai plătit și apar de obicei în 5–10 zile lucrătoare.',
			cancelled: 'Bună, {{name}}! Comanda ta a fost anulată.',
		},
		orderNumber: 'Numărul comenzii',
		statusLabel: 'Status',
		refundedLabel: 'Rambursat',
		cancelMoney: {
			refundedFull: 'Ți-am rambursat integral suma plătită ({{total}}). Banii se întorc pe cardul cu care ai plătit și apar de obicei în 5–10 zile lucrătoare.',
			refundedPart:
				'Ți-am rambursat {{amount}} din cei {{total}} plătiți. Banii se întorc pe cardul cu care ai plătit și apar de obicei în 5–10 zile lucrătoare.',
			kept: 'Suma plătită ({{amount}}) nu se rambursează, pentru că: {{reason}}',
		},
		paymentLabel: 'Plată',
		trackingLabel: 'Număr de urmărire (AWB)',
		noTracking: 'încă indisponibil',
		items: 'Produse',
		subtotal: 'Subtotal',
		shipping: 'Livrare',
		freeShipping: 'gratuită',
		total: 'Total',
		shippingAddress: 'Adresa de livrare',
		notes: 'Observații',
		vatContained: 'din care TVA ({{rate}}%)',
		invoiceAttached: 'Factura {{number}} este atașată.',
		creditNoteAttached: 'Factura storno {{number}} pentru această rambursare este atașată.',
		viewOrder: 'Vezi comanda',
		nextSteps: 'Ce urmează: îți realizăm comanda manual, în 3–7 zile lucrătoare, apoi o expediem și îți trimitem pe e-mail numărul de urmărire (AWB).',
		status: { new: 'Nouă', processing: 'În procesare', shipped: 'Expediată', delivered: 'Livrată', cancelled: 'Anulată' },
		payment: { pending: 'În așteptare', paid: 'Plătită', failed: 'Eșuată', refunded: 'Rambursată' },
	},
}

export default emailRo
