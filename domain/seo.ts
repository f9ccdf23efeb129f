/** What every page's loader returns for search engines and link previews. */
export type PageMeta = {
	title: string
	description: string
	/** Absolute URL of the canonical page. */
	canonical: string
	/** Absolute URL of a preview image. */
	image?: string
	type?: 'website' | 'product'
	locale: string
	siteName: string
}
