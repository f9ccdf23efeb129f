import { cartButton, expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, storedCart, test, useLanguage, waitForHydration } from './cart-fixtures.ts'

test.beforeEach(async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
})

test('the server renders a neutral cart badge; the browser fills in the count without a hydration error', async ({ page, request, makeProduct }) => {
	const product = await makeProduct({ name: 'Cedar candle', priceCents: 4500, stock: 5 })
	const html = await (await request.get(`/en/product/${product.slug}`)).text()
	// Named by its visible text; the count and its hidden words come only once the browser has the cart.
	expect(html).toMatch(/aria-haspopup="dialog"[^>]*>(?:(?!<\/button>).)*<span>Cart<\/span>/s)
	expect(html).not.toMatch(/\d+ items?</)
	expect(html).not.toMatch(/>empty</)

	await page.goto(`/en/product/${product.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')
	await page.reload()
	await waitForHydration(page)
	await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')
})

test('adding a product stores the cart as an item array in localStorage, and the cart survives a reload', async ({ page, makeProduct }) => {
	const product = await makeProduct({ name: 'Vanilla candle', priceCents: 4590, stock: 10 })
	await page.goto(`/en/product/${product.slug}`)
	await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
	await waitForHydration(page)
	await page.getByLabel('Quantity', { exact: true }).fill('3')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByText('Added to cart').first()).toBeVisible()
	await expect(page.getByText('Product added to cart!').first()).toBeVisible()

	// The tagged line the server is sent, beside what the cart shows (ADR 0102).
	await expect
		.poll(() => storedCart(page))
		.toEqual([{ id: product.id, line: { kind: 'product', productId: product.id, quantity: 3 }, name: product.name, price: 4590, image: null, maxQuantity: 10 }])

	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect
		.poll(() => storedCart(page))
		.toEqual([expect.objectContaining({ id: product.id, line: { kind: 'product', productId: product.id, quantity: 4 } })])

	await page.reload()
	await waitForHydration(page)
	await expect(cartButton(page)).toHaveAccessibleName('Cart 4 items')
	await page.goto('/en/cart')
	const line = page.getByRole('main').getByTestId('cart-line')
	await expect(line).toHaveCount(1)
	await expect(line.getByRole('heading', { name: product.name })).toBeVisible()
	await expect(line.getByTestId('line-total')).toHaveText('183.60 €')
	await expect(page.getByTestId('cart-total')).toHaveText('183.60 €')
})

test('quantities are edited in the side panel, never beyond the stock the page showed', async ({ page, makeProduct }) => {
	const product = await makeProduct({ name: 'Lavender candle', priceCents: 3000, stock: 3 })
	await page.goto(`/en/product/${product.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Add to cart' }).click()

	await cartButton(page).click()
	const panel = page.getByRole('dialog', { name: 'Your cart' })
	await expect(panel).toBeVisible()
	await expect(panel.getByRole('heading', { name: product.name })).toBeVisible()
	await expect(panel.getByText('30.00 € each')).toBeVisible()
	await panel.getByRole('button', { name: `One more ${product.name}` }).click()
	await expect(panel.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText('2')
	await expect(panel.getByTestId('panel-total')).toHaveText('60.00 €')
	await expect(page.getByText('Product updated').first()).toBeVisible()
	await panel.getByRole('button', { name: `One more ${product.name}` }).click()
	await expect(panel.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText('3')
	await expect(panel.getByRole('button', { name: `One more ${product.name}` })).toBeDisabled()
	await panel.getByRole('button', { name: `One less ${product.name}` }).click()
	await expect(panel.getByTestId('panel-total')).toHaveText('60.00 €')
	await expect
		.poll(() => storedCart(page))
		.toEqual([expect.objectContaining({ id: product.id, line: { kind: 'product', productId: product.id, quantity: 2 } })])

	// The panel leads straight to checkout too.
	await expect(panel.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/en/checkout')
	await panel.getByRole('link', { name: 'View cart' }).click()
	await expect(page).toHaveURL(/\/cart$/)
	await expect(panel).toBeHidden()

	// Back on the product page: only the one unit left can still be added.
	await page.goto(`/en/product/${product.slug}`)
	await waitForHydration(page)
	await page.getByLabel('Quantity', { exact: true }).fill('5')
	await page.getByLabel('Quantity', { exact: true }).blur()
	await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
	await expect(page.getByText('All available units are already in your cart.')).toBeVisible()
	await expect
		.poll(() => storedCart(page))
		.toEqual([expect.objectContaining({ id: product.id, line: { kind: 'product', productId: product.id, quantity: 3 } })])
})

test('the cart page edits quantities, shows line totals and a summary, removes lines and clears the cart', async ({ page, makeProduct }) => {
	const first = await makeProduct({ name: 'Citrus candle', priceCents: 2500, stock: 9 })
	const second = await makeProduct({ name: 'Ocean candle', priceCents: 1999, stock: null })
	for (const product of [first, second]) {
		await page.goto(`/en/product/${product.slug}`)
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Add to cart' }).click()
		await expect(cartButton(page)).toHaveAccessibleName(product === first ? 'Cart 1 item' : 'Cart 2 items')
	}
	await page.goto('/en/cart')
	await waitForHydration(page)
	await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(2)
	await expect(page.getByTestId('cart-subtotal')).toHaveText('44.99 €')
	// What checkout will charge for its first country, as the server computes it (free in the test shop).
	await expect(page.getByText('Shipping to Romania')).toBeVisible()
	await expect(page.getByTestId('cart-shipping')).toHaveText('Free')

	await page.getByRole('button', { name: `One more ${second.name}` }).click()
	await page.getByRole('button', { name: `One more ${second.name}` }).click()
	const secondLine = page.locator(`[data-line-id="${second.id}"]`)
	await expect(secondLine.getByTestId('line-total')).toHaveText('59.97 €')
	await expect(page.getByTestId('cart-total')).toHaveText('84.97 €')
	await expect(page.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/en/checkout')

	// Minus at quantity 1 removes the line (a quantity of 0 removes the item).
	await page.getByRole('button', { name: `One less ${first.name}` }).click()
	await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(1)
	await expect(page.getByText('Product removed').first()).toBeVisible()
	await expect.poll(() => storedCart(page)).toEqual([expect.objectContaining({ id: second.id, line: { kind: 'product', productId: second.id, quantity: 3 } })])

	await page.goto(`/en/product/${first.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await page.goto('/en/cart')
	await page.getByRole('button', { name: `Remove ${first.name}` }).click()
	await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(1)

	// Emptying is asked first; keeping the cart changes nothing.
	await page.getByRole('button', { name: 'Clear cart' }).click()
	await expect(page.getByRole('alertdialog')).toHaveText(/Empty the cart\? Everything in it will be removed\./)
	await page.getByRole('button', { name: 'Keep my cart' }).click()
	await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(1)
	await page.getByRole('button', { name: 'Clear cart' }).click()
	await page.getByRole('button', { name: 'Yes, empty the cart' }).click()
	await expect(page.getByText('Cart cleared').first()).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/en/catalog')
	await expect.poll(() => storedCart(page)).toEqual([])
	await expect(cartButton(page)).toHaveAccessibleName('Cart empty')
})

test('an empty cart panel says so and links to the catalogue; the empty cart page is in Romanian', async ({ page }) => {
	await page.goto('/en')
	await waitForHydration(page)
	await cartButton(page).click()
	const panel = page.getByRole('dialog', { name: 'Your cart' })
	await expect(panel.getByText('Your cart is empty')).toBeVisible()
	await expect(panel.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/en/catalog')
	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()

	// The visitor switches to Romanian in the header (the stored choice wins over a cookie).
	await page.getByRole('form', { name: 'Language' }).getByRole('button', { name: 'RO Română' }).click()
	await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
	await expect(page).toHaveURL(/\/ro$/)
	// An address without language now leads to the stored choice (ADR 0106).
	await page.goto('/cart')
	await expect(page).toHaveURL(/\/ro\/cart$/)
	await expect(page.getByRole('heading', { name: 'Coșul tău este gol' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('link', { name: 'Mergi la magazin' })).toHaveAttribute('href', '/ro/catalog')
})

test('a tampered cart in localStorage is discarded without breaking the page', async ({ page }) => {
	for (const tampered of [
		'{not json',
		JSON.stringify({ id: 'x' }),
		JSON.stringify([{ id: 'x', name: 'Free', price: -5, quantity: 1, image: null, options: {} }]),
		JSON.stringify([{ id: 'x', name: 'Evil', price: 100, quantity: 1, image: 'javascript:alert(1)', options: {} }]),
		JSON.stringify([{ id: 'x', name: 'Huge', price: 100, quantity: 1e9, image: null, options: {} }]),
	]) {
		await page.goto('/en')
		await page.evaluate((value) => localStorage.setItem('cart', value), tampered)
		await page.goto('/en/cart')
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
		await expect(cartButton(page)).toHaveAccessibleName('Cart empty')
		expect(await storedCart(page)).toBeNull()
	}
})

test('a product at stock 0 cannot be added', async ({ page, makeProduct }) => {
	const product = await makeProduct({ name: 'Gingerbread candle', priceCents: 5000, stock: 0 })
	await page.goto(`/en/product/${product.slug}`)
	await expect(page.getByRole('heading', { name: product.name })).toBeVisible()
	await waitForHydration(page)
	await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
	// Said once, by the product page's stock line.
	await expect(page.getByTestId('stock-line')).toHaveText('Out of stock')
	await expect(page.getByText('Out of stock', { exact: true })).toHaveCount(1)
	await page.getByRole('button', { name: 'Add to cart' }).click({ force: true })
	await expect(cartButton(page)).toHaveAccessibleName('Cart empty')
	expect(await storedCart(page)).toBeNull()
})

test('the cart follows changes made in another tab', async ({ page, context, makeProduct }) => {
	const product = await makeProduct({ name: 'Cotton candle', priceCents: 2000, stock: null })
	const other = await context.newPage()
	await other.goto('/en/cart')
	await waitForHydration(other)
	await expect(other.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()

	await page.goto(`/en/product/${product.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(other.getByRole('main').getByTestId('cart-line')).toHaveCount(1)
	await expect(cartButton(other)).toHaveAccessibleName('Cart 1 item')
	await other.close()
})

test('a full storage resets the cart and tells the visitor', async ({ page, baseURL, makeProduct }) => {
	const product = await makeProduct({ name: 'Seasonal candle', priceCents: 2000, stock: 4 })
	await useLanguage(page, baseURL!, 'ro')
	await page.addInitScript(() => {
		const setItem = Storage.prototype.setItem
		Storage.prototype.setItem = function (key: string, value: string) {
			if (key === 'cart' && value !== '[]') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
			return setItem.call(this, key, value)
		}
	})
	await page.goto(`/ro/product/${product.slug}`)
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Adaugă în coș' }).click()
	await expect(page.getByText('Coș resetat')).toBeVisible()
	await expect(page.getByText('Coșul a fost resetat din cauza limitării spațiului de stocare.')).toBeVisible()
	await expect(cartButton(page)).toHaveAccessibleName('Coș gol')
})

for (const viewport of SCAN_VIEWPORTS) {
	test(`the cart page has no serious accessibility problems (${viewport.name})`, async ({ page, makeProduct }) => {
		await page.setViewportSize(viewport)
		await page.goto('/en/cart')
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)

		const product = await makeProduct({ name: 'Vanilla candle', priceCents: 4500, stock: 5 })
		await page.goto(`/en/product/${product.slug}`)
		await waitForHydration(page)
		await page.getByRole('button', { name: 'Add to cart' }).click()
		await page.goto('/en/cart')
		await expect(page.getByRole('main').getByTestId('cart-line')).toHaveCount(1)
		await expectNoSeriousA11yViolations(page)

		await cartButton(page).click()
		await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})
}
