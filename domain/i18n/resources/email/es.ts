import type emailEn from './en.ts'

/** Spanish texts of the order emails (server only, like ./en.ts). */
const emailEs: typeof emailEn = {
	orderEmail: {
		subject: {
			confirmation: 'Pedido {{number}} confirmado',
			status: 'Pedido {{number}}: {{status}}',
			tracking: 'El pedido {{number}} está en camino',
			refund: 'Reembolso del pedido {{number}}',
			cancelled: 'El pedido {{number}} ha sido cancelado',
		},
		intro: {
			confirmation: 'Hola, {{name}}: ¡gracias por tu pedido! Hemos recibido el pago y empezamos a prepararlo.',
			status: 'Hola, {{name}}: el estado de tu pedido ahora es: {{status}}.',
			tracking: 'Hola, {{name}}: tu pedido ha sido enviado. Número de seguimiento: {{tracking}}.',
			refund:
				'Hola, {{name}}: te hemos reembolsado {{amount}} de tu pedido. El dinero vuelve a la tarjeta con la que pagaste y suele aparecer en 5–10 días hábiles.',
			cancelled: 'Hola, {{name}}: tu pedido ha sido cancelado.',
		},
		orderNumber: 'Número de pedido',
		statusLabel: 'Estado',
		refundedLabel: 'Reembolsado',
		cancelMoney: {
			refundedFull:
				'Te hemos reembolsado todo lo que pagaste ({{total}}). El dinero vuelve a la tarjeta con la que pagaste y suele aparecer en 5–10 días hábiles.',
			refundedPart:
				'Te hemos reembolsado {{amount}} de los {{total}} que pagaste. El dinero vuelve a la tarjeta con la que pagaste y suele aparecer en 5–10 días hábiles.',
			kept: 'Los {{amount}} que pagaste no se reembolsan, porque: {{reason}}',
		},
		paymentLabel: 'Pago',
		trackingLabel: 'Número de seguimiento',
		noTracking: 'aún no disponible',
		items: 'Productos',
		subtotal: 'Subtotal',
		shipping: 'Envío',
		freeShipping: 'gratis',
		total: 'Total',
		shippingAddress: 'Dirección de envío',
		notes: 'Notas',
		vatContained: 'IVA incluido ({{rate}}%)',
		invoiceAttached: 'Adjuntamos tu factura {{number}}.',
		creditNoteAttached: 'Adjuntamos la factura rectificativa {{number}} de este reembolso.',
		viewOrder: 'Ver tu pedido',
		nextSteps: 'Qué pasa ahora: hacemos tu pedido a mano, en 3–7 días laborables; después lo enviamos y te mandamos por correo el número de seguimiento.',
		status: { new: 'Nuevo', processing: 'En preparación', shipped: 'Enviado', delivered: 'Entregado', cancelled: 'Cancelado' },
		payment: { pending: 'Pendiente', paid: 'Pagado', failed: 'Fallido', refunded: 'Reembolsado' },
	},
}

export default emailEs
