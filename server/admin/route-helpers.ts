import { data } from 'react-router'
import type * as z from 'zod/mini'
import { readFormData, readJson } from '../http/request-body.ts'
import type { RequestContext } from '../context.ts'
import { redirectWithToast } from '../toast.ts'
import { isUuid } from '#domain/ids.ts'
import { formError, parseSubmission, submittedValues, type AdminRejection, type FormErrors } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { EditConflictError } from './edit-conflict.ts'
import { AdminInputError } from './errors.ts'

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

/**
 * An admin edit form's save, the one way: what was posted is parsed with the form's schema (the
 * browser's), saved, and the owner is sent to `saved(result).to` with its toast. A refusal keeps what
 * was typed: the schema's messages (400), what changed meanwhile (409, ADR 0225), the rule the save
 * broke (AdminInputError, its status; `gone` replaces the message when the record was deleted in
 * another tab), or `failure` for anything else (500, logged as `what` save failed). `refuse` answers
 * a form's own kind of refusal first, or returns undefined.
 */
export async function saveAdminForm<Schema extends z.core.$ZodType, Saved>(
	app: RequestContext,
	request: Request,
	form: {
		schema: Schema
		save: (value: z.output<Schema>) => Promise<Saved>
		saved: (result: Saved) => { to: string; title: string }
		failure: string
		what: string
		gone?: string
		refuse?: (error: unknown, values: Record<string, unknown>) => ReturnType<typeof rejectAdminSubmission> | undefined
	},
) {
	const posted = await readAdminSubmission(request)
	const submission = parseSubmission(form.schema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, submission.values)
	const values = submittedValues(posted)
	try {
		const done = form.saved(await form.save(submission.value))
		return redirectWithToast(app, done.to, { type: 'success', title: done.title })
	} catch (error) {
		if (error instanceof EditConflictError) return rejectEditConflict(error, values)
		const refused = form.refuse?.(error, values)
		if (refused) return refused
		if (error instanceof AdminInputError) {
			const message = error.status === 404 && form.gone ? form.gone : error.message
			return rejectAdminSubmission(formError(message, error.field), values, error.status, adminT('common.error'))
		}
		app.log.error({ err: error }, `${form.what} save failed`)
		return rejectAdminSubmission(formError(form.failure), values, 500, adminT('common.error'))
	}
}

/**
 * An admin page's loader, the one way to fail: `load`'s answer, or, when it throws (the database
 * did not answer), `fallback`, an empty page, marked loadError with a 503 and a log line naming
 * `what`: the page shows its own failure message instead of the error page.
 */
export async function loadAdminPage<Page extends object>(app: RequestContext, what: string, load: () => Promise<Page>, fallback: NoInfer<Page>) {
	try {
		return { loadError: false, ...(await load()) }
	} catch (error) {
		app.log.error({ err: error }, `admin ${what} failed`)
		return data({ loadError: true, ...fallback }, { status: 503 })
	}
}
