import { openOrderPhoto } from '#server/orders/admin-orders.ts'
import { getApp } from '#server/context.ts'
import { objectResponse } from '#server/storage/download.ts'
import { isUuid } from '#domain/ids.ts'
import type { Route } from './+types/order-photo'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/**
 * GET /admin/orders/{id}/photo/{itemId}: the customer's portrait photo of one order line, streamed
 * from storage: the original as an attachment named after the order (comanda-1a2b3c4d.jpg), or with
 * `?preview` the WebP preview the page shows. Admins only (their session, ADR 0173); bad or unknown ids are 404.
 */
export async function loader(args: Route.LoaderArgs) {
	const { id, itemId } = args.params
	if (!isUuid(id) || !isUuid(itemId)) return notFound()
	const preview = new URL(args.request.url).searchParams.has('preview')
	const photo = await openOrderPhoto(getApp(args.context), id.toLowerCase(), itemId.toLowerCase(), preview ? 'preview' : 'original')
	if (!photo) return notFound()
	return objectResponse(photo.object, { downloadName: preview ? undefined : photo.fileName, cacheControl: 'private, no-store' })
}
