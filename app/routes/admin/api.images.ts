import { data } from 'react-router'
import { errorBody } from '#domain/forms/submission.ts'
import { answerUpload } from '#server/admin/upload.ts'
import { AdminUploadError } from '#server/media/admin-images.ts'
import { uploadMedia } from '#server/media/library.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/api.images'

/**
 * POST multipart `file` + `purpose` (product | category): stores one catalogue image in the media
 * library's products folder (the library is the one place for images, ADR 0132) and answers
 * 201 { url }, or 4xx in the one error shape with the spec's toast title and text.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const user = guardedUser(context)
	return answerUpload(request, adminT('messages.imageUpload'), async (file) => {
		const purpose = file.fields.purpose
		if (purpose !== 'product' && purpose !== 'category') throw new AdminUploadError('missing')
		const row = await uploadMedia(app, { folder: 'products', filename: file.filename, bytes: file.bytes, uploadedBy: user.id })
		app.log.info({ mediaId: row.id, purpose, uploadedBy: user.id }, 'catalogue image uploaded')
		return { url: row.url }
	})
}

export function loader() {
	return data(errorBody('not-found', adminT('common.notFound')), { status: 404 })
}
