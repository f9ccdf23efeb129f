import { getApp } from '#server/context.ts'
import { LOCALES } from '#domain/enums.ts'
import type { Route } from './+types/robots'

/** Pages that are private or one person's (noindex as well): kept out in every language (ADR 0106). */
const PRIVATE_PAGES = [
	'/account',
	'/cart',
	'/checkout',
	'/login',
	'/forgot-password',
	'/reset-password',
	'/verify-email',
	'/payment-success',
	'/order',
	'/review',
	'/test-payment',
	'/newsletter/unsubscribe',
	'/newsletter/confirm',
]

export function loader({ context }: Route.LoaderArgs) {
	const { env } = getApp(context)
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /admin',
		'Disallow: /api/',
		'Disallow: /account',
		...LOCALES.flatMap((locale) => PRIVATE_PAGES.map((page) => `Disallow: /${locale}${page}`)),
		`Sitemap: ${env.PUBLIC_URL}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
