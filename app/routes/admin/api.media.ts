import { data } from 'react-router'
import { errorBody } from '#domain/forms/submission.ts'
import { listMedia, uploadMedia } from '#server/media/library.ts'
import { answerUpload } from '#server/admin/upload.ts'
import { AdminUploadError } from '#server/media/admin-images.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { MEDIA_FOLDERS, type MediaFolder } from '#domain/enums.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/api.media'

/**
 * POST multipart `folder` + `file`: one media library file, answered 201 { id, filename, url, size },
 * or 4xx in the one error shape with the spec's toast title and text ('Fișier invalid', 'Fișier prea mare').
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const user = guardedUser(context)
	return answerUpload(request, adminT('messages.mediaLoad'), async (file) => {
		const folder = file.fields.folder as MediaFolder
		if (!MEDIA_FOLDERS.includes(folder)) throw new AdminUploadError('missing')
		const row = await uploadMedia(app, { folder, filename: file.filename, bytes: file.bytes, uploadedBy: user.id })
		app.log.info({ mediaId: row.id, uploadedBy: user.id }, 'media uploaded')
		return { id: row.id, filename: row.filename, url: row.url, size: row.size }
	})
}

/** GET ?folder=…: the folder's images for the library picker (product, category and home forms). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const folder = new URL(request.url).searchParams.get('folder') as MediaFolder
	if (!MEDIA_FOLDERS.includes(folder)) return data(errorBody('not-found', adminT('common.notFound')), { status: 404 })
	const files = await listMedia(getApp(context).db, folder)
	return { folder, files: files.map(({ id, filename, url, uses }) => ({ id, filename, url, used: uses.length > 0 })) }
}
