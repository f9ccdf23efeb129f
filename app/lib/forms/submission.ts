import { useEffect } from 'react'
import { data } from 'react-router'
import { notify, SUBMISSION_RESULT } from '#app/components/toasts.tsx'
import { formError, type FormErrors, type RejectedSubmission } from '#domain/forms/submission.ts'

export type { RejectedSubmission }

/**
 * The route side of one way to submit a form (ADR 0101). An action parses with
 * parseSubmission (domain/forms/submission.ts) and, when it refuses, returns rejectSubmission:
 * the errors in the one shape and what was sent, so the form shows it again instead of losing it.
 */
export function rejectSubmission(errors: FormErrors, values: Record<string, unknown> = {}, status = 400, headers?: HeadersInit) {
	return data<RejectedSubmission>({ errors, values }, { status, headers })
}

/** What a service refuses with: a message key, a status and, when throttled, the seconds until the next try. */
export type ServiceRefusal = { status: number; message: string; retryAfterSeconds?: number }

/**
 * A service's refusal as a rejected submission. A throttled attempt says when to come back
 * (RFC 9110 §10.2.3), as a 429 should; the route's `headers` keeps it on a no-JavaScript post
 * (server/http/action-headers.ts).
 */
export function rejectRefusal(refusal: ServiceRefusal, values: Record<string, unknown>, field?: string) {
	const headers = refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : undefined
	return rejectSubmission(formError(refusal.message, field), values, refusal.status, headers)
}

/** Whether an action's answer is a refusal in the one shape. */
export function isRejected(result: unknown): result is RejectedSubmission {
	return !!result && typeof result === 'object' && 'errors' in result && !!(result as RejectedSubmission).errors
}

/**
 * Shows a refusal's first error as a toast ('Eroare validare' and the message in the spec), once
 * per answer. `title` is already in the page's language; `translate` turns a message key into text
 * on storefront pages (admin messages are Romanian text already).
 */
export function useSubmissionToast(result: unknown, title: string, translate: (message: string) => string = (message) => message) {
	const formError = isRejected(result) ? result.errors.formError : null
	useEffect(() => {
		if (formError) notify({ type: 'error', title, description: translate(formError) }, { replaces: SUBMISSION_RESULT })
		// A new answer object is a new refusal, even with the same message.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [result])
}
