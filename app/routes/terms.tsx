import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { LegalPage } from '#app/components/content/legal-page.tsx'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/terms'

export function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	return { meta: pageMeta(app, { title: t('terms.title'), description: t('terms.metaDescription'), path: '/terms' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

export default function Page() {
	return <LegalPage section="terms" count={5} />
}
