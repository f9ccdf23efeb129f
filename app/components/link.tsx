import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { Link as RouterLink, useLocation, useNavigate, type NavigateFunction } from 'react-router'

/** The page's one `navigate`, made by `LinkNavigation`: every link reads it with one useContext. */
const NavigateContext = createContext<NavigateFunction | null>(null)

/**
 * Gives every `Link` below it the router's navigate function, asked for once per page rather than
 * once per link (useNavigate's hooks cost as much again as the rest of a link, ADR 0143).
 * React Router's public API only: no internal context (ADR 0180). The root layout wraps the page in it.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
	return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
	/** A path from the site's root (`/en/catalog?page=2`), or a search or path relative to the current page. */
	to: string
	replace?: boolean
	preventScrollReset?: boolean
}

/**
 * The shop's one link component: React Router's `<Link>` behaviour for the paths the shop writes.
 *
 * Nearly every link the shop renders is already a path from the root (pages build them with
 * `localizedPath`), so there is nothing for the router to resolve: the href is the path. React
 * Router's `<Link>` resolves it against the matched routes anyway, with five hooks per link, which
 * on a catalogue page of sixty links took 7.6 % of the server's main thread (ADR 0143). This one renders
 * the `<a>` with the path as it is and, on a plain left click, navigates in the page as the router's
 * link does (same modifier-key and target rules, `replace` when the link points where the page
 * already is, `data-discover` so the router learns the route). A relative `to` still goes through
 * React Router's `<Link>`, which knows where the page is.
 */
export function Link(props: LinkProps) {
	// The page's navigate (LinkNavigation) rather than useNavigate() here: an absolute path needs no
	// route to resolve from. Without it (outside the root layout) the browser follows the link.
	const navigate = useContext(NavigateContext)
	const { to, replace, preventScrollReset, onClick, target } = props
	if (!to.startsWith('/') || to.startsWith('//')) return <RouterLink {...props} />
	const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
		onClick?.(event)
		if (!navigate || event.defaultPrevented || !isPlainLeftClick(event, target)) return
		event.preventDefault()
		// Both sides as the browser encodes them (`?q=lumânare` is `?q=lum%C3%A2nare` in location).
		const there = new URL(to, window.location.href)
		const here = window.location.pathname + window.location.search + window.location.hash
		void navigate(to, { replace: replace ?? here === there.pathname + there.search + there.hash, preventScrollReset })
	}
	// One copy of the props with the link's own cleared (React writes no attribute for undefined): a rest
	// pattern plus a spread with overrides cost 2-3 µs a link in V8, more than the rest of the render of it.
	const anchor: AnchorHTMLAttributes<HTMLAnchorElement> & { preventScrollReset?: boolean } = Object.assign({}, props as object, {
		to: undefined,
		replace: undefined,
		href: to,
		onClick: handleClick,
		'data-discover': 'true',
	})
	// Removed rather than cleared: React warns about a camelCase name it does not know even when it is
	// undefined. Only the few links that pass it pay for the delete.
	if ('preventScrollReset' in anchor) delete anchor.preventScrollReset
	return <a {...anchor} />
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
	/** Active only on this very page, not below it (`/admin` is not active on `/admin/orders`). */
	end?: boolean
	className: (state: { isActive: boolean }) => string
}

/**
 * A link that knows when it points at the page shown: `aria-current="page"` and the active class, as
 * React Router's `<NavLink>` decides it for a path from the root (case-insensitive; without `end`, the
 * pages below it count too). Through the shop's `Link`, for its cost (ADR 0143).
 */
export function NavLink({ end, className, ...props }: NavLinkProps) {
	const isActive = pointsAt(props.to, useLocation().pathname, end ?? false)
	return <Link {...props} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />
}

/** Whether a link to `to` is active on `pathname`: React Router's NavLink rule, for paths from the root. */
export function pointsAt(to: string, pathname: string, end: boolean) {
	const target = (to.split(/[?#]/)[0] ?? '').toLowerCase()
	const here = pathname.toLowerCase()
	const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
	return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/')
}

/** What React Router's link handles itself; anything else (new tab, download, other button) is the browser's. */
export function isPlainLeftClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>, target: string | undefined) {
	return event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
}
