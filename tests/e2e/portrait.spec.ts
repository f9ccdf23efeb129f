import { formatEuroDifference } from '#domain/money.ts'
import { PORTRAIT_FRAME_CENTS } from '#domain/portrait-price.ts'
import { jpegWithGps, metadataLeaks, png } from '../support/images.ts'
import { cartButton, expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, storedCart, test, useLanguage, waitForHydration } from './cart-fixtures.ts'

/** The frames' labels, with what each adds to the price from the one price list. */
const PREMIUM_FRAME = `Premium frame (${formatEuroDifference(PORTRAIT_FRAME_CENTS.premium)})`
const NO_FRAME = `No frame (${formatEuroDifference(PORTRAIT_FRAME_CENTS.none)})`

/** The signed, short-lived link to the preview the upload answers with (ADR 0173). */
const UPLOAD_URL = /^\/api\/uploads\/portrait\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\?variant=preview&expires=\d+&sig=[\w-]{43}$/

test('the price follows every option as it changes', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/customize-portrait')
	await waitForHydration(page)
	const price = page.getByTestId('portrait-price')
	await expect(page.getByRole('radio', { name: '13x18 cm' })).toBeChecked()
	await expect(page.getByRole('radio', { name: 'Simple frame' })).toBeChecked()
	await expect(page.getByLabel('Number of people')).toHaveValue('1')
	await expect(price).toHaveText('29.90 €')

	await page.getByRole('radio', { name: '18x24 cm' }).check()
	await expect(price).toHaveText('39.90 €')
	await page.getByRole('radio', { name: PREMIUM_FRAME }).check()
	await expect(price).toHaveText('44.90 €')
	await page.getByRole('radio', { name: NO_FRAME }).check()
	await expect(price).toHaveText('29.90 €')
	await page.getByLabel('Quantity', { exact: true }).fill('7')
	await expect(price).toHaveText('209.30 €')
	await expect(page.getByText('29.90 € per portrait')).toBeVisible()
	await page.getByRole('radio', { name: '13x18 cm' }).check()
	await expect(price).toHaveText('139.30 €')
	await page.getByLabel('Quantity', { exact: true }).fill('2')
	await page.getByRole('radio', { name: 'Simple frame' }).check()
	await expect(price).toHaveText('59.80 €')

	// The other form fields (they do not change the price).
	await page.getByLabel('Number of people').selectOption('5+')
	await page.getByRole('group', { name: 'Car in the portrait' }).getByRole('radio', { name: 'Yes' }).check()
	await page.getByLabel('Description (optional)').fill('Our family on the beach')
	await expect(page.getByText('23 / 500 characters')).toBeVisible()
	await page.getByLabel('Description (optional)').fill('x'.repeat(600))
	await expect(page.getByText('500 / 500 characters')).toBeVisible()
	await expect(price).toHaveText('59.80 €')

	await page.goto('/en/customize-portrait?size=18x24')
	await expect(page.getByRole('radio', { name: '18x24 cm' })).toBeChecked()
	await expect(page.getByTestId('portrait-price')).toHaveText('39.90 €')
})

test('a real JPEG uploads with a progress bar, previews without its EXIF, and can be removed', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/customize-portrait')
	await waitForHydration(page)

	// Hold the upload until the progress bar has been seen.
	let release: () => void = () => undefined
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/api/uploads/portrait', async (route) => {
		await held
		await route.continue()
	})
	await page.getByLabel('Poza ta').setInputFiles({ name: 'vacanta.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(800, 600) })
	await expect(page.getByRole('progressbar', { name: 'Progresul încărcării' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Adaugă în coș' })).toBeDisabled()
	release()

	await expect(page.getByText('Poza a fost încărcată cu succes!')).toBeVisible()
	const preview = page.getByRole('img', { name: 'Poza ta' })
	await expect(preview).toBeVisible()
	const src = (await preview.getAttribute('src'))!
	expect(src).toMatch(UPLOAD_URL)
	await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)

	const served = await page.request.get(src)
	expect(served.headers()['content-type']).toBe('image/webp')
	expect(await metadataLeaks(await served.body())).toEqual({ exif: false, gps: false, ownerMark: false, format: 'webp' })

	await page.getByRole('button', { name: 'Elimină poza' }).click()
	await expect(page.getByText('Poza a fost eliminată.')).toBeVisible()
	await expect(page.getByLabel('Poza ta')).toBeVisible()
})

test('an 11 MB image and a text file renamed .jpg are refused with clear messages', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'ro')
	await page.goto('/ro/customize-portrait')
	await waitForHydration(page)
	const input = page.getByLabel('Poza ta')

	const big = Buffer.alloc(11 * 1024 * 1024, 0x20)
	big.set([0xff, 0xd8, 0xff, 0xe0], 0)
	await input.setInputFiles({ name: 'mare.jpg', mimeType: 'image/jpeg', buffer: big })
	await expect(page.getByRole('alert')).toHaveText('Poza este prea mare. Dimensiunea maximă este 10MB.')

	await input.setInputFiles({ name: 'notite.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Acesta este un fișier text, nu o poză.\n') })
	await expect(page.getByRole('alert')).toHaveText('Fișierul nu este o imagine acceptată. Alege o poză JPG, PNG sau WEBP.')
	await expect(page.getByRole('img', { name: 'Poza ta' })).toHaveCount(0)

	await page.getByRole('button', { name: 'Adaugă în coș' }).click()
	await expect(page.getByRole('alert')).toHaveText('Te rugăm să încarci o poză!')
	expect(await storedCart(page)).toBeNull()
})

