import zlib from 'node:zlib'
import { JS_BUDGET_BYTES, measureJsBudget } from '../lib/js-budget.ts'

export type BundleFigures = {
	budgetBytes: number
	/** Gzipped JavaScript per storefront route (scripts/lib/js-budget.ts), largest first. */
	javascript: { route: string; gzipBytes: number }[]
	largest: { route: string; gzipBytes: number }
	adminLeaks: string[]
	/** Gzipped CSS per page as served: the stylesheet inlined in <head> plus any linked ones. */
	css: { path: string; gzipBytes: number }[]
}

const gzipSize = (text: string) => zlib.gzipSync(Buffer.from(text)).length

/** The CSS a page carries: inline <style> blocks, and the stylesheets it links (fetched). */
async function cssOfPage(baseUrl: string, path: string) {
	const html = await (await fetch(baseUrl + path, { headers: { Cookie: 'lang=ro' } })).text()
	const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!)
	const linkedHrefs = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
		.map((match) => /href="([^"]+)"/.exec(match[0])?.[1])
		.filter((href): href is string => Boolean(href))
	const linked = await Promise.all(linkedHrefs.map(async (href) => (await fetch(new URL(href, baseUrl))).text()))
	return gzipSize([...inline, ...linked].join('\n'))
}

export async function measureBundle(baseUrl: string, pagePaths: string[]): Promise<BundleFigures> {
	const report = measureJsBudget()
	const css: BundleFigures['css'] = []
	for (const path of pagePaths) css.push({ path, gzipBytes: await cssOfPage(baseUrl, path) })
	return {
		budgetBytes: JS_BUDGET_BYTES,
		javascript: report.pages.map((page) => ({ route: page.route, gzipBytes: page.gzipBytes })).sort((a, b) => b.gzipBytes - a.gzipBytes),
		largest: { route: report.largest.route, gzipBytes: report.largest.gzipBytes },
		adminLeaks: report.adminLeaks,
		css,
	}
}
