import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { SHOP } from '#domain/shop.ts'
import type { Route } from './+types/about'

export function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	return { meta: pageMeta(app, { title: t('about.title'), description: t('about.metaDescription'), path: '/about' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

const VALUES = [
	{ key: 'passion', icon: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z' },
	{ key: 'creativity', icon: 'M12 3a6 6 0 0 0-3.5 10.9V17h7v-3.1A6 6 0 0 0 12 3Zm-2.5 17h5' },
	{ key: 'family', icon: 'M4 11l8-6 8 6v8a1 1 0 0 1-1 1h-4v-5H9v5H5a1 1 0 0 1-1-1v-8Z' },
] as const

export default function About() {
	const { t } = useTranslation()
	return (
		<div className="mx-auto max-w-5xl px-4 py-12">
			<h1 className="font-serif text-3xl sm:text-4xl">{t('about.title')}</h1>
			<section aria-labelledby="about-story" className="mt-8 rounded-3xl bg-white p-8 shadow-sm">
				<h2 id="about-story" className="font-serif text-2xl">
					{t('about.storyTitle')}
				</h2>
				<p className="mt-4 text-lg leading-relaxed text-muted">{t('about.story1', { founder: SHOP.founder })}</p>
				<p className="mt-4 text-lg leading-relaxed text-muted">{t('about.story2')}</p>
			</section>
			<section aria-labelledby="about-values" className="mt-12">
				<h2 id="about-values" className="font-serif text-2xl">
					{t('about.valuesTitle')}
				</h2>
				<ul className="mt-6 grid gap-4 md:grid-cols-3">
					{VALUES.map((value) => (
						<li key={value.key} className="rounded-2xl border border-sand bg-white p-6">
							<svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-clay-dark">
								<path d={value.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
							</svg>
							<h3 className="mt-3 text-lg font-semibold">{t(`about.${value.key}Title`)}</h3>
							<p className="mt-2 text-muted">{t(`about.${value.key}Text`)}</p>
						</li>
					))}
				</ul>
			</section>
			<p className="mt-12 text-sm text-muted">{t('about.credit', { platform: SHOP.developerPlatform })}</p>
		</div>
	)
}
