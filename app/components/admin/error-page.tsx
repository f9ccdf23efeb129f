import { isRouteErrorResponse } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { buttonPrimary } from './ui.tsx'

/**
 * What an admin page shows when its loader or action throws (ADR 0103): a Romanian message inside
 * the admin, not the storefront's error page. 404 for an unknown page or record, 503 while the
 * database is away, anything else a generic error (the details are in the server log).
 */
export function AdminErrorPage({ error }: { error: unknown }) {
	const status = isRouteErrorResponse(error) ? error.status : 500
	const [title, text] =
		status === 404
			? [adminT('errors.notFoundTitle'), adminT('errors.notFoundText')]
			: status === 503
				? [adminT('errors.unavailableTitle'), adminT('errors.unavailableText')]
				: [adminT('errors.title'), adminT('errors.text')]
	return (
		<section aria-labelledby="admin-error-title" role="alert" className="rounded-2xl bg-white p-8 text-center shadow-sm">
			<title>{`${title} | ${adminT('nav.title')}`}</title>
			<meta name="robots" content="noindex" />
			<p className="text-sm font-semibold text-clay-dark">{status}</p>
			<h1 id="admin-error-title" className="mt-2 font-serif text-3xl">
				{title}
			</h1>
			<p className="mt-4 text-muted">{text}</p>
			<Link to="/admin" className={`${buttonPrimary} mt-6`}>
				{adminT('errors.backToDashboard')}
			</Link>
		</section>
	)
}
