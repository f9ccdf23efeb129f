import { CART_IMAGE_URL, CART_IMAGE_URL_MAX, type CartItem, type UploadedImage } from '#domain/cart.ts'
import { UUID_PATTERN } from '#domain/ids.ts'

/**
 * The portrait photo of a cart the customer emptied, kept in this browser so the customiser offers
 * it again: emptying the cart is not a reason to upload the same photo a second time. One photo,
 * the last portrait line's; the upload itself stays on the server as any unordered upload does.
 */
export const KEPT_PHOTO_KEY = 'portrait-photo'

function storage(): Storage | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage
	} catch {
		return null
	}
}

/** Keeps the photo of the cart's last portrait line, if it has one. */
export function keepPortraitPhoto(items: readonly CartItem[]) {
	const portrait = items.findLast((item) => item.line.kind === 'portrait' && item.image !== null)
	if (!portrait || portrait.line.kind !== 'portrait' || !portrait.image) return
	const photo: UploadedImage = { id: portrait.line.uploadId, url: portrait.image }
	try {
		storage()?.setItem(KEPT_PHOTO_KEY, JSON.stringify(photo))
	} catch {
		// A full storage keeps no photo: the customer uploads it again, as before.
	}
}

/** The kept photo while its preview link still works; anything else is dropped. */
export function keptPortraitPhoto(now = Date.now()): UploadedImage | null {
	const stored = storage()?.getItem(KEPT_PHOTO_KEY)
	if (!stored) return null
	try {
		const value = JSON.parse(stored) as Partial<UploadedImage> | null
		const { id, url } = value ?? {}
		if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw new Error('not an upload id')
		if (typeof url !== 'string' || url.length > CART_IMAGE_URL_MAX || !CART_IMAGE_URL.test(url)) throw new Error('not a picture URL')
		// The upload's preview link is signed for a while (ADR 0173): past it the picture would not load.
		const expires = Number(new URL(url, 'http://shop.invalid').searchParams.get('expires'))
		if (Number.isFinite(expires) && expires > 0 && expires * 1000 <= now) throw new Error('expired')
		return { id, url }
	} catch {
		forgetPortraitPhoto()
		return null
	}
}

/** The kept photo went back into the cart, or the customer removed or replaced it. */
export function forgetPortraitPhoto() {
	try {
		storage()?.removeItem(KEPT_PHOTO_KEY)
	} catch {
		// Nothing kept can be read back either.
	}
}
