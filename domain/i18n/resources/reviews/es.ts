import type reviewsEn from './en.ts'

/** Spanish texts of verified reviews (ADR 0268). */
const reviewsEs: typeof reviewsEn = {
	review: {
		email: {
			heading: '¿Qué le ha parecido?',
			intro: 'Su opinión ayuda a otras personas a elegir un regalo hecho a mano. Es un minuto y no necesita cuenta:',
			link: 'Opinar sobre {{name}}',
		},
		metaTitle: 'Opinión sobre {{name}}',
		title: 'Opinión sobre {{name}}',
		intro: 'Cuente a otros clientes qué le parece. Su opinión se muestra solo con su nombre de pila y su país, cuando la tienda la haya leído.',
		ratingLabel: 'Su valoración',
		ratingOption: '{{rating}} de 5 estrellas',
		textLabel: 'Su opinión',
		textHint: 'Hasta {{max}} caracteres, con sus propias palabras. Se muestra tal como la escribe, nunca traducida.',
		submit: 'Enviar opinión',
		update: 'Actualizar opinión',
		sending: 'Enviando…',
		ratingRequired: 'Elija una valoración de 1 a 5 estrellas.',
		textRequired: 'Escriba unas palabras sobre el producto.',
		textTooLong: 'La opinión puede tener como máximo 2000 caracteres.',
		saved: '¡Gracias! Hemos recibido su opinión; aparecerá en la página del producto cuando la tienda la haya leído.',
		updated: 'Su opinión se ha actualizado; aparecerá de nuevo cuando la tienda la haya leído.',
		existing: 'Ya ha opinado sobre este producto. Si envía el formulario otra vez, su opinión se sustituye y la tienda la vuelve a leer.',
		status: {
			pending: 'Su opinión espera a que la tienda la lea.',
			approved: 'Su opinión se muestra en la página del producto.',
			rejected: 'Su opinión no se ha publicado.',
		},
		notDeliveredTitle: 'Aún no entregado',
		notDeliveredText: 'Podrá opinar sobre este producto cuando su pedido se haya entregado.',
		expiredTitle: 'Este enlace para opinar ha caducado',
		expiredText: 'Los enlaces para opinar funcionan 90 días después de la entrega. Si aún quiere contarnos algo, escríbanos.',
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
