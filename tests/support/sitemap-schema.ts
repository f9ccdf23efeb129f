import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * The rules of the sitemaps.org 0.9 schema (sitemap.xsd) and of hreflang alternates that a file of
 * the shop's sitemap must meet, as checks that name the URL at fault (ADR 0106); xsdProblems below
 * runs the schemas themselves through xmllint. The hreflang rules are beyond any schema: every
 * language of a page must be in the same file. Returns every problem found.
 *
 * From the XSD: the root is `urlset` in http://www.sitemaps.org/schemas/sitemap/0.9, holding only
 * `url` elements; each has one `loc` first (an absolute URL of at most 2048 characters), then an
 * optional `lastmod` (W3C datetime), `changefreq` and `priority`, then elements of other namespaces.
 * From sitemaps.org: at most 50,000 URLs and 50 MB. From the hreflang rules: every URL names each
 * language and x-default with `xhtml:link` (http://www.w3.org/1999/xhtml), among them itself, and
 * every language URL it names is listed and names the same set back.
 */
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/
const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'])
const LANGUAGES = ['en', 'ro', 'es', 'x-default']

const unescape = (text: string) =>
	text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&')

function isAbsoluteUrl(value: string) {
	try {
		const url = new URL(value)
		return url.protocol === 'https:' || url.protocol === 'http:'
	} catch {
		return false
	}
}

type Entry = { loc: string; alternates: Map<string, string> }

export function sitemapSchemaProblems(document: string): string[] {
	const problems: string[] = []
	if (Buffer.byteLength(document) > 50 * 1024 * 1024) problems.push('larger than 50 MB')
	const root = /<urlset\b([^>]*)>([\s\S]*)<\/urlset>\s*$/.exec(document)
	if (!root) return ['the root element is not urlset']
	const attributes = root[1]!
	if (!attributes.includes(`xmlns="${SITEMAP_NS}"`)) problems.push(`urlset is not in the namespace ${SITEMAP_NS}`)
	if (!attributes.includes(`xmlns:xhtml="${XHTML_NS}"`)) problems.push(`the xhtml prefix is not bound to the namespace ${XHTML_NS}`)
	const content = root[2]!
	const urls = [...content.matchAll(/<url>([\s\S]*?)<\/url>/g)]
	if (content.replace(/<url>[\s\S]*?<\/url>/g, '').trim() !== '') problems.push('urlset holds something other than url elements')
	if (urls.length === 0) problems.push('no url')
	if (urls.length > 50_000) problems.push(`${urls.length} URLs: more than 50,000`)
	const entries: Entry[] = []
	for (const [, inner] of urls) {
		const children = [...inner!.matchAll(/<([\w:]+)\b[^>]*?(?:\/>|>([\s\S]*?)<\/\1>)/g)].map((m) => ({ name: m[1]!, text: m[2] ?? '', raw: m[0] }))
		const where = children[0]?.name === 'loc' ? unescape(children[0].text) : '(url without loc)'
		if (children[0]?.name !== 'loc') problems.push(`${where}: loc is not the first child`)
		if (children.filter((c) => c.name === 'loc').length !== 1) problems.push(`${where}: not exactly one loc`)
		const order = ['loc', 'lastmod', 'changefreq', 'priority']
		let last = -1
		for (const child of children) {
			const at = order.indexOf(child.name)
			if (at === -1) {
				if (!child.name.includes(':')) problems.push(`${where}: ${child.name} is not a sitemap element`)
				last = order.length
			} else if (at <= last) problems.push(`${where}: ${child.name} out of order`)
			else last = at
		}
		const loc = unescape(children.find((c) => c.name === 'loc')?.text ?? '')
		if (!isAbsoluteUrl(loc)) problems.push(`${where}: loc is not an absolute URL`)
		if (loc.length > 2048) problems.push(`${where}: loc longer than 2048 characters`)
		const lastmod = children.find((c) => c.name === 'lastmod')
		if (lastmod && !W3C_DATETIME.test(lastmod.text)) problems.push(`${where}: lastmod ${lastmod.text} is not a W3C datetime`)
		const changefreq = children.find((c) => c.name === 'changefreq')
		if (changefreq && !CHANGEFREQ.has(changefreq.text)) problems.push(`${where}: bad changefreq`)
		const priority = children.find((c) => c.name === 'priority')
		if (priority && !(Number(priority.text) >= 0 && Number(priority.text) <= 1)) problems.push(`${where}: bad priority`)
		const alternates = new Map<string, string>()
		for (const link of children.filter((c) => c.name === 'xhtml:link')) {
			const rel = /\brel="([^"]*)"/.exec(link.raw)?.[1]
			const hreflang = /\bhreflang="([^"]*)"/.exec(link.raw)?.[1]
			const href = unescape(/\bhref="([^"]*)"/.exec(link.raw)?.[1] ?? '')
			if (rel !== 'alternate' || !hreflang) problems.push(`${where}: xhtml:link without rel="alternate" and hreflang`)
			else if (alternates.has(hreflang)) problems.push(`${where}: hreflang ${hreflang} twice`)
			else alternates.set(hreflang, href)
			if (!isAbsoluteUrl(href)) problems.push(`${where}: alternate ${href} is not an absolute URL`)
		}
		for (const language of LANGUAGES) if (!alternates.has(language)) problems.push(`${where}: no alternate for ${language}`)
		for (const language of alternates.keys()) if (!LANGUAGES.includes(language)) problems.push(`${where}: unexpected hreflang ${language}`)
		if (![...alternates.entries()].some(([language, href]) => language !== 'x-default' && href === loc))
			problems.push(`${where}: its alternates do not name itself`)
		entries.push({ loc, alternates })
	}
	const byLoc = new Map(entries.map((entry) => [entry.loc, entry]))
	if (byLoc.size !== entries.length) problems.push('a loc is listed twice')
	for (const entry of entries) {
		for (const [language, href] of entry.alternates) {
			if (language === 'x-default') continue
			const other = byLoc.get(href)
			if (!other) problems.push(`${entry.loc}: its ${language} alternate ${href} is not listed`)
			else if (JSON.stringify([...other.alternates].sort()) !== JSON.stringify([...entry.alternates].sort()))
				problems.push(`${entry.loc}: alternates not reciprocal with ${href}`)
		}
	}
	return problems
}

