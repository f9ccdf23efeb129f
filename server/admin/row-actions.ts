import type { RouterContextProvider } from 'react-router'
import { ro } from '#domain/admin/texts.ts'
import { isUuid } from '#domain/ids.ts'
import { rowActionSchema } from '#domain/forms/admin-row-action.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { getApp, type RequestContext } from '../context.ts'
import { readFormData } from '../http/request-body.ts'
import { errorToast, toastResult } from './route-helpers.ts'

/** What a list's toggle and delete do, and the toasts they answer with (spec §8). */
export type RowActionConfig = {
	/** The new state, or null when there is no such row. */
	setActive: (app: RequestContext, id: string, active: boolean) => Promise<boolean | null>
	/** Deletes the row and what the service owns with it (stored pictures); false when there is none. */
	remove: (app: RequestContext, id: string) => Promise<boolean>
	messages: { activated: string; deactivated: string; deleted: string; updateFailed: string; deleteFailed: string }
}

/**
 * The action of an admin list with row actions (ADR 0103): parses intent=toggle|delete with the
 * shared submission helper, calls the service and answers with a toast. A bad id is a 404, an
 * unknown intent a 400 (the update message), a row that is gone a 404.
 */
export function rowActions(config: RowActionConfig) {
	return async function action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
		const app = getApp(context)
		const submission = parseSubmission(rowActionSchema, await readFormData(request))
		if (!submission.ok) return isUuid(submission.values.id) ? errorToast(config.messages.updateFailed) : errorToast(ro.common.notFound, 404)
		const { messages } = config
		const row = submission.value
		if (row.intent === 'toggle') {
			const state = await config.setActive(app, row.id, row.active)
			if (state === null) return errorToast(messages.updateFailed, 404)
			return toastResult({ type: 'success', title: state ? messages.activated : messages.deactivated })
		}
		if (!(await config.remove(app, row.id))) return errorToast(messages.deleteFailed, 404)
		return toastResult({ type: 'success', title: messages.deleted })
	}
}
