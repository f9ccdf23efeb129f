/** English texts of the order emails, which only the server renders: kept out of the language chunk browsers download (JS budget, ADR 0014). */
const emailEn = {
	orderEmail: {
		subject: {
			confirmation: 'Order {{number}} confirmed',
			status: 'Order {{number}}: {{status}}',
			tracking: 'Order {{number}} is on its way',
			refund: 'Refund for order {{number}}',
			cancelled: 'Order {{number}} has been cancelled',
		},
		intro: {
			confirmation: 'Hello {{name}}, thank you for your order! We have received your payment and will start working on it.',
			status: 'Hello {{name}}, the status of your order is now: {{status}}.',
			tracking: 'Hello {{name}}, your order has shipped. Tracking number: {{tracking}}.',
			refund:
				'Hello {{name}}, we have refunded {{amount}} for your order. The money goes back to the card you paid with and usually shows within 5–10 business days.',
			cancelled: 'Hello {{name}}, your order has been cancelled.',
		},
		orderNumber: 'Order number',
		statusLabel: 'Status',
		refundedLabel: 'Refunded',
		cancelMoney: {
			refundedFull:
				'We have refunded everything you paid ({{total}}). The money goes back to the card you paid with and usually shows within 5–10 business days.',
			refundedPart:
				'We have refunded {{amount}} of the {{total}} you paid. The money goes back to the card you paid with and usually shows within 5–10 business days.',
			kept: 'The {{amount}} you paid is not refunded, because: {{reason}}',
		},
		paymentLabel: 'Payment',
		trackingLabel: 'Tracking number',
		noTracking: 'not yet available',
		items: 'Items',
		subtotal: 'Subtotal',
		shipping: 'Shipping',
		freeShipping: 'free',
		total: 'Total',
		shippingAddress: 'Shipping address',
		notes: 'Notes',
		vatContained: 'of which VAT ({{rate}}%)',
		invoiceAttached: 'Your invoice {{number}} is attached.',
		creditNoteAttached: 'Your credit note {{number}} for this refund is attached.',
		viewOrder: 'See your order',
		nextSteps: 'What happens next: we make your order by hand, which takes 3–7 working days, then it is shipped and we email you the tracking number.',
		status: { new: 'New', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
		payment: { pending: 'Pending', paid: 'Paid', failed: 'Failed', refunded: 'Refunded' },
	},
}

export default emailEn
