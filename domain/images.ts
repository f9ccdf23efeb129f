/**
 * Stored images are WebP files named `…/{name}.webp`, each with narrower copies named
 * `…/{name}.w{width}.webp`, made by the server when the image is stored.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const

const STORED_WEBP = /^(.*\/[a-z0-9-]+)\.webp$/

export function derivativeUrl(url: string, width: number) {
	const match = STORED_WEBP.exec(url)
	return match ? `${match[1]}.w${width}.webp` : url
}

/** A srcset for an image the server stored, or undefined for any other URL. */
export function imageSrcSet(url: string): string | undefined {
	if (!STORED_WEBP.test(url)) return undefined
	return IMAGE_WIDTHS.map((width) => `${derivativeUrl(url, width)} ${width}w`).join(', ')
}
