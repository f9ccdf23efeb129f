import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { parseSitemapFileName } from '#domain/sitemap.ts'
import { renderSitemapFile, sitemapResponse } from '#server/catalog/sitemap.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/sitemap-file'

export const handle = sharedPageHandle()

/** One file of the sitemap index (ADR 0250); a name that is not one, or a range without products, is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
	const file = parseSitemapFileName(params.file)
	if (!file) return sitemapResponse(null)
	const app = getApp(context)
	return sitemapResponse(await renderSitemapFile(app, file, { publicUrl: app.env.PUBLIC_URL }))
}
