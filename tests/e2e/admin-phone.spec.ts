import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { categories, products, signInBlocks } from '#db/schema/index.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'
import { orderFixtures } from './order-fixtures.ts'

/** The admin on a 375 px phone, and axe on every admin page and dialog at both widths. */

const unique = () => crypto.randomBytes(4).toString('hex')

async function expectNoSidewaysScroll(page: Page) {
	const { scrollWidth, clientWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		clientWidth: document.documentElement.clientWidth,
	}))
	expect(scrollWidth, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(clientWidth)
}

/** Every button and link of the first listed row lies inside the screen's width. */
async function expectRowActionsReachable(page: Page) {
	const row = page.locator('tbody tr').first()
	const actions = row.locator('button, a')
	const count = await actions.count()
	expect(count).toBeGreaterThan(0)
	const width = page.viewportSize()!.width
	for (let index = 0; index < count; index++) {
		const box = await actions.nth(index).boundingBox()
		expect(box, `action ${index} of the first row on ${page.url()}`).not.toBeNull()
		expect(box!.x).toBeGreaterThanOrEqual(0)
		expect(box!.x + box!.width).toBeLessThanOrEqual(width)
	}
}

test.describe('the admin on a phone', () => {
	test('every admin page at 375 px: no sideways scroll, every row action reachable; axe finds nothing serious at 375 px and desktop, dialogs included', async ({
		page,
		database,
		createUser,
		signIn,
	}) => {
		test.setTimeout(300_000)
		await signIn(page, await createUser({ roles: ['admin'], name: 'Admin Telefon' }))
		const orders = orderFixtures(database)
		const order = await orders.create(`telefon-${unique()}@example.com`, { fullName: 'Ioana Telefon' })
		await database.db.insert(signInBlocks).values({
			email: `phone-${unique()}@example.test`,
			address: '203.0.113.67',
			reason: 'account-address',
			failures: 5,
			blockedUntil: new Date(Date.now() + 60_000),
		})
		const [category] = await database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'candle'))
		const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'lumanare-lavanda-de-provence')).limit(1)
		try {
			const pages: { url: string; rows?: boolean }[] = [
				{ url: '/admin' },
				{ url: '/admin/products', rows: true },
				{ url: '/admin/products/new' },
				{ url: `/admin/products/${product!.id}` },
				{ url: '/admin/categories', rows: true },
				{ url: '/admin/categories/new' },
				{ url: `/admin/categories/${category!.id}` },
				{ url: '/admin/orders', rows: true },
				{ url: `/admin/orders/${order.id}` },
				{ url: '/admin/customers', rows: true },
				{ url: '/admin/media' },
				{ url: '/admin/media?folder=hero' },
				{ url: '/admin/home' },
				{ url: '/admin/translations' },
				{ url: '/admin/translations?tab=home' },
				{ url: '/admin/security' },
			]
			await page.setViewportSize({ width: 375, height: 812 })
			for (const { url, rows } of pages) {
				await page.goto(url)
				await waitForHydration(page)
				await expectNoSidewaysScroll(page)
				if (rows) await expectRowActionsReachable(page)
			}
			// axe on what admin-catalog.spec.ts and admin-orders.spec.ts do not scan: the confirmation dialogs.
			for (const viewport of SCAN_VIEWPORTS) {
				await page.setViewportSize({ width: viewport.width, height: viewport.height })
				await page.goto('/admin/categories')
				await waitForHydration(page)
				await page
					.locator('tbody tr')
					.first()
					.getByRole('button', { name: /^Șterge categoria/ })
					.click()
				await expect(page.getByRole('dialog', { name: 'Ești sigur?' })).toBeVisible()
				await expectNoSeriousA11yViolations(page)
				await page.getByRole('dialog').getByRole('button', { name: 'Anulează' }).click()
				await page.goto('/admin/products')
				await waitForHydration(page)
				await page
					.locator('tbody tr')
					.first()
					.getByRole('button', { name: /^Șterge produsul/ })
					.click()
				await expect(page.getByRole('dialog', { name: 'Ești sigur?' })).toBeVisible()
				await expectNoSeriousA11yViolations(page)
				await page.getByRole('dialog').getByRole('button', { name: 'Anulează' }).click()
			}
		} finally {
			await orders.cleanup()
		}
	})
})
