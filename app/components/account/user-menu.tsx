import { useRef } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Form, useLocation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { EDITOR_ADMIN_HOME } from '#domain/admin/staff-access.ts'
import { loginUrl } from '#domain/auth/return-url.ts'
import { DEFAULT_LOCALE } from '#domain/enums.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { stripLocale } from '#domain/i18n/paths.ts'
import { useOptionalUser } from '#app/lib/auth/use-user.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

/**
 * Header account control. Contract: no props; reads the signed-in user from the root loader and shows
 * account / admin (for admins) / translations (for editors) / logout, or a login link. A <details> disclosure, so it works before
 * (and without) JavaScript.
 */
export function UserMenu() {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const user = useOptionalUser()
	const location = useLocation()
	const details = useRef<HTMLDetailsElement>(null)
	const close = () => details.current?.removeAttribute('open')

	if (!user) {
		const here = stripLocale(location.pathname) === '/login' ? '/' : location.pathname + location.search
		return (
			<Link to={loginUrl(here, isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)} className="rounded-full px-3 py-2 text-sm hover:text-clay-dark">
				{t('nav.login')}
			</Link>
		)
	}
	const item = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-sand/70 focus-visible:bg-sand/70'
	return (
		<details ref={details} className="relative">
			<summary className="cursor-pointer list-none rounded-full px-3 py-2 text-sm hover:text-clay-dark [&::-webkit-details-marker]:hidden">
				{t('nav.userMenu')}
				<span aria-hidden="true" className="ml-1 text-xs">
					▾
				</span>
			</summary>
			<div className="absolute right-0 z-20 mt-2 w-56 rounded-xl border border-sand bg-white p-2 shadow-lg">
				<p className="truncate px-3 py-1 text-xs text-muted">{user.email}</p>
				<ul>
					<li>
						<Link to={lp('/account')} className={item} onClick={close}>
							{t('nav.account')}
						</Link>
					</li>
					{user.isAdmin || user.isEditor ? (
						<li>
							<Link to={user.isAdmin ? '/admin' : EDITOR_ADMIN_HOME} className={item} onClick={close}>
								{t('nav.admin')}
							</Link>
						</li>
					) : null}
					{user.isEditor && !user.isAdmin ? (
						<li>
							<Link to="/admin/translations" className={item} onClick={close}>
								{t('nav.translations')}
							</Link>
						</li>
					) : null}
					<li>
						<Form method="post" action="/logout" onSubmit={close}>
							<button type="submit" className={item}>
								{t('nav.logout')}
							</button>
						</Form>
					</li>
				</ul>
			</div>
		</details>
	)
}