test('a customised portrait goes into the cart with its options and the upload id, never the picture itself', async ({ page, baseURL }) => {
	await useLanguage(page, baseURL!, 'en')
	await page.goto('/en/customize-portrait?size=18x24')
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('alert')).toHaveText('Please upload a photo!')

	await page.getByLabel('Your photo').setInputFiles({ name: 'family.png', mimeType: 'image/png', buffer: await png() })
	await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible()
	await page.getByLabel('Number of people').selectOption('3')
	await page.getByRole('group', { name: 'Pet in the portrait' }).getByRole('radio', { name: 'Yes' }).check()
	await page.getByRole('radio', { name: PREMIUM_FRAME }).check()
	await page.getByLabel('Description (optional)').fill('With our dog Rex')
	await expect(page.getByText('At most 10 copies of one portrait per order: each is painted by hand. For more, write to us.')).toBeVisible()
	await page.getByLabel('Quantity', { exact: true }).fill('0')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('alert')).toHaveText('The quantity must be a whole number from 1 to 10.')
	// Over the limit the message names the limit (it once said 'at least 1' for 1000), as it is typed: never the price of one.
	await page.getByLabel('Quantity', { exact: true }).fill('1000')
	await expect(page.getByRole('alert')).toHaveText('The quantity must be a whole number from 1 to 10.')
	await expect(page.getByTestId('portrait-price')).toHaveText('—')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('alert')).toHaveText('The quantity must be a whole number from 1 to 10.')
	await page.getByLabel('Quantity', { exact: true }).fill('2')
	await expect(page.getByTestId('portrait-price')).toHaveText('89.80 €')
	await page.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByText('Product added to cart!').first()).toBeVisible()

	await expect.poll(() => storedCart(page)).toHaveLength(1)
	const [item] = (await storedCart(page)) as { line: { uploadId: string } }[]
	// The tagged line the server is sent, beside what the cart shows (ADR 0102).
	const uploadId = item!.line.uploadId
	expect(item).toEqual({
		id: expect.stringMatching(/^portrait-\d{13}$/),
		line: {
			kind: 'portrait',
			options: { size: '18x24', persons: '3', withCar: false, withPet: true, frame: 'premium', description: 'With our dog Rex' },
			uploadId,
			quantity: 2,
		},
		name: 'Cardboard portrait 18x24 cm',
		price: 4490,
		image: expect.stringMatching(new RegExp(`^/api/uploads/portrait/${uploadId}\\?variant=preview&`)),
		maxQuantity: 10,
	})
	expect(JSON.stringify(item)).not.toContain('data:')

	await cartButton(page).click()
	const panel = page.getByRole('dialog', { name: 'Your cart' })
	await expect(panel.getByRole('heading', { name: 'Cardboard portrait 18x24 cm' })).toBeVisible()
	await expect(panel.getByText(PREMIUM_FRAME)).toBeVisible()
	await expect(panel.getByText('With our dog Rex')).toBeVisible()
	await expect(panel.getByTestId('panel-total')).toHaveText('89.80 €')
})

for (const viewport of SCAN_VIEWPORTS) {
	test(`the portrait customiser has no serious accessibility problems (${viewport.name})`, async ({ page, baseURL }) => {
		await useLanguage(page, baseURL!, 'en')
		await page.setViewportSize(viewport)
		await page.goto('/en/customize-portrait')
		await waitForHydration(page)
		await expectNoSeriousA11yViolations(page)
		await page.getByLabel('Your photo').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png() })
		await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible()
		await page.getByRole('button', { name: 'Add to cart' }).click()
		await expect(page.getByRole('alert')).toHaveCount(0)
		await expectNoSeriousA11yViolations(page)
	})
}
