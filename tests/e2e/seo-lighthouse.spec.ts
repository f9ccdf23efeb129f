import lighthouse from 'lighthouse'
import { launchChromium } from '../../scripts/lib/lighthouse.ts'
import { expect, test } from './fixtures.ts'
import { DEMO_PRODUCT } from './public-routes.ts'

/** Lighthouse's SEO category stays at 100 on each language's home, catalogue and product page. */
const PAGES = ['en', 'ro', 'es'].flatMap((locale) => [`/${locale}`, `/${locale}/catalog`, `/${locale}/product/${DEMO_PRODUCT.slug}`])

test('Lighthouse SEO is 100 on every language’s home, catalogue and product page', async ({ baseURL }) => {
	test.setTimeout(600_000)
	// Audited on the shop's PUBLIC_URL (http://localhost:{PORT} when unset, as here): Lighthouse refuses a canonical on another host.
	const origin = `http://localhost:${new URL(baseURL!).port}`
	const chrome = await launchChromium()
	try {
		const failures: string[] = []
		for (const path of PAGES) {
			const result = await lighthouse(origin + path, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: ['seo'],
				formFactor: 'desktop',
				screenEmulation: { disabled: true },
				throttlingMethod: 'provided',
			})
			const lhr = result!.lhr
			expect(lhr.runtimeError, path).toBeUndefined()
			const seo = lhr.categories.seo!
			const below = seo.auditRefs
				.filter((ref) => ref.weight > 0)
				.map((ref) => lhr.audits[ref.id]!)
				.filter((audit) => audit.score !== null && audit.score < 1)
				.map((audit) => `${audit.id}: ${audit.explanation ?? audit.displayValue ?? audit.score}`)
			if (seo.score !== 1) failures.push(`${path} scores ${seo.score}: ${below.join('; ')}`)
		}
		expect(failures).toEqual([])
	} finally {
		await chrome.kill()
	}
})
