import type remindersEn from './en.ts'

const remindersEs: typeof remindersEn = {
	stockAlert: {
		title: 'Avísame cuando vuelva',
		intro: 'Déjanos tu correo y te escribiremos una sola vez, cuando vuelva a haber existencias.',
		email: 'Correo electrónico',
		submit: 'Avísame',
		waiting: '¡Gracias! Te escribiremos una vez cuando vuelva a haber existencias y después olvidaremos tu dirección.',
		inStock: 'Buenas noticias: ya vuelve a haber existencias.',
		unavailable: 'Este producto ya no está a la venta.',
		invalidEmail: 'Introduce un correo electrónico válido, por ejemplo nombre@ejemplo.es.',
		tooMany: 'Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo más tarde.',
		note: 'Usamos tu dirección solo para este correo y la borramos después de enviarlo.',
		emailSubject: '{{name}} vuelve a estar disponible',
		emailIntro: 'Buenas noticias: {{name}} vuelve a estar disponible en Lumină & Carton.',
		emailAction: 'Ver el producto',
		emailWhy: 'Nos pediste que te avisáramos cuando volviera. Es el único correo que recibirás sobre ello: ya hemos borrado tu dirección.',
	},
	checkoutReminder: {
		consent: 'Si no termino este pedido, enviadme un único recordatorio (una vez, y nada más).',
		subject: 'Tu carrito en Lumină & Carton te espera',
		intro: 'Empezaste un pedido con nosotros y no lo terminaste. Tu carrito todavía contiene:',
		action: 'Volver a tu carrito',
		why: 'Pediste este único recordatorio al hacer el pedido. No volveremos a escribirte sobre este pedido.',
	},
	cartRestore: {
		title: 'Tu carrito',
		restoring: 'Volviendo a poner los productos en tu carrito…',
		invalid: 'Este enlace no es válido. Tu carrito sigue como lo dejaste.',
		empty: 'Los productos de este pedido ya no se pueden comprar.',
		goToCart: 'Ir a tu carrito',
	},
}

export default remindersEs
