import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Form, useLocation, useSearchParams } from 'react-router'
import { Link, NavLink } from '#app/components/link.tsx'
import { catalogHref } from '#domain/catalog.ts'
import { createMenuIntent } from '#app/lib/menu-intent.ts'
import { UserMenu } from '../account/user-menu.tsx'
import { CartButton } from '../cart/cart-button.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

type MenuItem = { to: string; label: string } | { label: string; note: string }

function useMenus() {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const shop: MenuItem[] = [
		{ to: lp(catalogHref({ category: 'bestsellers' })), label: t('nav.bestsellers') },
		{ to: lp(catalogHref({ filter: 'new' })), label: t('nav.newArrivals') },
		{ to: lp(catalogHref({ category: 'bundles' })), label: t('nav.bundles') },
		{ to: lp(catalogHref({ category: 'portrait_cardboard' })), label: t('nav.portraits') },
		{ to: lp(catalogHref({ category: 'candle' })), label: t('nav.candles') },
	]
	const subscribe: MenuItem[] = [
		{ to: lp('/newsletter'), label: t('nav.newsletter') },
		{ label: t('nav.candleSubscription'), note: t('nav.comingSoon') },
		{ to: lp(catalogHref({ category: 'discovery' })), label: t('nav.discoverySet') },
	]
	return [
		{ id: 'shop', label: t('nav.shop'), items: shop },
		{ id: 'subscribe', label: t('nav.subscribe'), items: subscribe },
	]
}

function MenuItems({ items, onNavigate, className }: { items: MenuItem[]; onNavigate?: () => void; className?: string }) {
	return (
		<ul className={className}>
			{items.map((item) =>
				'to' in item ? (
					<li key={item.label}>
						<Link to={item.to} onClick={onNavigate} className="block rounded-lg px-3 py-2 hover:bg-sand">
							{item.label}
						</Link>
					</li>
				) : (
					<li key={item.label} className="px-3 py-2 text-muted">
						{item.label} <span className="ml-1 rounded-full bg-sand px-2 py-0.5 text-xs text-ink">{item.note}</span>
					</li>
				),
			)}
		</ul>
	)
}

/**
 * Shop and Subscribe drop-downs: hover with 200/300/150 ms delays, click, Escape, click outside.
 * From 1024 px only: below that the Spanish and Romanian labels do not fit beside the logo and the
 * account and cart buttons, and the phone menu serves tablets too.
 */
