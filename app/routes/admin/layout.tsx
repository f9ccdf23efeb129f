import type { ReactNode } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { adminArea, guardedUser } from '#server/auth/guards.ts'
import { AdminErrorPage } from '#app/components/admin/error-page.tsx'
import { adminStylesheetLinks } from '#app/components/admin/stylesheet.ts'
import { NavLink } from '#app/components/link.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { editorMayOpen } from '#domain/admin/staff-access.ts'
import type { Route } from './+types/layout'

/**
 * The one guard layer (ADR 0103): runs before every admin loader and action (and the upload endpoints).
 * Admins everywhere, editors in the catalogue, media, home page and translations (ADR 0236).
 */
export const middleware: Route.MiddlewareFunction[] = [adminArea]

export const links: Route.LinksFunction = adminStylesheetLinks

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	return { email: user.email, isAdmin: user.isAdmin }
}

export function meta() {
	return [{ title: `${adminT('nav.title')} | Lumină & Carton` }, { name: 'robots', content: 'noindex' }]
}

const navLinks = [
	{ to: '/admin', label: adminT('nav.dashboard'), end: true },
	{ to: '/admin/categories', label: adminT('nav.categories'), end: false },
	{ to: '/admin/products', label: adminT('nav.products'), end: false },
	{ to: '/admin/orders', label: adminT('nav.orders'), end: false },
	{ to: '/admin/discounts', label: adminT('nav.discounts'), end: false },
	{ to: '/admin/customers', label: adminT('nav.customers'), end: false },
	{ to: '/admin/newsletter', label: adminT('nav.newsletter'), end: false },
	{ to: '/admin/reviews', label: adminT('nav.reviews'), end: false },
	{ to: '/admin/efactura', label: adminT('nav.efactura'), end: false },
	{ to: '/admin/accounting', label: adminT('nav.accounting'), end: false },
	{ to: '/admin/reports', label: adminT('nav.reports'), end: false },
	{ to: '/admin/shipping', label: adminT('nav.shipping'), end: false },
	{ to: '/admin/media', label: adminT('nav.media'), end: false },
	{ to: '/admin/home', label: adminT('nav.home'), end: false },
	{ to: '/admin/translations', label: adminT('nav.translations'), end: false },
	{ to: '/admin/security', label: adminT('nav.security'), end: false },
	{ to: '/admin/staff', label: adminT('nav.staff'), end: false },
]

/** The admin navigation around a page, or around the error that page threw. */
function AdminShell({ email, isAdmin, children }: { email: string | undefined; isAdmin: boolean; children: ReactNode }) {
	return (
		<div lang="ro" className="mx-auto max-w-6xl px-4 py-6">
			<div className="flex flex-wrap items-center justify-between gap-3 border-b border-sand pb-3">
				<nav aria-label={adminT('nav.label')}>
					<ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
						{navLinks
							.filter((link) => isAdmin || editorMayOpen(link.to))
							.map((link) => (
								<li key={link.to}>
									<NavLink
										to={link.to}
										end={link.end}
										className={({ isActive }) => (isActive ? 'font-semibold text-clay-dark underline underline-offset-4' : 'text-ink hover:text-clay-dark')}
									>
										{link.label}
									</NavLink>
								</li>
							))}
					</ul>
				</nav>
				{email ? <p className="text-sm text-muted">{email}</p> : null}
			</div>
			<div className="pt-6">{children}</div>
		</div>
	)
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AdminShell email={loaderData.email} isAdmin={loaderData.isAdmin}>
			<Outlet />
		</AdminShell>
	)
}

/** Errors of every admin page land here: Romanian, with the admin navigation kept (ADR 0103). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const data = useRouteLoaderData<typeof loader>('routes/admin/layout')
	return (
		<AdminShell email={data?.email} isAdmin={data?.isAdmin ?? false}>
			<AdminErrorPage error={error} />
		</AdminShell>
	)
}
