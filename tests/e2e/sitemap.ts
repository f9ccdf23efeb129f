import type { APIRequestContext } from '@playwright/test'

/** The sitemap as a crawler reads it (ADR 0250): the index at /sitemap.xml, then every file it names, joined. */
export async function readSitemap(request: APIRequestContext): Promise<{ index: string; files: string }> {
	const index = await (await request.get('/sitemap.xml')).text()
	const paths = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
	const files = await Promise.all(paths.map(async (path) => (await request.get(path)).text()))
	return { index, files: files.join('\n') }
}
