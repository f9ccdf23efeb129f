import { Readable } from 'node:stream'
import { getApp } from '#server/context.ts'
import { openPortraitUpload } from '#server/uploads/portrait-uploads.ts'
import type { Route } from './+types/api.uploads.portrait.$id'

/** The photo of one upload, by its random id. Unknown, malformed and expired ids all answer 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
	const object = await openPortraitUpload(getApp(context), params.id)
	if (!object) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
	return new Response(Readable.toWeb(object.body) as ReadableStream, {
		headers: {
			'Content-Type': object.contentType,
			'Content-Length': String(object.size),
			// The id is a secret link: keep it out of shared caches, but a browser may keep the picture.
			'Cache-Control': 'private, max-age=86400, immutable',
			'Content-Disposition': 'inline',
		},
	})
}
