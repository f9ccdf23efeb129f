import { getApp } from '#server/context.ts'
import { objectResponse } from '#server/storage/download.ts'
import { checkPhotoLink } from '#server/uploads/photo-links.ts'
import { portraitPhotoFile } from '#server/uploads/portrait-uploads.ts'
import type { Route } from './+types/api.uploads.portrait.$id'

/** Short enough that a copied storage address is of no use by the time it is shared. */
const PRESIGNED_SECONDS = 60

const refuse = (status: 403 | 404) =>
	new Response(status === 403 ? 'Forbidden' : 'Not found', { status, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/**
 * A customer's portrait photo, through a signed, short-lived link only (ADR 0173): without a valid
 * signature, or after it expired, 403; for an unknown or deleted photo, 404. On S3 a pre-signed
 * URL of the private object answers (a redirect); elsewhere the shop streams it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const variant = checkPhotoLink(app.secret, params.id, new URL(request.url).searchParams)
	if (!variant) return refuse(403)
	const file = await portraitPhotoFile(app.db, params.id, variant)
	if (!file) return refuse(404)
	const presigned = await app.storage.presignedUrl(file.key, { expiresInSeconds: PRESIGNED_SECONDS })
	if (presigned) return new Response(null, { status: 302, headers: { Location: presigned, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } })
	const object = await app.storage.get(file.key)
	if (!object) return refuse(404)
	// The link expires; a browser may keep the picture meanwhile, no shared cache may.
	return objectResponse(object, { cacheControl: 'private, max-age=600' })
}
