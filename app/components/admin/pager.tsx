import { Link } from '#app/components/link.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { formatWholeNumber } from '#domain/locale-number.ts'
import { buttonSmall } from './ui.tsx'

/**
 * The admin lists' pager (ADR 0103): previous, "Pagina N din M · total", next. `href` gives the link
 * to a page, keeping the list's filters; nothing shows for a single page. A long list counted only
 * up to its cap (`more`, ADR 0272) says "peste" that many, and always has a next page.
 */
export function Pager({
	page,
	pages,
	total,
	more = false,
	href,
}: {
	page: number
	pages: number
	total: number
	more?: boolean
	href: (page: number) => string
}) {
	if (pages <= 1 && !more) return null
	const label = more ? adminT('common.pageOfMore', { page, pages: formatWholeNumber(pages, 'ro') }) : adminT('common.page', { page, pages })
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
				{label} · {more ? adminT('common.moreThan', { count: formatWholeNumber(total, 'ro') }) : total}
			</span>
			{page < pages || more ? (
				<Link to={href(page + 1)} className={buttonSmall}>
					{adminT('common.next')}
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
