import { data } from 'react-router'
import { isUuid } from '#domain/ids.ts'
import type { Toast } from '#domain/toast.ts'
import { ro } from '#domain/admin/texts.ts'

/** A bad or unknown id is a 404 page, never a 500 (the root error boundary renders it). */
export function notFound(): never {
	throw data(null, { status: 404 })
}

/** The id from the URL, or a 404 when it is not a UUID. */
export function uuidParam(value: string | undefined): string {
	if (!isUuid(value)) notFound()
	return value
}

/** An action's answer carrying one toast. */
export function toastResult(toast: Toast, status = 200) {
	return data({ toast }, { status })
}

export function errorToast(message: string, status = 400, title: string = ro.common.error) {
	return toastResult({ type: 'error', title, description: message }, status)
}
