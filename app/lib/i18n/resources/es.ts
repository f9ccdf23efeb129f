import type { Translation } from './en.ts'

const es: Translation = {
	meta: {
		siteName: 'Lumină & Carton',
		homeTitle: 'Velas aromáticas artesanales y retratos personalizados en cartón',
		homeDescription: 'Velas de soja vertidas a mano y retratos en cartón pintados a partir de tu foto, hechos en Rumanía y enviados a toda Europa.',
	},
	nav: {
		home: 'Inicio',
		shop: 'Tienda',
		about: 'Sobre nosotros',
		contact: 'Contacto',
		cart: 'Carrito',
		login: 'Iniciar sesión',
		addToCart: 'Añadir al carrito',
		mainNavigation: 'Navegación principal',
		skipToContent: 'Saltar al contenido',
	},
	home: {
		heroTitle: 'Hecho a mano, hecho para ti',
		heroText: 'Velas aromáticas vertidas en pequeños lotes y retratos en cartón pintados a partir de tu foto favorita.',
		heroShop: 'Ver la tienda',
		heroAbout: 'Nuestra historia',
		categoriesTitle: 'Compra por categoría',
	},
	newsletter: {
		title: 'Boletín',
		description: 'Aromas nuevos, ediciones de temporada y algún descuento, más o menos una vez al mes.',
		email: 'Correo electrónico',
		consent: 'Acepto recibir el boletín y puedo darme de baja cuando quiera.',
		submit: 'Suscribirme',
		subscribed: '¡Gracias! Ya estás suscrito.',
		alreadySubscribed: 'Esta dirección ya está suscrita. ¡Gracias!',
		invalidEmail: 'Introduce un correo electrónico válido.',
		consentRequired: 'Marca la casilla para aceptar recibir el boletín.',
	},
	notFound: {
		title: 'Página no encontrada',
		text: 'La página que buscas no existe o se ha movido.',
		home: 'Volver a la página de inicio',
	},
	error: {
		title: 'Algo salió mal',
		text: 'Inténtalo de nuevo en un momento.',
	},
	footer: {
		copyright: '© {{year}} {{name}}. Todos los derechos reservados.',
	},
}

export default es
