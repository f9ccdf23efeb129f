import { data } from 'react-router'
import { readFormData, readJson } from '../http/request-body.ts'
import { isUuid } from '#domain/ids.ts'
import type { AdminRejection, FormErrors } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { EditConflictError } from './edit-conflict.ts'

/** A bad or unknown id is a 404 page, never a 500 (the root error boundary renders it). */
export function notFound(): never {
	throw data(null, { status: 404 })
}

/** The id from the URL, or a 404 when it is not a UUID. */
export function uuidParam(value: string | undefined): string {
	if (!isUuid(value)) notFound()
	return value
}

/**
 * An admin refusal in the one shape (ADR 0101) plus its toast's title, keeping what was sent: the
 * page shows the first error as a toast with that title ('Eroare validare' by default, for a schema).
 */
export function rejectAdminSubmission(
	errors: FormErrors,
	values: Record<string, unknown> = {},
	status = 400,
	title: string = adminT('common.validationError'),
) {
	return data<AdminRejection>({ errors, values, title }, { status })
}

/**
 * A save refused because the record changed meanwhile (ADR 0225), in the one shape: the message
 * names what changed, each of those fields says so under it, and the values sent back are what the
 * admin typed with the newest values in the fields they did not touch, plus the new version and
 * what it holds: saving that form again applies the admin's changes on top.
 */
export function rejectEditConflict(conflict: EditConflictError, posted: Record<string, unknown>) {
	const fieldErrors = Object.fromEntries(conflict.changed.map((field) => [field, adminT('conflict.field')]))
	const values = { ...posted, ...conflict.fresh, version: String(conflict.version), loaded: JSON.stringify(conflict.current) }
	return rejectAdminSubmission({ fieldErrors, formError: conflict.message }, values, 409, adminT('common.error'))
}

/** An admin action's answer carrying one (success) toast. */
export function toastResult(toast: Toast, status = 200) {
	return data({ toast }, { status })
}

/**
 * What an admin form posted: FormData as the browser sends it (ADR 0101), or a JSON object from a
 * script; parseSubmission reads either with the form's schema. An unreadable JSON body is null.
 */
export async function readAdminSubmission(request: Request): Promise<FormData | Record<string, unknown>> {
	if ((request.headers.get('content-type') ?? '').includes('application/json')) {
		const body: unknown = await readJson(request).catch(() => null)
		return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
	}
	return readFormData(request)
}
