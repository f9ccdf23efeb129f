import { data } from 'react-router'
import { errorBody } from '#domain/forms/submission.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { hitRateLimit } from '#server/security/rate-limit.ts'
import { PortraitUploadError, receivePortraitUpload } from '#server/uploads/portrait-uploads.ts'
import type { Route } from './+types/api.uploads.portrait'

/** Uploads per visitor address and window: plenty for a customer, a brake on a script. */
const UPLOAD_LIMIT = { limit: 40, windowSeconds: 10 * 60 }

/** POST a multipart `photo`: answers 201 { id, url }, or 4xx in the one error shape, its `code` the message's translation key. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	if (request.method !== 'POST') return data(errorBody('methodNotAllowed', t('portrait.uploadFailed')), { status: 405, headers: { Allow: 'POST' } })
	const limited = await hitRateLimit(app.db, `portrait-upload:${app.clientIp}`, UPLOAD_LIMIT)
	if (!limited.allowed) {
		return data(errorBody('portrait.tooManyUploads', t('portrait.tooManyUploads')), {
			status: 429,
			headers: { 'Retry-After': String(limited.retryAfterSeconds) },
		})
	}
	try {
		const upload = await receivePortraitUpload(app, request, { userId: getCurrentUser(context)?.id ?? null })
		app.log.info({ uploadId: upload.id }, 'portrait photo uploaded')
		return data(upload, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof PortraitUploadError) return data(errorBody(error.messageKey, t(error.messageKey)), { status: error.status })
		throw error
	}
}

/** There is nothing to list here: uploads are reachable only by their random id. */
export function loader({ context }: Route.LoaderArgs) {
	return data(errorBody('notFound', serverI18n(getApp(context).locale).t('notFound.title')), { status: 404 })
}
