import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { renderSitemapIndex, sitemapResponse } from '#server/catalog/sitemap.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/sitemap'

export const handle = sharedPageHandle()

/** The sitemap index: the files under /sitemaps/ that list every public page in every language (ADR 0106, 0250). */
export async function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	return sitemapResponse(await renderSitemapIndex(app, { publicUrl: app.env.PUBLIC_URL }))
}
