/** One `<link rel="alternate" hreflang>`: the page in a language, or `x-default` (the address that picks one). */
export type LanguageAlternate = { hrefLang: string; href: string }

/** What every page's loader returns for search engines and link previews. */
export type PageMeta = {
	title: string
	description: string
	/** Absolute URL of the canonical page (in the page's own language). */
	canonical: string
	/** The same page in every language, plus x-default (ADR 0106). */
	alternates: LanguageAlternate[]
	/** Absolute URL of a preview image. */
	image?: string
	type?: 'website' | 'product'
	locale: string
	siteName: string
}
