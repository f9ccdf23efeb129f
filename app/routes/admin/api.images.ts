import { data } from 'react-router'
import { AdminUploadError, readUploadedFile, storeAdminImage } from '#server/admin/upload.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { fill, ro } from '#domain/admin/texts.ts'
import type { Route } from './+types/api.images'

/** Where each kind of catalogue image is stored (spec §7). */
const PREFIXES = { product: 'products', category: 'categories' } as const

/**
 * POST multipart `file` + `purpose` (product | category): stores one catalogue image and answers
 * 201 { url }, or 4xx { error, title, message } with the spec's toast texts.
 */
export async function action(args: Route.ActionArgs) {
	const user = guardedUser(args.context)
	const app = getApp(args.context)
	if (args.request.method !== 'POST') return data({ error: 'method' }, { status: 405, headers: { Allow: 'POST' } })
	let filename = ''
	try {
		const file = await readUploadedFile(args.request)
		filename = file.filename
		const purpose = file.fields.purpose
		if (purpose !== 'product' && purpose !== 'category') throw new AdminUploadError('missing')
		const stored = await storeAdminImage(app.storage, file.bytes, PREFIXES[purpose])
		app.log.info({ key: stored.key, uploadedBy: user.id }, 'catalogue image uploaded')
		return data({ url: stored.url }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (!(error instanceof AdminUploadError)) throw error
		const name = filename || 'Fișierul'
		const body =
			error.reason === 'too-large'
				? { error: error.reason, title: ro.messages.fileTooLarge, message: fill(ro.messages.fileTooLargeText, { name }) }
				: error.reason === 'invalid'
					? { error: error.reason, title: ro.messages.invalidFile, message: fill(ro.messages.invalidFileText, { name }) }
					: { error: error.reason, title: ro.common.error, message: ro.messages.imageUpload }
		return data(body, { status: error.status })
	}
}

export function loader() {
	return data({ error: 'not-found' }, { status: 404 })
}
