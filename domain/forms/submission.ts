import * as z from 'zod/mini'

/**
 * One way to submit a form (ADR 0101): every mutation is a route action that parses the posted
 * form with the form's own zod schema through parseSubmission, and every refusal has this shape.
 * `fieldErrors` holds the first message of each field (shown under it); `formError` is the first
 * message of all (the spec's toast: 'Eroare validare' and that message).
 */
export type FormErrors = { fieldErrors: Record<string, string>; formError: string | null }

/**
 * A refusal as a JSON endpoint answers it (uploads, the checkout API): the same errors, a stable
 * `code` a client can branch on, and the toast's `title` where the admin shows one. With the forms'
 * refusals below, every refusal the shop answers carries `errors` in the one shape.
 */
export type ErrorBody = { code: string; errors: FormErrors; title?: string }

/** A JSON refusal: `message` is the form error, and the error of `field` when one is named. */
export function errorBody(code: string, message: string, options: { field?: string; title?: string } = {}): ErrorBody {
	return { code, errors: formError(message, options.field), ...(options.title ? { title: options.title } : {}) }
}

/** A refusal as an action answers it: the errors in the one shape and what was sent, to show it again. */
export type RejectedSubmission = { errors: FormErrors; values: Record<string, unknown> }

/**
 * An admin refusal: the one shape plus the title of its toast ('Eroare validare' when a schema
 * refused it, 'Eroare' or the failed action's message when a rule or the service did).
 */
export type AdminRejection = RejectedSubmission & { title: string }

/** What a parse gives: the schema's output, or the errors with what was sent, to show it again. */
export type Submission<Output> = { ok: true; value: Output } | { ok: false; errors: FormErrors; values: Record<string, unknown> }

/** A name ending in [] always gives a list, even with one value (checkboxes, multi-selects). */
const LIST_SUFFIX = '[]'

/**
 * The posted values as a plain object. FormData and URLSearchParams (a form sent before the
 * page's JavaScript, or by useSubmit): a repeated name or a name ending in [] gives a list; files
 * are left out (uploads have their own endpoints and limits). A JSON object passes as it is.
 */
export function submittedValues(input: FormData | URLSearchParams | Record<string, unknown>): Record<string, unknown> {
	if (!(input instanceof FormData) && !(input instanceof URLSearchParams)) return input
	const values: Record<string, unknown> = {}
	for (const [rawName, value] of input.entries()) {
		if (typeof value !== 'string') continue
		const list = rawName.endsWith(LIST_SUFFIX)
		const name = list ? rawName.slice(0, -LIST_SUFFIX.length) : rawName
		const current = values[name]
		if (current === undefined) values[name] = list ? [value] : value
		else values[name] = Array.isArray(current) ? [...current, value] : [current, value]
	}
	return values
}

/** The errors of a failed parse: each field's first message, and the first of all. */
export function errorsOf(error: z.core.$ZodError): FormErrors {
	const fieldErrors: Record<string, string> = {}
	for (const issue of error.issues) {
		const field = issue.path.map(String).join('.')
		fieldErrors[field] ??= issue.message
	}
	return { fieldErrors, formError: error.issues[0]?.message ?? null }
}

/** A refusal that is not about one field (a rule the service checked, a rate limit, …). */
export function formError(message: string, field?: string): FormErrors {
	return { fieldErrors: field ? { [field]: message } : {}, formError: message }
}

/** Parses a submission with the form's schema. Intents are a discriminated union on `intent`. */
export function parseSubmission<Schema extends z.core.$ZodType>(
	schema: Schema,
	input: FormData | URLSearchParams | Record<string, unknown>,
): Submission<z.output<Schema>> {
	const values = submittedValues(input)
	const parsed = z.safeParse(schema, values)
	if (parsed.success) return { ok: true, value: parsed.data }
	return { ok: false, errors: errorsOf(parsed.error), values }
}
