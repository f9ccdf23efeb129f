import { data } from 'react-router'
import { uploadMedia } from '#server/admin/media.ts'
import { AdminUploadError, readUploadedFile } from '#server/admin/upload.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { MEDIA_FOLDERS, type MediaFolder } from '#domain/enums.ts'
import { fill, ro } from '#domain/admin/texts.ts'
import type { Route } from './+types/api.media'

/**
 * POST multipart `folder` + `file`: one media library file, answered 201 { id, filename, url, size },
 * or 4xx { error, title, message } with the spec's toast texts ('Fișier invalid', 'Fișier prea mare').
 */
export async function action(args: Route.ActionArgs) {
	const user = guardedUser(args.context)
	const app = getApp(args.context)
	if (args.request.method !== 'POST') return data({ error: 'method' }, { status: 405, headers: { Allow: 'POST' } })
	let filename = ''
	try {
		const file = await readUploadedFile(args.request)
		filename = file.filename
		const folder = file.fields.folder as MediaFolder
		if (!MEDIA_FOLDERS.includes(folder)) throw new AdminUploadError('missing')
		const row = await uploadMedia(app, { folder, filename: file.filename, bytes: file.bytes, uploadedBy: user.id })
		app.log.info({ mediaId: row.id, uploadedBy: user.id }, 'media uploaded')
		return data({ id: row.id, filename: row.filename, url: row.url, size: row.size }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (!(error instanceof AdminUploadError)) throw error
		const name = filename || 'Fișierul'
		const body =
			error.reason === 'too-large'
				? { error: error.reason, title: ro.messages.fileTooLarge, message: fill(ro.messages.fileTooLargeText, { name }) }
				: error.reason === 'invalid'
					? { error: error.reason, title: ro.messages.invalidFile, message: fill(ro.messages.invalidFileText, { name }) }
					: { error: error.reason, title: ro.common.error, message: ro.messages.mediaLoad }
		return data(body, { status: error.status })
	}
}

export function loader() {
	return data({ error: 'not-found' }, { status: 404 })
}
