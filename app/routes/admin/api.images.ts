import { data } from 'react-router'
import { answerUpload } from '#server/admin/upload.ts'
import { AdminUploadError, storeAdminImage } from '#server/media/admin-images.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/api.images'

/** Where each kind of catalogue image is stored (spec §7). */
const PREFIXES = { product: 'products', category: 'categories' } as const

/**
 * POST multipart `file` + `purpose` (product | category): stores one catalogue image and answers
 * 201 { url }, or 4xx { error, title, message } with the spec's toast texts.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const user = guardedUser(context)
	return answerUpload(request, adminT('messages.imageUpload'), async (file) => {
		const purpose = file.fields.purpose
		if (purpose !== 'product' && purpose !== 'category') throw new AdminUploadError('missing')
		const stored = await storeAdminImage(app.storage, file.bytes, PREFIXES[purpose])
		app.log.info({ key: stored.key, uploadedBy: user.id }, 'catalogue image uploaded')
		return { url: stored.url }
	})
}

export function loader() {
	return data({ error: 'not-found' }, { status: 404 })
}
