import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { productReviews, products } from '#db/schema/index.ts'
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'
import { orderFixtures } from './order-fixtures.ts'

/**
 * Verified reviews (ADR 0268), end to end: the owner marks an order delivered, its buyer follows the
 * review link in the delivered email (no account), the owner approves the review, and the product
 * page shows it, with its rating in the page's JSON-LD.
 */

type JsonLd = Record<string, unknown> & { '@type'?: string }

/** The page's ld+json blocks, parsed. */
async function structuredData(page: Page): Promise<JsonLd[]> {
	const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
	return blocks.map((text) => JSON.parse(text) as JsonLd)
}

/** The product page's reviews section. */
const reviewsOn = (page: Page) => page.getByRole('region', { name: 'Recenzii' })

test.describe('verified product reviews', () => {
	let fixtures: ReturnType<typeof orderFixtures>
	test.beforeEach(({ database }) => {
		fixtures = orderFixtures(database)
	})
	test.afterEach(async () => {
		await fixtures.cleanup()
	})

	test('a delivered order’s buyer reviews a product from the email, the owner approves it, and the product page shows it with its JSON-LD', async ({
		page,
		browser,
		baseURL,
		database,
		createUser,
		signIn,
	}) => {
		const email = `recenzie-${crypto.randomBytes(4).toString('hex')}@example.com`
		const order = await fixtures.create(email)
		const number = order.id.slice(0, 8)
		const [item] = await database.db
			.select({ id: products.id, slug: products.slug, name: products.name })
			.from(products)
			.where(eq(products.id, order.items[0]!.productId!))
		const admin = await createUser({ roles: ['admin'], name: 'Admin Recenzii' })
		await signIn(page, admin)

		// A visitor reads the product page before any review: it says none yet (and the page cache may keep that page).
		const visitor = await browser.newContext()
		const visitorPage = await visitor.newPage()
		await visitorPage.goto(`${baseURL}/ro/product/${item!.slug}`)
		await expect(reviewsOn(visitorPage)).toContainText('Nicio recenzie încă')

		// The owner marks the order delivered in the admin: the delivered email goes out with a review link per product.
		await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
		await waitForHydration(page)
		await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
		const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
		await dialog.getByLabel('Status comandă').selectOption({ label: 'Livrată' })
		await dialog.getByRole('button', { name: 'Schimbă statusul' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Status-ul comenzii a fost actualizat' })).toBeVisible()
		let link = ''
		await expect
			.poll(
				async () => {
					const mail = (await mailsTo(email)).find((text) => text.includes('Statusul comenzii tale este acum: Livrată.'))
					link = mail?.match(/https?:\/\/\S+\/ro\/review\/\S+\?key=[\w-]+/)?.[0] ?? ''
					return link
				},
				{ timeout: 20_000 },
			)
			.toContain(`/ro/review/${order.id}/${item!.id}?key=`)

		// The buyer, with no account, follows the link.
		const buyer = await browser.newContext()
		const buyerPage = await buyer.newPage()
		const url = new URL(link)
		const response = await buyerPage.goto(`${baseURL}${url.pathname}${url.search}`)
		expect(response!.status()).toBe(200)
		expect(response!.headers()['cache-control']).toBe('private, no-store')
		await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(`Recenzie pentru ${item!.name}`)
		await expect(buyerPage.getByText('Cel mult 2000 de caractere')).toBeVisible()
		await waitForHydration(buyerPage)
		await expectNoSeriousA11yViolations(buyerPage)

		// No rating: refused in the buyer's language, and the typed text stays.
		const text = 'Miroase a cedru și arde curat. <b>Recomand!</b>'
		await buyerPage.getByLabel('Recenzia dumneavoastră').fill(text)
		await buyerPage.getByRole('button', { name: 'Trimite recenzia' }).click()
		await expect(buyerPage.getByText('Alegeți o notă de la 1 la 5 stele.').first()).toBeVisible()
		await expect(buyerPage.getByLabel('Recenzia dumneavoastră')).toHaveValue(text)

		await buyerPage.getByRole('radio', { name: '4 din 5 stele' }).check()
		await buyerPage.getByRole('button', { name: 'Trimite recenzia' }).click()
		await expect(buyerPage.getByTestId('review-saved')).toHaveText(/Vă mulțumim! Am primit recenzia/)
		const [saved] = await database.db.select().from(productReviews).where(eq(productReviews.orderId, order.id))
		expect(saved).toMatchObject({ productId: item!.id, rating: 4, text, status: 'pending', authorName: 'Ioana', country: 'RO' })

		// Waiting for the owner: not on the product page yet.
		await visitorPage.reload()
		await expect(reviewsOn(visitorPage).getByRole('listitem')).toHaveCount(0)

		// The owner approves it in the admin's reviews list.
		await page.goto('/admin')
		await page.getByRole('navigation', { name: 'Navigare administrare' }).getByRole('link', { name: 'Recenzii' }).click()
		await expect(page).toHaveURL(/\/admin\/reviews$/)
		await waitForHydration(page)
		const card = page.getByTestId('admin-review').filter({ hasText: 'Miroase a cedru' })
		await expect(card).toContainText('Ioana, România')
		await expect(card).toContainText(item!.name)
		await expectNoSeriousA11yViolations(page)
		await card.getByRole('button', { name: 'Aprobă' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Recenzia a fost aprobată' })).toBeVisible()
		await expect(page.getByTestId('admin-review').filter({ hasText: 'Miroase a cedru' })).toHaveCount(0)

		// The product page shows it at once (approving drops the cached page): as written, escaped, with first name and country.
		await expect
			.poll(
				async () => {
					await visitorPage.reload()
					return reviewsOn(visitorPage).getByRole('listitem').count()
				},
				{ timeout: 10_000 },
			)
			.toBe(1)
		const shown = reviewsOn(visitorPage).getByRole('listitem')
		await expect(shown).toContainText(text)
		await expect(shown.locator('b')).toHaveCount(0)
		await expect(shown).toContainText('Ioana, România')
		await expect(shown).not.toContainText('Mureșan')
		await expect(shown.locator('p[lang="ro"]')).toHaveText(text)
		await expect(reviewsOn(visitorPage).getByText('4,0 din 5 · Recenzii de la cumpărători verificați: 1')).toBeVisible()
		await expect(shown.getByRole('img', { name: 'Nota 4 din 5' })).toHaveText('★★★★☆')
		await expectNoSeriousA11yViolations(visitorPage)

		const product = (await structuredData(visitorPage)).find((block) => block['@type'] === 'Product' || block['@type'] === 'ProductGroup')
		expect(product).toMatchObject({
			name: item!.name,
			aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
			review: [
				{
					'@type': 'Review',
					reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
					author: { '@type': 'Person', name: 'Ioana' },
					reviewBody: text,
					inLanguage: 'ro',
				},
			],
		})
		expect((product!.review as { datePublished: string }[])[0]!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(JSON.stringify(product)).not.toContain(email)

		// The same link again edits the one review, which then waits for the owner again.
		await buyerPage.reload()
		await expect(buyerPage.getByTestId('review-existing')).toContainText('Recenzia apare pe pagina produsului.')
		await expect(buyerPage.getByLabel('Recenzia dumneavoastră')).toHaveValue(text)
		await buyerPage.getByRole('radio', { name: '5 din 5 stele' }).check()
		await buyerPage.getByRole('button', { name: 'Actualizează recenzia' }).click()
		await expect(buyerPage.getByTestId('review-saved')).toHaveText(/Recenzia a fost actualizată/)
		expect(
			await database.db
				.select({ rating: productReviews.rating, status: productReviews.status })
				.from(productReviews)
				.where(eq(productReviews.orderId, order.id)),
		).toEqual([{ rating: 5, status: 'pending' }])

		// A changed key is the same 404 as an unknown order.
		const forged = await buyerPage.goto(`${baseURL}${url.pathname}?key=${'A'.repeat(43)}`)
		expect(forged!.status()).toBe(404)
		await visitor.close()
		await buyer.close()
	})
})
