import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { media } from '#db/schema/index.ts'
import { startSecurityShop, type SecurityShop, type SignedInActor } from '../support/security-shop.ts'
import { PROJECT_ROOT } from '../support/shop-process.ts'

/**
 * Every kind of answer the shop gives (pages, errors, JSON, files, health, feeds) carries the
 * security headers: a CSP that allows scripts only with the response's nonce (or, for a page served
 * again from the page cache, only the hashes of exactly its inline scripts) and forbids framing,
 * nosniff, a referrer policy and an anti-framing header.
 */

type PageType = {
	name: string
	path: (shop: SecurityShop) => Promise<string> | string
	method?: 'GET' | 'POST'
	init?: (shop: SecurityShop) => RequestInit
	as?: SignedInActor
	/** The status this answer has (the headers must be there whatever it is). */
	status: number
	/** HTML pages: every script tag must carry the nonce of this response's CSP, or be allowed by its hash. */
	html?: boolean
	/** Asked until the page cache serves it (X-Cache: HIT). */
	fromPageCache?: boolean
}

const json = (body: unknown, shop: SecurityShop): RequestInit => ({
	method: 'POST',
	headers: { Origin: shop.shop.url, 'Content-Type': 'application/json' },
	body: JSON.stringify(body),
})

const PAGE_TYPES: PageType[] = [
	{ name: 'home', path: () => '/en', status: 200, html: true },
	{ name: 'catalog', path: () => '/en/catalog', status: 200, html: true },
	{ name: 'product', path: (s) => `/en/product/${s.fixtures.productSlug}`, status: 200, html: true },
	{ name: 'static page', path: () => '/en/about', status: 200, html: true },
	{ name: 'home from the page cache', path: () => '/en', status: 200, html: true, fromPageCache: true },
	{ name: 'catalog from the page cache', path: () => '/en/catalog?filter=new', status: 200, html: true, fromPageCache: true },
	{ name: 'product from the page cache', path: (s) => `/en/product/${s.fixtures.productSlug}`, status: 200, html: true, fromPageCache: true },
	{ name: 'not found page', path: () => '/no-such-page', status: 404, html: true },
	{ name: 'login', path: () => '/en/login', status: 200, html: true },
	{ name: 'account', path: () => '/en/account', as: 'customer', status: 200, html: true },
	{ name: 'admin page', path: () => '/admin', as: 'admin', status: 200, html: true },
	{ name: 'client navigation data (.data)', path: () => '/en/catalog.data', status: 200 },
	{ name: 'API JSON answer', path: () => '/api/checkout', init: (s) => json({}, s), status: 400 },
	{ name: 'admin CSV export', path: () => '/admin/orders/export', as: 'admin', status: 200 },
	{
		name: 'built asset under /assets',
		path: async () => `/assets/${(await fs.readdir(path.join(PROJECT_ROOT, 'build/client/assets'))).find((file) => file.endsWith('.js'))}`,
		status: 200,
	},
	{
		name: 'uploaded image under /uploads',
		path: async (s) => {
			const [row] = await s.handle.db.select({ url: media.url }).from(media).where(eq(media.id, s.fixtures.mediaId))
			return new URL(row!.url, s.shop.url).pathname
		},
		status: 200,
	},
	{ name: 'portrait photo', path: (s) => s.fixtures.portraitPhotoUrl, status: 200 },
	{ name: 'portrait photo without its signature', path: (s) => `/api/uploads/portrait/${s.fixtures.portraitUploadId}`, status: 403 },
	{ name: 'admin download of an order photo', path: (s) => `/admin/orders/${s.fixtures.orderId}/photo/${s.fixtures.orderItemId}`, as: 'admin', status: 200 },
	{ name: 'health check', path: () => '/healthz', status: 200 },
	{ name: 'sitemap.xml', path: () => '/sitemap.xml', status: 200 },
	{ name: 'a sitemap file', path: () => '/sitemaps/pages.xml', status: 200 },
	{ name: 'robots.txt', path: () => '/robots.txt', status: 200 },
	{ name: 'error answer: body that is not a form', path: () => '/en/contact', init: (s) => json({ name: 'x' }, s), status: 400, html: true },
	{ name: 'error answer: unknown id', path: () => '/admin/products/not-a-uuid', as: 'admin', status: 404, html: true },
	{ name: 'error answer: malformed URL', path: () => '/uploads/%E0%A4%A', status: 400 },
	{ name: 'error answer: method not allowed', path: () => '/api/checkout', status: 405 },
	{
		name: 'error answer: cross-site refusal',
		path: () => '/en/newsletter',
		init: () => ({ method: 'POST', headers: { Origin: 'https://evil.example' } }),
		status: 403,
	},
	{ name: 'redirect', path: () => '/en/account', status: 302 },
	{ name: 'redirect of an address without language (ADR 0106)', path: () => '/catalog?category=candle', status: 301 },
]

