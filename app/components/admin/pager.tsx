import { Link } from '#app/components/link.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { buttonSmall } from './ui.tsx'

/**
 * The admin lists' pager (ADR 0103): previous, "Pagina N din M · total", next. `href` gives the link
 * to a page, keeping the list's filters; nothing shows for a single page.
 */
export function Pager({ page, pages, total, href }: { page: number; pages: number; total: number; href: (page: number) => string }) {
	if (pages <= 1) return null
	const label = adminT('common.page', { page, pages })
	return (
		<nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
			{page > 1 ? (
				<Link to={href(page - 1)} className={buttonSmall}>
					{adminT('common.previous')}
				</Link>
			) : (
				<span />
			)}
			<span>
				{label} · {total}
			</span>
			{page < pages ? (
				<Link to={href(page + 1)} className={buttonSmall}>
					{adminT('common.next')}
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
