import { adminT } from '#domain/i18n/admin.ts'
import { checkImageFile } from '#domain/media.ts'
import type { ErrorBody } from '#domain/forms/submission.ts'
import { notify } from '../toasts.tsx'

export type UploadAnswer<T> = { ok: true; value: T } | { ok: false; title: string; message: string }

/**
 * Sends one file with XMLHttpRequest (fetch has no upload progress) to an admin upload endpoint,
 * reporting progress in percent. Refusals come back with the toast title and message to show.
 */
export function uploadFile<T>(
	endpoint: string,
	file: File,
	fields: Record<string, string>,
	onProgress: (percent: number) => void,
	fallback: string,
): Promise<UploadAnswer<T>> {
	return new Promise((resolve) => {
		const body = new FormData()
		for (const [name, value] of Object.entries(fields)) body.append(name, value)
		body.append('file', file)
		const request = new XMLHttpRequest()
		request.open('POST', endpoint)
		request.responseType = 'json'
		request.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
		}
		request.onload = () => {
			const response = request.response as (T & Partial<ErrorBody>) | null
			const message = response?.errors?.formError
			if (request.status === 201 && response) resolve({ ok: true, value: response })
			else if (typeof response?.title === 'string' && typeof message === 'string') resolve({ ok: false, title: response.title, message })
			else resolve({ ok: false, title: adminT('common.error'), message: fallback })
		}
		request.onerror = () => resolve({ ok: false, title: adminT('common.error'), message: fallback })
		request.send(body)
	})
}

/** The browser's check of one chosen image before it is sent: false (with the spec's toast) when refused. */
export function acceptImageFile(file: File): boolean {
	const rejection = checkImageFile(file)
	if (rejection === 'invalid')
		notify({ type: 'error', title: adminT('messages.invalidFile'), description: adminT('messages.invalidFileText', { name: file.name }) })
	else if (rejection === 'too-large')
		notify({ type: 'error', title: adminT('messages.fileTooLarge'), description: adminT('messages.fileTooLargeText', { name: file.name }) })
	return rejection === null
}
