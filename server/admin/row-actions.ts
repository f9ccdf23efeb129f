import type { RouterContextProvider } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import { isUuid } from '#domain/ids.ts'
import { rowActionSchema } from '#domain/forms/admin-row-action.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { getApp, type RequestContext } from '../context.ts'
import { readFormData } from '../http/request-body.ts'
import { redirectWithToast } from '../toast.ts'
import { rejectAdminSubmission, toastResult } from './route-helpers.ts'

/** What a list's toggle and delete do, and the toasts they answer with. */
export type RowActionConfig = {
	/** The new state, or null when there is no such row. */
	setActive: (app: RequestContext, id: string, active: boolean) => Promise<boolean | null>
	/** Deletes the row and what the service owns with it (stored pictures); false when there is none. */
	remove: (app: RequestContext, id: string) => Promise<boolean>
	messages: { activated: string; deactivated: string; deleted: string; updateFailed: string; deleteFailed: string }
}

/**
 * The action of an admin list with row actions (ADR 0103): parses intent=toggle|delete with the
 * shared submission helper, calls the service and answers with a success toast or a refusal in the
 * one shape (title 'Eroare'). A bad id is a 404, an unknown intent a 400 (the update message), a row
 * that is gone a 404.
 */
export function rowActions(config: RowActionConfig) {
	return async function action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
		return answerRowAction(getApp(context), request, submittedValues(await readFormData(request)), config)
	}
}

/**
 * The list a row action was posted from, with its filters. A delete answers by going back there with
 * its toast: the deleted row's own component leaves the page with the list's revalidation, and a toast
 * it would show itself can be lost when both land in one render (seen on a busy machine).
 */
export function listPathOf(request: Request) {
	const url = new URL(request.url)
	url.searchParams.delete('index')
	return `${url.pathname}${url.search}`
}

/** The toggle or delete of one row from an already read form (for lists whose action has more intents). */
export async function answerRowAction(app: RequestContext, request: Request, posted: Record<string, unknown>, config: RowActionConfig) {
	const submission = parseSubmission(rowActionSchema, posted)
	const { messages } = config
	const refuse = (message: string, status: number) => rejectAdminSubmission(formError(message), posted, status, adminT('common.error'))
	if (!submission.ok) return isUuid(posted.id) ? refuse(messages.updateFailed, 400) : refuse(adminT('common.notFound'), 404)
	const row = submission.value
	if (row.intent === 'toggle') {
		const state = await config.setActive(app, row.id, row.active)
		if (state === null) return refuse(messages.updateFailed, 404)
		return toastResult({ type: 'success', title: state ? messages.activated : messages.deactivated })
	}
	if (!(await config.remove(app, row.id))) return refuse(messages.deleteFailed, 404)
	return redirectWithToast(app, listPathOf(request), { type: 'success', title: messages.deleted })
}
