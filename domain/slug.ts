/**
 * Slugs for categories and products (at most 100 characters), made while the admin types a name and checked
 * again by the server: lowercase; Romanian diacritics (ă â î ș ş ț ţ) and other accented letters
 * become plain letters; every other character that is not a letter, digit, space, underscore or
 * hyphen is removed; runs of spaces and hyphens become one hyphen; no hyphen at either end.
 */
const ROMANIAN: Record<string, string> = { ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't' }

export const SLUG_MAX_LENGTH = 100

/** The pattern a saved slug must match: lowercase letters, digits and single hyphens (underscores kept for old slugs such as portrait_cardboard). */
export const SLUG_PATTERN = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/

export function slugify(text: string): string {
	return text
		.toLowerCase()
		.replace(/[ăâîșşțţ]/g, (letter) => ROMANIAN[letter]!)
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9_\s-]/g, '')
		.trim()
		.replace(/[\s-]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, SLUG_MAX_LENGTH)
		.replace(/-+$/, '')
}