/** The protocol's limits for one sitemap file or index (sitemaps.org): 50,000 entries, 50 MB uncompressed. */
export const SITEMAP_LIMITS = { entries: 50_000, bytes: 50 * 1024 * 1024 }

const XSD_DIR = path.join(import.meta.dirname, 'sitemap-xsd')
const SCHEMAS = { urlset: 'urlset-with-extensions.xsd', sitemapindex: 'siteindex.xsd' } as const

/**
 * What `xmllint --schema` finds wrong with a sitemap file (sitemaps.org sitemap.xsd, with the
 * image and xhtml alternates extensions the shop's files carry) or a sitemap index (siteindex.xsd):
 * one line per error, none when it validates.
 */
export async function xsdProblems(document: string, kind: keyof typeof SCHEMAS): Promise<string[]> {
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sitemap-xsd-'))
	const file = path.join(dir, `${kind}.xml`)
	try {
		await fs.writeFile(file, document)
		await promisify(execFile)('xmllint', ['--noout', '--schema', path.join(XSD_DIR, SCHEMAS[kind]), file], { maxBuffer: 16 * 1024 * 1024 })
		return []
	} catch (error) {
		const { stderr, message } = error as { stderr?: string; message: string }
		return (stderr || message)
			.split('\n')
			.filter((line) => line.trim() !== '' && !line.endsWith('fails to validate'))
			.slice(0, 20)
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}

/** The `loc` of each `sitemap` in a sitemap index, and its `lastmod` when it has one. */
export function sitemapIndexEntries(document: string): { loc: string; lastmod: string | null }[] {
	return [...document.matchAll(/<sitemap>([\s\S]*?)<\/sitemap>/g)].map(([, inner]) => ({
		loc: unescape(/<loc>([^<]*)<\/loc>/.exec(inner!)?.[1] ?? ''),
		lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(inner!)?.[1] ?? null,
	}))
}
