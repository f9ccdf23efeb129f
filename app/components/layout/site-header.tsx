import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { UserMenu } from '../account/user-menu.tsx'
import { CartButton } from '../cart/cart-button.tsx'

export function SiteHeader() {
	const { t } = useTranslation()
	const links = [
		{ to: '/', label: t('nav.home') },
		{ to: '/catalog', label: t('nav.shop') },
		{ to: '/about', label: t('nav.about') },
		{ to: '/contact', label: t('nav.contact') },
	]
	return (
		<header className="border-b border-sand bg-cream/95">
			<a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:bg-white focus:px-4 focus:py-2">
				{t('nav.skipToContent')}
			</a>
			<div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
				<Link to="/" className="font-serif text-xl font-semibold text-clay-dark">
					{t('meta.siteName')}
				</Link>
				<nav aria-label={t('nav.mainNavigation')}>
					<ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
						{links.map((link) => (
							<li key={link.to}>
								<NavLink to={link.to} end className={({ isActive }) => (isActive ? 'font-semibold text-clay-dark' : 'hover:text-clay-dark')}>
									{link.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-1">
					<UserMenu />
					<CartButton />
				</div>
			</div>
		</header>
	)
}
