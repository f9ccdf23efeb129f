import { renderSitemap } from '#server/catalog/sitemap.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/sitemap'

/** Every public page, active category and active product, in every language (spec §2 search engines, ADR 0106). */
export async function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const body = await renderSitemap(app, { publicUrl: app.env.PUBLIC_URL })
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } })
}
