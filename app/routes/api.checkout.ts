import { errorBody } from '#domain/forms/submission.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { readJson, RequestBodyError } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { handleCheckoutRequest } from '#server/orders/checkout-request.ts'
import { checkoutVisitor } from '#server/orders/checkout-visitor.ts'
import type { Route } from './+types/api.checkout'

export function loader() {
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}

/**
 * POST JSON { items, currency, shippingData } → { ok: true, url, orderId }, or a 4xx with the one
 * error shape ({ ok: false, code, errors }): the public checkout API (docs/api.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	let body: unknown
	try {
		body = await readJson(request)
	} catch (error) {
		if (error instanceof RequestBodyError && error.status === 413) {
			return Response.json(
				{ ok: false, ...errorBody('failure', serverI18n(app.locale).t('checkout.failure')) },
				{ status: 413, headers: { 'Cache-Control': 'no-store' } },
			)
		}
		// Not JSON: the validation answers it like an empty body.
		body = undefined
	}
	// The account comes from the server session (root middleware), never from the request body.
	const visitor = await checkoutVisitor(app, request)
	const result = await handleCheckoutRequest(app, body, { userId: getCurrentUser(context)?.id ?? null, visitorId: visitor.id })
	const headers = new Headers({ 'Cache-Control': 'no-store', 'Set-Cookie': visitor.setCookie })
	if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds))
	return Response.json(result.body, { status: result.status, headers })
}
