import type en from '#domain/i18n/resources/en.ts'

type Section = keyof typeof en
/** A key of the interface text, like 'faq.title'. */
export type HeadingKey = { [S in Section]: `${S}.${Extract<keyof (typeof en)[S], string>}` }[Section]

/**
 * Every public, indexable page (its path without language), with the translation key of its main heading.
 * The every-route test visits each at its en, ro and es URL (/en/faq…, ADR 0106). Helpers that add a public page add a row here. Pages kept out of
 * search engines (noindex: /cart, /checkout, /login, /forgot-password, /reset-password) and pages
 * that need a session or a payment session (/account, /payment-success) are not public pages; their
 * own specs cover them.
 */
export const PUBLIC_ROUTES: { path: string; heading: HeadingKey }[] = [
	{ path: '/', heading: 'home.heroTitle' },
	{ path: '/catalog', heading: 'catalog.title' },
	{ path: '/about', heading: 'about.title' },
	{ path: '/contact', heading: 'contact.title' },
	{ path: '/terms', heading: 'terms.title' },
	{ path: '/privacy', heading: 'privacy.title' },
	{ path: '/returns', heading: 'returns.title' },
	{ path: '/faq', heading: 'faq.title' },
	{ path: '/newsletter', heading: 'newsletter.title' },
	{ path: '/customize-portrait', heading: 'portrait.title' },
]

/** A product page of the demo catalogue (the seed loads it into every test shop, with its en/es translations). */
export const DEMO_PRODUCT = {
	slug: 'lumanare-vanilie-si-santal',
	name: { ro: 'Lumânare Vanilie și Santal', en: 'Vanilla and Sandalwood Candle', es: 'Vela de Vainilla y Sándalo' },
}
