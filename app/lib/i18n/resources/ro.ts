import type { Translation } from './en.ts'

const ro: Translation = {
	meta: {
		siteName: 'Lumină & Carton',
		homeTitle: 'Lumânări parfumate handmade și portrete personalizate din carton',
		homeDescription: 'Lumânări din ceară de soia turnate manual și portrete pe carton pictate după fotografia ta, făcute în România și livrate în toată Europa.',
	},
	nav: {
		home: 'Acasă',
		shop: 'Magazin',
		about: 'Despre noi',
		contact: 'Contact',
		cart: 'Coș',
		login: 'Autentificare',
		addToCart: 'Adaugă în coș',
		mainNavigation: 'Navigare principală',
		skipToContent: 'Sari la conținut',
	},
	home: {
		heroTitle: 'Făcute de mână, făcute pentru tine',
		heroText: 'Lumânări parfumate turnate în loturi mici și portrete din carton pictate după fotografia ta preferată.',
		heroShop: 'Vezi magazinul',
		heroAbout: 'Povestea noastră',
		categoriesTitle: 'Cumpără pe categorii',
	},
	newsletter: {
		title: 'Newsletter',
		description: 'Arome noi, ediții de sezon și din când în când o reducere, cam o dată pe lună.',
		email: 'Adresa de email',
		consent: 'Sunt de acord să primesc newsletterul și mă pot dezabona oricând.',
		submit: 'Abonează-mă',
		subscribed: 'Mulțumim! Te-ai abonat.',
		alreadySubscribed: 'Această adresă este deja abonată. Mulțumim!',
		invalidEmail: 'Adresa de email nu este validă',
		consentRequired: 'Bifează căsuța pentru a accepta primirea newsletterului.',
	},
	notFound: {
		title: 'Pagina nu a fost găsită',
		text: 'Pagina pe care o cauți nu există sau a fost mutată.',
		home: 'Înapoi la pagina principală',
	},
	error: {
		title: 'A apărut o eroare',
		text: 'Te rugăm să încerci din nou în câteva momente.',
	},
	footer: {
		copyright: '© {{year}} {{name}}. Toate drepturile rezervate.',
	},
}

export default ro
