import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/faq'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7] as const

export function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	return { meta: pageMeta(app, { title: t('faq.title'), description: t('faq.metaDescription'), path: '/faq' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

/**
 * A single-open accordion with no JavaScript: <details> elements sharing a name form an exclusive
 * group, so opening one closes the others.
 */
export default function Faq() {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="font-serif text-3xl sm:text-4xl">{t('faq.title')}</h1>
			<p className="mt-3 text-muted">
				<Link to={lp('/contact')} className="underline underline-offset-4 hover:text-clay-dark">
					{t('faq.intro')}
				</Link>
			</p>
			<div className="mt-8 divide-y divide-sand rounded-2xl bg-white shadow-sm">
				{QUESTIONS.map((n) => (
					<details key={n} name="faq" className="group px-5">
						<summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
							<h2 className="text-base">{t(`faq.q${n}`)}</h2>
							<svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 transition group-open:rotate-180">
								<path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
							</svg>
						</summary>
						<p className="pb-5 leading-relaxed text-muted">{t(`faq.a${n}`)}</p>
					</details>
				))}
			</div>
		</div>
	)
}
