import { data, Outlet } from 'react-router'
import { isLocale } from '#domain/i18n/negotiate.ts'
import type { Route } from './+types/storefront'

/**
 * Every customer-facing page sits under its language: /en/…, /ro/…, /es/… (ADR 0106). A first segment
 * that is no language names no page: a real 404. It is thrown by this loader rather than a middleware,
 * so the root loader still runs and the 404 page is framed by the site in the visitor's language. The
 * language itself was read from the URL when the request's context was made (server/http/create-app.ts).
 */
export function loader({ params }: Route.LoaderArgs) {
	if (!isLocale(params.lang)) throw data(null, { status: 404 })
	return null
}

export default function Storefront() {
	return <Outlet />
}
