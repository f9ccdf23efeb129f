import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq, inArray } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { media, products } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0132: the owner uploads a hero image into the library, sets it and the
 * hero text in /admin/home, and sees them on the home page in Romanian, English and Spanish (the
 * text machine-translated, the image a responsive WebP set); a library image is picked in the
 * product form; the library tells where an image is used and refuses to delete it.
 */

const unique = () => crypto.randomBytes(4).toString('hex')

async function png(color: string, width = 1200, height = 900) {
	return sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer()
}

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

async function expectNoSidewaysScroll(page: Page) {
	const { scrollWidth, clientWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		clientWidth: document.documentElement.clientWidth,
	}))
	expect(scrollWidth, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(clientWidth)
}

// The home page is one for the whole shop: this runs on a shop of its own (with machine translation
// on), so the shared shop's home page, which other tests and Lighthouse read, never changes.
test.describe('the home page edited from the admin', () => {
	test.describe.configure({ mode: 'default' })
	let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	let shop: ShopProcess
	let handle: DatabaseHandle
	let dropDatabase: () => Promise<void>

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		fake = await startFakeLibreTranslate()
		const database = await createTemporaryPostgresDatabase('e2e-home')
		dropDatabase = database.drop
		shop = await startShop({ env: { DATABASE_URL: database.url, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: fake.url } })
		handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
	})

	test.afterAll(async () => {
		await shop?.stop()
		await handle?.close()
		await dropDatabase?.()
		await fake?.close()
		if (shop) await fs.rm(shop.dataDir, { recursive: true, force: true })
	})

	test('upload a hero image, set it and the hero text, see it on / in ro, en and es; the library names its use and keeps it', async ({ page }) => {
		test.setTimeout(180_000)
		const id = unique()
		const title = `Lumini pentru iarnă ${id}`
		const text = `Lumânări turnate de mână în atelierul nostru ${id}.`
		const filename = `hero-${id}.png`
		const admin = await createTestUser(handle.db, { roles: ['admin'] })
		const cookie = await createSessionCookie(handle.db, admin.id)
		await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])

		// Upload into the library's hero folder.
		await page.goto(`${shop.url}/admin/media?folder=hero`)
		await waitForHydration(page)
		await page.getByLabel('Alege fișiere').setInputFiles([{ name: filename, mimeType: 'image/png', buffer: await png('#c8794a') }])
		await expect(toast(page, 'Fișierele au fost încărcate')).toBeVisible()
		const tile = page.getByRole('list', { name: 'Hero' }).getByRole('listitem').filter({ hasText: filename })
		await expect(tile).toContainText('Nefolosită')

		// Set it and the hero text in /admin/home, picking the image in the library dialog.
		await page.goto(`${shop.url}/admin/home`)
		await waitForHydration(page)
		await page.getByLabel('Titlu hero').fill(title)
		await page.getByLabel('Text hero').fill(text)
		const heroField = page.getByRole('group', { name: 'Imagine hero (folderul Hero)' })
		await heroField.getByRole('button', { name: 'Alege din bibliotecă' }).click()
		const picker = page.getByRole('dialog', { name: /Alege o imagine din biblioteca media: Hero/ })
		await expect(picker.getByRole('button', { name: `Alege imaginea ${filename}` })).toBeVisible()
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			await expectNoSeriousA11yViolations(page)
		}
		// Keyboard: the image button is reached with Tab and chosen with Enter.
		await picker.getByRole('button', { name: `Alege imaginea ${filename}` }).focus()
		await page.keyboard.press('Enter')
		await expect(picker).toBeHidden()
		const preview = heroField.getByRole('img', { name: /Imaginea aleasă/ })
		await expect(preview).toHaveAttribute('src', /^\/uploads\/hero\/\d+-[0-9a-f]+\.webp$/)
		const heroUrl = (await preview.getAttribute('src'))!
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(toast(page, 'Pagina principală a fost salvată')).toBeVisible()
		await expect(page.getByLabel('Titlu hero')).toHaveValue(title)

		// 375 px and desktop: no sideways scroll, no serious axe findings on the editor.
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			await page.goto(`${shop.url}/admin/home`)
			await waitForHydration(page)
			await expectNoSidewaysScroll(page)
			await expectNoSeriousA11yViolations(page)
		}

		// The storefront in Romanian: the text, and the image as the largest paint (a WebP srcset, sized, high priority).
		await page.setViewportSize({ width: 375, height: 812 })
		await page.goto(`${shop.url}/ro`)
		await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
		await expect(page.getByText(text)).toBeVisible()
		const hero = page.locator(`img[src="${heroUrl}"]`)
		await expect(hero).toHaveAttribute('fetchpriority', 'high')
		await expect(hero).toHaveAttribute('width', /\d+/)
		await expect(hero).toHaveAttribute('height', /\d+/)
		const srcset = (await hero.getAttribute('srcset'))!
		expect(srcset).toContain(heroUrl.replace(/\.webp$/, '.w640.webp 640w'))
		for (const candidate of srcset.split(', ').map((entry) => entry.split(' ')[0]!)) {
			const response = await page.request.get(`${shop.url}${candidate}`)
			expect(response.headers()['content-type']).toBe('image/webp')
		}
		await expectNoSidewaysScroll(page)

		// English and Spanish: the background job translates the texts; the same image.
		for (const locale of ['en', 'es'] as const) {
			await expect.poll(async () => (await (await fetch(`${shop.url}/${locale}`)).text()).includes(`[${locale}] ${title}`), { timeout: 30_000 }).toBe(true)
			await page.goto(`${shop.url}/${locale}`)
			await waitForHydration(page)
			await expect(page.getByRole('heading', { level: 1, name: `[${locale}] ${title}` })).toBeVisible()
			await expect(page.getByText(`[${locale}] ${text}`)).toBeVisible()
			await expect(page.locator(`img[src="${heroUrl}"]`)).toBeVisible()
		}

		// The library tile names the use, copies the link, and refuses to delete the image.
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url })
		await page.setViewportSize({ width: 1280, height: 900 })
		await page.goto(`${shop.url}/admin/media?folder=hero`)
		await waitForHydration(page)
		await expect(tile).toContainText('Folosită în: pagina principală (hero)')
		await tile.getByRole('button', { name: `Copiază linkul imaginii ${filename}` }).click()
		await expect(toast(page, 'Linkul a fost copiat')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${shop.url}${heroUrl}`)
		await tile.hover()
		await tile.getByRole('button', { name: `Șterge fișierul ${filename}` }).click()
		const dialog = page.getByRole('dialog', { name: 'Ești sigur?' })
		await expect(dialog).toContainText('Scoate-o mai întâi din: pagina principală (hero)')
		await expectNoSeriousA11yViolations(page)
		await dialog.getByRole('button', { name: 'Șterge' }).click()
		await expect(toast(page, 'Imaginea este folosită și nu poate fi ștearsă')).toContainText('pagina principală (hero)')
		await expect(tile).toBeVisible()
		expect(await handle.db.select({ id: media.id }).from(media).where(eq(media.url, heroUrl))).toHaveLength(1)
	})
})

test.describe('the media library in the product form', () => {
	test('pick a library image in the product form; the library then names the product', async ({ page, baseURL, database, createUser, signIn }) => {
		const id = unique()
		const filename = `biblioteca-${id}.png`
		const name = `Lumânare din bibliotecă ${id}`
		await signIn(page, await createUser({ roles: ['admin'] }))
		const upload = await page.request.post('/admin/api/media', {
			headers: { Origin: new URL(baseURL!).origin },
			multipart: { folder: 'products', file: { name: filename, mimeType: 'image/png', buffer: await png('#5a7d6b', 800, 800) } },
		})
		expect(upload.status()).toBe(201)
		const { url } = (await upload.json()) as { url: string }
		try {
			await page.goto('/admin/products/new')
			await waitForHydration(page)
			await page.getByLabel('Nume').fill(name)
			await page.getByLabel('Categorie', { exact: true }).selectOption({ label: 'Lumânări în borcan de sticlă' })
			await page.getByLabel('Preț (EUR)').fill('21')
			await page.getByLabel('Stoc').fill('3')
			await page.getByRole('button', { name: 'Alege din bibliotecă' }).click()
			const picker = page.getByRole('dialog', { name: /Alege o imagine din biblioteca media: Produse/ })
			await picker.getByRole('button', { name: `Alege imaginea ${filename}` }).click()
			await expect(picker).toBeHidden()
			await expect(page.getByRole('img', { name: 'Imaginea 1' })).toHaveAttribute('src', url)
			await page.getByRole('button', { name: 'Salvează' }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			await expect(toast(page, 'Produsul a fost creat')).toBeVisible()
			const [saved] = await database.db.select({ images: products.images }).from(products).where(eq(products.name, name))
			expect(saved!.images).toEqual([url])

			await page.goto('/admin/media?folder=products')
			await waitForHydration(page)
			await expect(page.getByRole('listitem').filter({ hasText: filename })).toContainText(`Folosită în: produsul ${name}`)
		} finally {
			await database.db.delete(products).where(eq(products.name, name))
			await database.db.delete(media).where(inArray(media.url, [url]))
		}
	})
})
