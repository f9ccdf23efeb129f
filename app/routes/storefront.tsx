import { data, Outlet } from 'react-router'
import { isLocale } from '#domain/i18n/negotiate.ts'
import type { Route } from './+types/storefront'

/**
 * Every customer-facing page sits under its language: /en/…, /ro/…, /es/… (ADR 0106). A first segment
 * that is no language names no page: a real 404 before any loader runs. The language itself was read
 * from the URL when the request's context was made (server/http/create-app.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
	({ params }, next) => {
		if (!isLocale(params.lang)) throw data(null, { status: 404 })
		return next()
	},
]

export default function Storefront() {
	return <Outlet />
}
