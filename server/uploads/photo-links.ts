import crypto from 'node:crypto'

/**
 * Signed, short-lived links to a customer's portrait photo (ADR 0173):
 * `/api/uploads/portrait/{id}?variant=preview&expires={unix seconds}&sig={base64url HMAC-SHA256}`.
 * The shop hands them only to whoever may see the photo: its uploader (in the upload's answer) and
 * whoever may open the order's page. Nothing is stored per link; changing APP_SECRET revokes them all.
 */

export type PhotoVariant = 'preview' | 'original'

/** How long a link made for a page lasts: longer than anyone keeps a page open to look at a photo. */
export const PAGE_PHOTO_LINK_SECONDS = 30 * 60
/** How long the uploader's preview link lasts: the time to fill in the portrait form. */
export const UPLOAD_PHOTO_LINK_SECONDS = 2 * 60 * 60

const PURPOSE = 'portrait-photo:v1:'
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

function signature(secret: string, uploadId: string, variant: PhotoVariant, expires: number) {
	return crypto.createHmac('sha256', secret).update(`${PURPOSE}${uploadId.toLowerCase()}:${variant}:${expires}`).digest('base64url')
}

/** The signed path to photo `uploadId`, valid for `seconds` from `now`. */
export function photoLink(secret: string, uploadId: string, options: { variant?: PhotoVariant; seconds: number; now?: number }) {
	const variant = options.variant ?? 'preview'
	const expires = Math.floor((options.now ?? Date.now()) / 1000) + options.seconds
	const query = new URLSearchParams({ variant, expires: String(expires), sig: signature(secret, uploadId, variant, expires) })
	return `/api/uploads/portrait/${uploadId.toLowerCase()}?${query}`
}

/** The variant a link's query grants for `uploadId`, or null when it is unsigned, altered or expired. */
export function checkPhotoLink(secret: string, uploadId: string, query: URLSearchParams, now = Date.now()): PhotoVariant | null {
	const variant = query.get('variant')
	const expires = Number(query.get('expires'))
	const given = query.get('sig')
	if ((variant !== 'preview' && variant !== 'original') || !Number.isSafeInteger(expires) || !given || !SIGNATURE.test(given)) return null
	if (expires * 1000 <= now) return null
	const expected = Buffer.from(signature(secret, uploadId, variant, expires))
	return crypto.timingSafeEqual(Buffer.from(given), expected) ? variant : null
}
