import { stripLocale } from '#domain/i18n/paths.ts'
import { isRouteErrorResponse, type ClientActionFunctionArgs } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import { formError, submittedValues, type AdminRejection } from '#domain/forms/submission.ts'

/**
 * Nothing typed is lost when a save fails (ADR 0126). An admin form's route exports
 * `clientAction = keepTypedForm(message)`: in the browser the submission still goes to the server
 * action, but
 * - when the server cannot answer (database outage: the root's 503, a dropped connection, a
 *   server error) the page stays, and the form gets the save's failure message ('Nu s-a putut salva
 *   produsul') as a refusal holding what was typed, so the same save can be sent again;
 * - before sending, the typed form is kept in sessionStorage; when the answer is a sign-in
 *   (expired session) it stays there and the form takes it back after sign-in (returnUrl brings
 *   the owner back); any other answer clears it.
 */
const STASH_PREFIX = 'admin-form:'
/** A stash older than this is stale (the owner went elsewhere); it is dropped, not restored. */
const STASH_MAX_AGE_MS = 60 * 60_000

type Stash = { savedAt: number; values: Record<string, unknown> }

function stashKey(pathname: string) {
	return `${STASH_PREFIX}${pathname}`
}

function isSignInRedirect(error: unknown) {
	if (!(error instanceof Response)) return false
	const location = error.headers.get('Location') ?? error.headers.get('X-Remix-Redirect') ?? ''
	// The sign-in page, in whichever language the guard sent the owner to (ADR 0106).
	return stripLocale(location).startsWith('/login')
}

export function keepTypedForm(failedMessage: string) {
	return async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
		const pathname = new URL(request.url).pathname
		const values = submittedValues(await request.clone().formData())
		try {
			sessionStorage.setItem(stashKey(pathname), JSON.stringify({ savedAt: Date.now(), values } satisfies Stash))
		} catch {
			// No storage (private mode, quota): the save still goes ahead.
		}
		try {
			const answer = await serverAction()
			dropStashedForm(pathname)
			return answer
		} catch (error) {
			if (isSignInRedirect(error)) throw error
			dropStashedForm(pathname)
			// Redirects (a saved form going back to its list) and the server's own 4xx pages stay as they are.
			if (error instanceof Response) throw error
			if (isRouteErrorResponse(error) && error.status < 500) throw error
			return { errors: formError(failedMessage), values, title: adminT('common.error') } satisfies AdminRejection
		}
	}
}

/** The form typed before a sign-in interrupted its save, once (it is removed as it is read). */
export function takeStashedForm(pathname: string): Record<string, unknown> | null {
	try {
		const raw = sessionStorage.getItem(stashKey(pathname))
		if (!raw) return null
		sessionStorage.removeItem(stashKey(pathname))
		const stash = JSON.parse(raw) as Stash
		if (Date.now() - stash.savedAt > STASH_MAX_AGE_MS || !stash.values || typeof stash.values !== 'object') return null
		return stash.values
	} catch {
		return null
	}
}

function dropStashedForm(pathname: string) {
	try {
		sessionStorage.removeItem(stashKey(pathname))
	} catch {
		// Nothing kept.
	}
}