function DesktopMenus() {
	const menus = useMenus()
	const [open, setOpen] = useState<string | null>(null)
	const [intent] = useState(() => createMenuIntent((next) => setOpen(next)))
	const location = useLocation()
	useEffect(() => () => intent.dispose(), [intent])
	useEffect(() => intent.close(), [location, intent])
	useEffect(() => {
		if (!open) return
		const onDown = (event: PointerEvent) => {
			if (!(event.target as Element | null)?.closest?.('[data-nav-menu]')) intent.close()
		}
		// Escape closes a menu opened by hover too, wherever the focus is.
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') intent.close()
		}
		document.addEventListener('pointerdown', onDown)
		document.addEventListener('keydown', onKey)
		return () => {
			document.removeEventListener('pointerdown', onDown)
			document.removeEventListener('keydown', onKey)
		}
	}, [open, intent])

	return (
		<>
			{menus.map((menu) => {
				const expanded = open === menu.id
				const mouse = (handler: () => void) => (event: React.PointerEvent) => {
					if (event.pointerType === 'mouse') handler()
				}
				return (
					<li
						key={menu.id}
						data-nav-menu
						className="relative"
						onPointerEnter={mouse(() => intent.enter(menu.id))}
						onPointerLeave={mouse(() => intent.leave())}
						onKeyDown={(event) => {
							if (event.key === 'Escape' && expanded) {
								intent.close()
								;(event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus()
							}
						}}
						onBlur={(event) => {
							if (expanded && !event.currentTarget.contains(event.relatedTarget as Node | null)) intent.close()
						}}
					>
						<button
							type="button"
							aria-expanded={expanded}
							aria-controls={`menu-${menu.id}`}
							onClick={() => intent.toggle(menu.id)}
							className="flex min-h-11 items-center gap-1 hover:text-clay-dark"
						>
							{menu.label}
							<svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition ${expanded ? 'rotate-180' : ''}`}>
								<path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
							</svg>
						</button>
						<div id={`menu-${menu.id}`} hidden={!expanded} className="absolute left-0 top-full z-30 w-72 pt-2">
							<MenuItems items={menu.items} onNavigate={() => intent.close()} className="rounded-2xl border border-sand bg-white p-2 shadow-lg" />
						</div>
					</li>
				)
			})}
		</>
	)
}

/** The phone menu's links: rendered only while it is open (it takes JavaScript to open it). */
function MobileMenuPanel({ links }: { links: { to: string; label: string }[] }) {
	const { t } = useTranslation()
	const menus = useMenus()
	return (
		<>
			<nav aria-label={t('nav.mainNavigation')}>
				<ul className="divide-y divide-sand">
					{links.map((link) => (
						<li key={link.to}>
							<Link to={link.to} className="block py-3 font-medium">
								{link.label}
							</Link>
						</li>
					))}
					{menus.map((menu) => (
						<li key={menu.id} className="py-3">
							<p className="font-medium">{menu.label}</p>
							<MenuItems items={menu.items} className="mt-1" />
						</li>
					))}
				</ul>
			</nav>
			<LanguageSwitcher className="mt-4" />
		</>
	)
}

function MobileMenu({ links }: { links: { to: string; label: string }[] }) {
	const { t } = useTranslation()
	const [open, setOpen] = useState(false)
	return (
		<div
			className="xl:hidden"
			onClick={(event) => {
				// Following any link in the panel closes it.
				if ((event.target as Element).closest('#mobile-menu a')) setOpen(false)
			}}
		>
			<button
				type="button"
				aria-expanded={open}
				aria-controls="mobile-menu"
				onClick={() => setOpen(!open)}
				className="flex min-h-11 min-w-11 items-center justify-center rounded-full hover:bg-sand"
			>
				<span className="sr-only">{open ? t('nav.closeMenu') : t('nav.menu')}</span>
				<svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
					<path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
				</svg>
			</button>
			{/* Empty while closed: ~40 elements fewer to send and hydrate on every page (the desktop navigation has the same links). */}
			<div id="mobile-menu" hidden={!open} className="absolute inset-x-0 top-full z-30 border-b border-sand bg-cream px-4 pb-6 shadow-lg">
				{open ? <MobileMenuPanel links={links} /> : null}
			</div>
		</div>
	)
}

/**
 * The header's search box: a GET form to the catalogue, so it works before the page's JavaScript
 * (and without it); the catalogue searches names and descriptions in the visitor's language (ADR 0136).
 */
function SearchBox({ className }: { className?: string }) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const [params] = useSearchParams()
	const location = useLocation()
	const current = location.pathname.endsWith('/catalog') ? (params.get('q') ?? '') : ''
	return (
		<Form method="get" action={lp('/catalog')} role="search" aria-label={t('nav.searchLabel')} className={`flex items-center ${className ?? ''}`}>
			<input
				key={current}
				type="search"
				name="q"
				defaultValue={current}
				maxLength={100}
				aria-label={t('nav.searchLabel')}
				placeholder={t('nav.searchPlaceholder')}
				className="min-h-11 w-full min-w-0 rounded-l-full border border-r-0 border-sand bg-white px-4 text-sm"
			/>
			<button type="submit" className="flex min-h-11 min-w-11 items-center justify-center rounded-r-full border border-sand bg-white px-3 hover:bg-sand">
				<svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
					<path stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 4 4" />
				</svg>
				<span className="sr-only">{t('nav.search')}</span>
			</button>
		</Form>
	)
}

export function SiteHeader() {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const navLink = ({ isActive }: { isActive: boolean }) => `flex min-h-11 items-center ${isActive ? 'font-semibold text-clay-dark' : 'hover:text-clay-dark'}`
	const links = [
		{ to: lp('/'), label: t('nav.home') },
		{ to: lp('/about'), label: t('nav.about') },
		{ to: lp('/contact'), label: t('nav.contact') },
	]
	return (
		<header className="relative border-b border-sand bg-cream">
			<a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-white focus:px-4 focus:py-2">
				{t('nav.skipToContent')}
			</a>
			<div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-1 gap-y-2 px-2 py-2 sm:px-4 xl:flex-nowrap xl:gap-x-4">
				<Link to={lp('/')} className="flex min-h-11 items-center gap-2 whitespace-nowrap font-serif text-lg font-semibold text-clay-dark sm:text-xl">
					<svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
						<path
							fill="currentColor"
							d="M12 2c1.8 2.4 3 4.2 3 6a3 3 0 0 1-6 0c0-1.8 1.2-3.6 3-6Zm-5 11h10a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z"
						/>
					</svg>
					{/* On the narrowest phones the icon stands for the name, which stays readable to screen readers. */}
					<span className="max-[419px]:sr-only">{t('meta.siteName')}</span>
				</Link>
				<nav aria-label={t('nav.mainNavigation')} className="hidden xl:block">
					<ul className="flex items-center gap-5 whitespace-nowrap text-sm">
						<li>
							<NavLink to={lp('/')} end className={navLink}>
								{t('nav.home')}
							</NavLink>
						</li>
						<DesktopMenus />
						{links.slice(1).map((link) => (
							<li key={link.to}>
								<NavLink to={link.to} end className={navLink}>
									{link.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				{/* One row on a desktop; below the navigation's width search wraps to a row of its own under the logo and the buttons. */}
				<SearchBox className="order-last mb-1 basis-full xl:order-none xl:mb-0 xl:ml-auto xl:basis-48" />
				<div className="flex items-center whitespace-nowrap sm:gap-1">
					<LanguageSwitcher className="hidden xl:flex" />
					<UserMenu />
					<CartButton />
					<MobileMenu links={[...links, { to: lp('/catalog'), label: t('nav.allProducts') }]} />
				</div>
			</div>
		</header>
	)
}
