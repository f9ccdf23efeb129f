/** English interface text. The key set here is the reference the other languages must match. */
const en = {
	meta: {
		siteName: 'Lumină & Carton',
		homeTitle: 'Handmade scented candles and personalised cardboard portraits',
		homeDescription: 'Hand-poured soy candles and cardboard portraits painted from your photo, made in Romania and shipped across Europe.',
	},
	nav: {
		home: 'Home',
		shop: 'Shop',
		about: 'About',
		contact: 'Contact',
		cart: 'Cart',
		login: 'Sign in',
		addToCart: 'Add to cart',
		mainNavigation: 'Main navigation',
		skipToContent: 'Skip to content',
	},
	home: {
		heroTitle: 'Made by hand, made for you',
		heroText: 'Scented candles poured in small batches and cardboard portraits painted from your favourite photo.',
		heroShop: 'Browse the shop',
		heroAbout: 'Our story',
		categoriesTitle: 'Shop by category',
	},
	newsletter: {
		title: 'Newsletter',
		description: 'New scents, seasonal editions and the occasional discount, about once a month.',
		email: 'Email address',
		consent: 'I agree to receive the newsletter and can unsubscribe at any time.',
		submit: 'Subscribe',
		subscribed: 'Thank you! You are subscribed.',
		alreadySubscribed: 'This address is already subscribed. Thank you!',
		invalidEmail: 'Please enter a valid email address.',
		consentRequired: 'Please tick the box to agree to receive the newsletter.',
	},
	notFound: {
		title: 'Page not found',
		text: 'The page you are looking for does not exist or has moved.',
		home: 'Back to the home page',
	},
	error: {
		title: 'Something went wrong',
		text: 'Please try again in a moment.',
	},
	footer: {
		copyright: '© {{year}} {{name}}. All rights reserved.',
	},
}

export default en

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }
/** Every language provides exactly these keys. */
export type Translation = Shape<typeof en>
