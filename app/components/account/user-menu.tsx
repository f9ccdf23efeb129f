import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * Header account control. Contract: no props; reads the signed-in user from the root loader and shows
 * account / admin (for admins) / logout, or a login link.
 * STUB until the accounts issue lands: a login link.
 */
export function UserMenu() {
	const { t } = useTranslation()
	return (
		<Link to="/login" className="rounded-full px-3 py-2 text-sm hover:text-clay-dark">
			{t('nav.login')}
		</Link>
	)
}
