import { describe, expect, it } from 'vitest'
import { parseSitemapFileName, SITEMAP_PRODUCTS_PER_FILE, sitemapFilePath, sitemapProductRange } from './sitemap.ts'

describe('sitemap file names', () => {
	it('round-trips the pages file and the numbered products files', () => {
		for (const file of [{ kind: 'pages' } as const, { kind: 'products', number: 1 } as const, { kind: 'products', number: 42 } as const])
			expect(parseSitemapFileName(sitemapFilePath(file).slice('/sitemaps/'.length))).toEqual(file)
	})

	it('refuses anything else', () => {
		for (const name of [
			undefined,
			'',
			'products-0.xml',
			'products-01.xml',
			'products--1.xml',
			'products-1.5.xml',
			'products-1',
			'products-9999999999.xml',
			'pages',
			'x.xml',
		])
			expect(parseSitemapFileName(name), String(name)).toBeNull()
	})

	it('gives each file its own range of product numbers, from 1, without gaps', () => {
		expect(sitemapProductRange(1)).toEqual({ first: 1, last: SITEMAP_PRODUCTS_PER_FILE })
		expect(sitemapProductRange(2).first).toBe(sitemapProductRange(1).last + 1)
		// Three languages per product stay well within the protocol's 50,000 URLs per file.
		expect(SITEMAP_PRODUCTS_PER_FILE * 3).toBeLessThanOrEqual(10_000)
	})
})