let target: SecurityShop
beforeAll(async () => {
	target = await startSecurityShop()
})
afterAll(async () => {
	await target?.stop()
})

/** The CSP's directives by name, e.g. { 'script-src': ["'self'", "'nonce-…'"] }. */
function directives(csp: string) {
	return Object.fromEntries(
		csp
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((parts) => parts[0])
			.map(([name, ...values]) => [name!, values]),
	)
}

describe.each(PAGE_TYPES.map((page) => [page.name, page] as const))('security headers: %s', (_name, page) => {
	it('has CSP with frame-ancestors, nosniff, a referrer policy and X-Frame-Options', async () => {
		const init = page.init?.(target) ?? {}
		const headers = new Headers(init.headers)
		if (page.as) headers.set('Cookie', target.cookies[page.as])
		const url = `${target.shop.url}${await page.path(target)}`
		let response = await fetch(url, { ...init, headers, redirect: 'manual' })
		let body = await response.text()
		// The cache stores a page once its first answer has gone out.
		for (let asked = 1; page.fromPageCache && response.headers.get('x-cache') !== 'HIT' && asked < 20; asked++) {
			await new Promise((resolve) => setTimeout(resolve, 100))
			response = await fetch(url, { ...init, headers, redirect: 'manual' })
			body = await response.text()
		}
		if (page.fromPageCache) expect(response.headers.get('x-cache')).toBe('HIT')
		expect(response.status, body.slice(0, 200)).toBe(page.status)

		const csp = response.headers.get('content-security-policy')
		expect(csp).toBeTruthy()
		const policy = directives(csp!)
		expect(policy['frame-ancestors']).toEqual(["'none'"])
		expect(policy['default-src']).toEqual(["'self'"])
		expect(policy['object-src']).toEqual(["'none'"])
		expect(policy['base-uri']).toEqual(["'self'"])
		expect(policy['form-action']).toContain("'self'")
		// Scripts: the site's own files and this response's nonce (or exactly the hashes of a stored page's inline scripts); never inline code or eval.
		const scripts: string[] = policy['script-src'] ?? []
		expect(scripts[0]).toBe("'self'")
		expect(scripts).not.toContain("'unsafe-inline'")
		expect(scripts).not.toContain("'unsafe-eval'")
		const allowed = scripts.slice(1)
		const stored = response.headers.get('x-cache') === 'HIT'
		if (stored) expect(allowed.every((source) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source))).toBe(true)
		else expect(allowed).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/)])

		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(response.headers.get('x-frame-options')).toBe('DENY')
		expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
		expect(response.headers.get('x-powered-by')).toBeNull()

		if (page.html) {
			expect(response.headers.get('content-type')).toMatch(/^text\/html/)
			// JSON-LD blocks are data, never run, so the CSP does not apply to them.
			const scriptElements = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
				([, attributes]) => !attributes!.includes('type="application/ld+json"'),
			)
			expect(scriptElements.length).toBeGreaterThan(0)
			if (stored) {
				// Exactly the inline scripts of this page, nothing more: hashes of what it runs.
				const inline = scriptElements.filter(([, attributes]) => !/\ssrc=/.test(attributes!))
				const hashes = new Set(inline.map(([, , text]) => `'sha256-${crypto.createHash('sha256').update(text!, 'utf8').digest('base64')}'`))
				expect(inline.length).toBeGreaterThan(0)
				expect(new Set(allowed)).toEqual(hashes)
			} else {
				const nonce = /'nonce-([^']+)'/.exec(allowed.join(' '))![1]!
				for (const [tag] of scriptElements) expect(tag, 'a script without this response’s nonce would be blocked').toContain(`nonce="${nonce}"`)
			}
		}
	})
})

it('gives each rendered response its own nonce', async () => {
	const nonces = await Promise.all(
		[1, 2, 3].map(async () => {
			const response = await fetch(`${target.shop.url}/en/login`)
			await response.body?.cancel()
			return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
		}),
	)
	expect(new Set(nonces).size).toBe(3)
})
