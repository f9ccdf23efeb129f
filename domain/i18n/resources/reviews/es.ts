import type reviewsEn from './en.ts'

/** Spanish texts of verified reviews (ADR 0268). */
const reviewsEs: typeof reviewsEn = {
	review: {
		email: {
			heading: '¿Qué te ha parecido?',
			intro: 'Tu opinión ayuda a otras personas a elegir un regalo hecho a mano. Es un minuto y no necesitas cuenta:',
			link: 'Opinar sobre {{name}}',
		},
		metaTitle: 'Opinión sobre {{name}}',
		title: 'Opinión sobre {{name}}',
		intro: 'Cuenta a otros clientes qué te parece. Tu opinión se muestra solo con tu nombre de pila y tu país, cuando la tienda la haya leído.',
		ratingLabel: 'Tu valoración',
		ratingOption: '{{rating}} de 5 estrellas',
		textLabel: 'Tu opinión',
		textHint: 'Hasta {{max}} caracteres, con tus propias palabras. Se muestra tal como la escribes, nunca traducida.',
		submit: 'Enviar opinión',
		update: 'Actualizar opinión',
		sending: 'Enviando…',
		ratingRequired: 'Elige una valoración de 1 a 5 estrellas.',
		textRequired: 'Escribe unas palabras sobre el producto.',
		textTooLong: 'La opinión puede tener como máximo 2000 caracteres.',
		saved: '¡Gracias! Hemos recibido tu opinión; aparecerá en la página del producto cuando la tienda la haya leído.',
		updated: 'Tu opinión se ha actualizado; aparecerá de nuevo cuando la tienda la haya leído.',
		existing: 'Ya has opinado sobre este producto. Si envías el formulario otra vez, tu opinión se sustituye y la tienda la vuelve a leer.',
		status: {
			pending: 'Tu opinión espera a que la tienda la lea.',
			approved: 'Tu opinión se muestra en la página del producto.',
			rejected: 'Tu opinión no se ha publicado.',
		},
		notDeliveredTitle: 'Aún no entregado',
		notDeliveredText: 'Podrás opinar sobre este producto cuando tu pedido se haya entregado.',
		expiredTitle: 'Este enlace para opinar ha caducado',
		expiredText: 'Los enlaces para opinar funcionan 90 días después de la entrega. Si aún quieres contarnos algo, escríbenos.',
		contact: 'Contacto',
		viewProduct: 'Ver el producto',
		sectionTitle: 'Opiniones',
		average: '{{average}} de 5',
		count: 'Opiniones de compradores verificados: {{count}}',
		none: 'Todavía no hay opiniones. Solo los clientes que compraron y recibieron este producto pueden opinar.',
		verified: 'Comprador verificado',
		anonymous: 'Un cliente',
		stars: 'Valoración: {{rating}} de 5',
	},
}

export default reviewsEs
