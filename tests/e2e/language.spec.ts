import { expect, test, waitForHydration } from './fixtures.ts'

test.describe('language detection order (spec §1): stored choice, then browser language, then country', () => {
	test('the browser language decides when nothing is stored', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, locale: 'es-ES' })
		const page = await context.newPage()
		await page.goto('/')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hecho a mano, hecho para ti')
		await context.close()
	})

	test('the country from our own server headers decides when the browser language is not supported', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, locale: 'de-DE', extraHTTPHeaders: { 'CF-IPCountry': 'RO' } })
		const page = await context.newPage()
		await page.goto('/about')
		await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
		await context.close()
		const other = await browser.newContext({ baseURL, locale: 'de-DE', extraHTTPHeaders: { 'CF-IPCountry': 'FR' } })
		const otherPage = await other.newPage()
		await otherPage.goto('/about')
		await expect(otherPage.locator('html')).toHaveAttribute('lang', 'en')
		await other.close()
	})

	test('a stored choice beats the browser language and the country', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, locale: 'es-ES', extraHTTPHeaders: { 'CF-IPCountry': 'ES' } })
		await context.addCookies([{ name: 'lang', value: 'ro', url: baseURL! }])
		const page = await context.newPage()
		await page.goto('/faq')
		await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Întrebări frecvente')
		await context.close()
	})

	test('a choice kept only in localStorage is restored into the cookie and the page shown in it', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, locale: 'en-GB' })
		await context.addInitScript(() => {
			if (!localStorage.getItem('language')) localStorage.setItem('language', 'es')
		})
		const page = await context.newPage()
		await page.goto('/contact')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacto')
		expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
		await context.close()
	})
})

test('the language switcher changes the language, stores the choice and keeps it on the next visit', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, locale: 'en-GB', viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.goto('/catalog?category=candle')
	await waitForHydration(page)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await page.getByRole('button', { name: 'RO Română' }).click()
	await expect(page.locator('html')).toHaveAttribute('lang', 'ro')
	await expect(page).toHaveURL(/\/catalog\?category=candle$/)
	await expect(page.getByRole('button', { name: 'RO Română' })).toHaveAttribute('aria-pressed', 'true')
	expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ro')
	expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ro')

	await page.goto('/about')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Despre noi')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'ES Español' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre nosotros')
	await context.close()
})

test('the language switcher works without JavaScript too', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, locale: 'en-GB', javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	await page.goto('/faq')
	await page.getByRole('button', { name: 'ES Español' }).click()
	await expect(page).toHaveURL(/\/faq$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await context.close()
})
