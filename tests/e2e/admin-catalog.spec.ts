import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray, like } from 'drizzle-orm'
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import type { DatabaseHandle } from '#db/client.ts'
import { categories, media, products, signInBlocks } from '#db/schema/index.ts'
import { createSessionCookie } from '../support/accounts.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, useLanguage, waitForHydration } from './fixtures.ts'

const unique = () => crypto.randomBytes(4).toString('hex')

async function png(color: string, width = 600, height = 400) {
	return sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer()
}

function toast(page: Page, text: string | RegExp) {
	return page.locator('[data-toast]').filter({ hasText: text })
}

test.describe('admin catalogue', () => {
	let adminId = ''
	test.beforeEach(async ({ page, createUser, signIn }) => {
		const admin = await createUser({ roles: ['admin'], name: 'Admin E2E' })
		adminId = admin.id
		await signIn(page, admin)
	})

	test('a category with diacritics gets a plain slug; a subcategory; cycles are refused; deleting deactivates the products, flagged', async ({
		page,
		database,
		baseURL,
	}) => {
		const id = unique()
		await page.goto('/admin/categories/new')
		await waitForHydration(page)
		await page.getByLabel('Nume').fill(`Lumânări Științifice și Țesături ${id}`)
		await expect(page.getByLabel('Slug')).toHaveValue(`lumanari-stiintifice-si-tesaturi-${id}`)
		await page.getByLabel('Ordine').fill('7')
		// An image with preview, removed, then chosen again.
		await page.getByLabel('Alege imaginea').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: await png('#a63') })
		await expect(toast(page, 'Imaginea a fost încărcată cu succes!')).toBeVisible()
		// Uploaded into the media library (its products folder), the one place for images (ADR 0132).
		const firstImage = page.getByRole('img', { name: 'Previzualizarea imaginii categoriei' })
		await expect(firstImage).toHaveAttribute('src', /^\/uploads\/products\/\d+-[0-9a-f]+\.webp$/)
		const firstUrl = (await firstImage.getAttribute('src'))!
		await page.getByRole('button', { name: 'Elimină imaginea' }).click()
		await expect(page.getByRole('img', { name: 'Previzualizarea imaginii categoriei' })).toHaveCount(0)
		await page.getByLabel('Alege imaginea').setInputFiles({ name: 'cat2.png', mimeType: 'image/png', buffer: await png('#36a') })
		const preview = page.getByRole('img', { name: 'Previzualizarea imaginii categoriei' })
		await expect(preview).toBeVisible()
		const imageUrl = await preview.getAttribute('src')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/categories$/)
		await expect(toast(page, 'Categoria a fost creată cu succes!')).toBeVisible()
		const topRow = page.getByRole('row', { name: new RegExp(`Lumânări Științifice și Țesături ${id}`) })
		await expect(topRow).toContainText(`lumanari-stiintifice-si-tesaturi-${id}`)
		await expect(topRow).toContainText('Activă')
		const [top] = await database.db
			.select()
			.from(categories)
			.where(eq(categories.slug, `lumanari-stiintifice-si-tesaturi-${id}`))
		expect(top).toMatchObject({ displayOrder: 7, parentId: null, description: null, imageUrl })

		// A subcategory under it.
		await page.getByRole('link', { name: 'Adaugă Categorie' }).click()
		await waitForHydration(page)
		await page.getByLabel('Nume').fill(`Sub ${id}`)
		await page.getByLabel('Categorie părinte').selectOption({ label: `Lumânări Științifice și Țesături ${id}` })
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(toast(page, 'Categoria a fost creată cu succes!')).toBeVisible()
		await expect(page.getByRole('row', { name: new RegExp(`Sub ${id}`) })).toContainText(`Lumânări Științifice și Țesături ${id}`)
		const [child] = await database.db
			.select()
			.from(categories)
			.where(eq(categories.slug, `sub-${id}`))
		expect(child?.parentId).toBe(top!.id)

		// A duplicate slug gets a clear error.
		await page.goto('/admin/categories/new')
		await waitForHydration(page)
		await page.getByLabel('Nume').fill(`Sub ${id}`)
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(toast(page, 'Există deja o categorie cu acest slug')).toBeVisible()
		await expect(page).toHaveURL(/\/admin\/categories\/new$/)

		// The parent picker of the top category offers neither itself nor its subcategory...
		await page.goto(`/admin/categories/${top!.id}`)
		await waitForHydration(page)
		const options = await page.getByLabel('Categorie părinte').locator('option').allTextContents()
		expect(options).toContain('Niciuna (categorie principală)')
		expect(options).not.toContain(`Sub ${id}`)
		expect(options).not.toContain(`Lumânări Științifice și Țesături ${id}`)
		// ...and the server refuses the cycle when asked anyway.
		const refused = await page.request.post(`/admin/categories/${top!.id}`, {
			headers: { Origin: new URL(baseURL!).origin },
			data: { name: top!.name, slug: top!.slug, description: '', parentId: child!.id, displayOrder: '7', isActive: true, imageUrl: null },
		})
		expect(refused.status()).toBe(400)
		expect(await refused.text()).toContain('O categorie nu poate fi mutată sub ea însăși sau sub una dintre subcategoriile ei')
		const [unchanged] = await database.db.select().from(categories).where(eq(categories.id, top!.id))
		expect(unchanged?.parentId).toBeNull()

		// Toggle from the list.
		await page.goto('/admin/categories')
		await waitForHydration(page)
		await page.getByRole('button', { name: `Dezactivează categoria Sub ${id}` }).click()
		await expect(toast(page, 'Categoria a fost dezactivată')).toBeVisible()
		await expect(page.getByRole('row', { name: new RegExp(`Sub ${id}`) })).toContainText('Inactivă')

		// A product in the subcategory survives deleting the top category, flagged in the product list.
		const [product] = await database.db
			.insert(products)
			.values({ slug: `orfan-${id}`, name: `Orfan ${id}`, kind: 'candle', categoryId: child!.id, priceCents: 1000, stock: 3 })
			.returning()
		await page.reload()
		await waitForHydration(page)
		await page.getByRole('button', { name: `Șterge categoria Lumânări Științifice și Țesături ${id}` }).click()
		const dialog = page.getByRole('dialog', { name: 'Ești sigur?' })
		await expect(dialog).toContainText('Categoria și subcategoriile ei vor fi șterse permanent')
		// Its product is deactivated rather than left on sale without a category (ADR 0125).
		await dialog.getByRole('radio', { name: /Dezactivează produsele/ }).check()
		await dialog.getByRole('button', { name: 'Șterge' }).click()
		await expect(toast(page, 'Categoria a fost ștearsă; 1 produse au fost dezactivate')).toBeVisible()
		await expect(page.getByRole('row', { name: new RegExp(`Sub ${id}`) })).toHaveCount(0)
		expect(
			await database.db
				.select()
				.from(categories)
				.where(inArray(categories.id, [top!.id, child!.id])),
		).toEqual([])
		await page.goto(`/admin/products?q=${encodeURIComponent(`Orfan ${id}`)}`)
		await expect(page.getByRole('row', { name: new RegExp(`Orfan ${id}`) })).toContainText('Categorie ștearsă')
		await expect(page.getByRole('row', { name: new RegExp(`Orfan ${id}`) })).toContainText('Inactiv')
		await database.db.delete(products).where(eq(products.id, product!.id))
		await database.db.delete(media).where(inArray(media.url, [firstUrl, imageUrl!]))
	})

	test('a candle product with two reordered images: created, toggled, edited and deleted', async ({ page, database }) => {
		const id = unique()
		const made = await createCandleProduct(page, id)
		const [row] = await database.db.select().from(products).where(eq(products.slug, made.slug))
		expect(row).toMatchObject({
			name: made.name,
			kind: 'candle',
			priceCents: 3450,
			stock: 12,
			scent: 'lavender',
			smellsLike: 'Câmp de lavandă',
			giftWrapAvailable: true,
			customLabelAvailable: true,
			badges: ['Handmade', 'Nou'],
			isActive: true,
		})
		// The second image uploaded was moved first, so it is the main image.
		expect(row!.images).toEqual([made.second, made.first])
		for (const url of row!.images) expect((await page.request.get(url)).headers()['content-type']).toBe('image/webp')

		// Toggle inactive from the list, then active again.
		const productRow = page.getByRole('row', { name: new RegExp(made.name) })
		await productRow.getByRole('button', { name: `Dezactivează produsul ${made.name}` }).click()
		await expect(toast(page, 'Produsul a fost dezactivat')).toBeVisible()
		await expect(productRow).toContainText('Inactiv')
		expect((await database.db.select().from(products).where(eq(products.id, row!.id)))[0]?.isActive).toBe(false)
		await productRow.getByRole('button', { name: `Activează produsul ${made.name}` }).click()
		await expect(toast(page, 'Produsul a fost activat')).toBeVisible()

		// Edit: it becomes a portrait, so the candle fields are cleared; one image is removed.
		await productRow.getByRole('link', { name: `Editează produsul ${made.name}` }).click()
		await waitForHydration(page)
		await expect(page.getByLabel('Slug')).toHaveValue(made.slug)
		await page.getByLabel('Nume').fill(`${made.name} editat`)
		await expect(page.getByLabel('Slug')).toHaveValue(made.slug)
		await page.getByLabel('Preț (EUR)').fill('1000000')
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(toast(page, 'Prețul trebuie să fie între 0 și 999999')).toBeVisible()
		await page.getByLabel('Preț (EUR)').fill('40')
		await page.getByLabel('Tip produs').selectOption({ label: 'Portret din carton' })
		await expect(page.getByRole('heading', { name: 'Detalii lumânare' })).toHaveCount(0)
		await page.getByRole('button', { name: 'Elimină imaginea 2' }).click()
		await page.getByRole('button', { name: 'Salvează' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)
		await expect(toast(page, 'Produsul a fost actualizat')).toBeVisible()
		const [edited] = await database.db.select().from(products).where(eq(products.id, row!.id))
		expect(edited).toMatchObject({
			name: `${made.name} editat`,
			kind: 'portrait_cardboard',
			priceCents: 4000,
			scent: null,
			smellsLike: null,
			waxColor: null,
			containerType: null,
			giftWrapAvailable: true,
			customLabelAvailable: false,
			images: [made.second],
		})
		// The removed image stays in the media library, which owns every uploaded image (ADR 0132), now used nowhere.
		expect((await page.request.get(made.first)).status()).toBe(200)
		expect(await database.db.select({ folder: media.folder }).from(media).where(eq(media.url, made.first))).toEqual([{ folder: 'products' }])

		// Delete with 'Ești sigur?'.
		await page.getByRole('button', { name: `Șterge produsul ${made.name} editat` }).click()
		const dialog = page.getByRole('dialog', { name: 'Ești sigur?' })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Șterge' }).click()
		await expect(toast(page, 'Produsul a fost șters')).toBeVisible()
		await expect(page.getByRole('row', { name: new RegExp(made.name) })).toHaveCount(0)
		expect(await database.db.select().from(products).where(eq(products.id, row!.id))).toEqual([])
		await database.db.delete(media).where(inArray(media.url, [made.first, made.second]))
	})

	test('the product list searches, filters by category and shows its empty state', async ({ page }) => {
		await page.goto('/admin/products')
		await waitForHydration(page)
		await page.getByLabel('Caută după nume sau slug').fill('Lavandă')
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page).toHaveURL(/q=Lavand/)
		await expect(page.getByRole('row', { name: /Lavandă/ }).first()).toBeVisible()
		const nothing = `nimic-${unique()}`
		await page.getByLabel('Caută după nume sau slug').fill(nothing)
		await page.getByRole('button', { name: 'Caută' }).click()
		// The empty message says what was filtered (ADR 0125).
		await expect(page.getByText(`Niciun produs nu corespunde filtrului: căutarea „${nothing}”`)).toBeVisible()
		await page.goto('/admin/products')
		await page.getByLabel('Filtrează după categorie').selectOption({ label: 'Portrete cu animale' })
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('row').nth(1)).toContainText('Portrete cu animale')
	})

	test('media: drag and drop, then a mixed batch by the picker where only the JPEG lands; then delete', async ({ page, database }) => {
		const id = unique()
		await page.goto('/admin/media?folder=banners')
		await waitForHydration(page)
		await expect(page.getByText('Max 5MB per fișier • JPG, PNG, WEBP')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Bannere' })).toHaveAttribute('aria-current', 'page')

		// Drag and drop one PNG.
		const dropped = `dropped-${id}.png`
		const dataTransfer = await page.evaluateHandle(
			({ name, bytes }) => {
				const transfer = new DataTransfer()
				transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }))
				return transfer
			},
			{ name: dropped, bytes: [...(await png('#3a7'))] },
		)
		const zone = page.getByTestId('media-dropzone')
		await zone.dispatchEvent('dragover', { dataTransfer })
		await expect(zone).toContainText('Eliberează pentru a încărca')
		await zone.dispatchEvent('drop', { dataTransfer })
		await expect(toast(page, 'Fișierele au fost încărcate')).toBeVisible()
		await expect(page.getByRole('list', { name: 'Bannere' }).getByText(dropped)).toBeVisible()

		// The picker with a JPEG, a 6 MB PNG, a text file and an SVG.
		const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c63' } })
			.jpeg()
			.toBuffer()
		const big = Buffer.concat([await png('#000', 10, 10), Buffer.alloc(6 * 1024 * 1024)])
		await page.getByLabel('Alege fișiere').setInputFiles([
			{ name: `photo-${id}.jpg`, mimeType: 'image/jpeg', buffer: jpeg },
			{ name: `big-${id}.png`, mimeType: 'image/png', buffer: big },
			{ name: `notes-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not an image') },
			{ name: `logo-${id}.svg`, mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
		])
		await expect(toast(page, `big-${id}.png depășește 5MB`)).toContainText('Fișier prea mare')
		await expect(toast(page, `notes-${id}.txt nu este o imagine validă`)).toContainText('Fișier invalid')
		await expect(toast(page, `logo-${id}.svg nu este o imagine validă`)).toContainText('Fișier invalid')
		// The grid (not the upload progress list, which also names the files) shows the stored JPEG.
		await expect(page.getByRole('list', { name: 'Bannere' }).getByText(`photo-${id}.jpg`)).toBeVisible()
		const rows = await database.db
			.select()
			.from(media)
			.where(like(media.filename, `%${id}%`))
		expect(rows.map((r) => r.filename).sort()).toEqual([dropped, `photo-${id}.jpg`].sort())
		for (const row of rows) {
			expect(row).toMatchObject({ folder: 'banners', mimeType: 'image/webp' })
			expect(row.storageKey).toMatch(/^banners\/\d+-[0-9a-f]+\.webp$/)
			expect(row.uploadedBy).toBe(adminId)
		}
		const photo = rows.find((r) => r.filename === `photo-${id}.jpg`)!
		await expect(page.getByRole('listitem').filter({ hasText: `photo-${id}.jpg` })).toContainText(`${Math.max(1, Math.round(photo.size / 1024))} KB`)

		// The server checks the bytes too: an SVG sent as a PNG is refused.
		const refused = await page.request.post('/admin/api/media', {
			headers: { Origin: new URL(page.url()).origin },
			multipart: {
				folder: 'banners',
				file: { name: `sneaky-${id}.png`, mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
			},
		})
		expect(refused.status()).toBe(415)
		expect(await refused.json()).toMatchObject({ title: 'Fișier invalid', errors: { formError: `sneaky-${id}.png nu este o imagine validă` } })

		// Delete on hover, with the confirmation.
		const tile = page.getByRole('listitem').filter({ hasText: `photo-${id}.jpg` })
		await tile.hover()
		await tile.getByRole('button', { name: `Șterge fișierul photo-${id}.jpg` }).click()
		const dialog = page.getByRole('dialog', { name: 'Ești sigur?' })
		await expect(dialog).toContainText('Această acțiune nu poate fi anulată. Fișierul va fi șters permanent.')
		await dialog.getByRole('button', { name: 'Șterge' }).click()
		await expect(toast(page, 'Fișierul a fost șters')).toBeVisible()
		await expect(page.getByText(`photo-${id}.jpg`)).toHaveCount(0)
		expect(await database.db.select().from(media).where(eq(media.id, photo.id))).toEqual([])
		await expect(fs.stat(path.join(process.env.E2E_DATA_DIR!, 'uploads', ...photo.storageKey.split('/')))).rejects.toThrow()
		await cleanupMedia(database, id)
	})

	test('the dashboard links the four areas and shows today’s orders, 30-day revenue and low stock', async ({ page, database }) => {
		const id = unique()
		const [low] = await database.db
			.insert(products)
			.values({ slug: `putin-${id}`, name: `Aproape epuizat ${id}`, kind: 'candle', priceCents: 100, stock: 0 })
			.returning()
		await page.goto('/admin')
		for (const [name, href] of [
			['Categorii', '/admin/categories'],
			['Produse', '/admin/products'],
			['Comenzi', '/admin/orders'],
			['Media', '/admin/media'],
		] as const) {
			await expect(
				page
					.getByRole('main')
					.getByRole('link', { name: new RegExp(`^${name}`) })
					.last(),
			).toHaveAttribute('href', href)
		}
		await expect(page.getByTestId('orders-today')).toHaveText(/^\d+$/)
		await expect(page.getByTestId('revenue-30')).toHaveText(/^[\d.]+,\d{2} €$/)
		await expect(page.getByRole('link', { name: `Aproape epuizat ${id}` })).toBeVisible()
		await database.db.delete(products).where(eq(products.id, low!.id))
	})

	test('bad ids are 404 pages, never errors', async ({ page }) => {
		for (const url of [
			'/admin/products/not-an-id',
			'/admin/products/00000000-0000-4000-8000-000000000000',
			'/admin/categories/x',
			'/admin/categories/00000000-0000-4000-8000-000000000000',
		]) {
			const response = await page.goto(url)
			expect(response?.status(), url).toBe(404)
		}
		const missing = await page.request.post('/admin/products', {
			headers: { Origin: new URL(page.url()).origin },
			form: { intent: 'delete', id: '00000000-0000-4000-8000-000000000000' },
		})
		expect(missing.status()).toBe(404)
	})

	test('every admin page has no serious accessibility violations on a phone and a desktop', async ({ page, database }) => {
		// Twelve pages at two widths, each scanned by axe (the products list alone is 20 rows of controls).
		test.setTimeout(360_000)
		const [category] = await database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'candle'))
		const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'lumanare-lavanda-de-provence')).limit(1)
		// One sign-in block, so /admin/security is scanned with its table.
		await database.db.insert(signInBlocks).values({
			email: `a11y-${unique()}@example.test`,
			address: '203.0.113.66',
			reason: 'account-address',
			failures: 5,
			blockedUntil: new Date(Date.now() + 30_000),
		})
		const pages = [
			'/admin',
			'/admin/products',
			'/admin/products/new',
			`/admin/products/${product!.id}`,
			'/admin/categories',
			'/admin/categories/new',
			`/admin/categories/${category!.id}`,
			'/admin/media',
			'/admin/media?folder=hero',
			'/admin/home',
			'/admin/translations',
			'/admin/translations?tab=category',
			'/admin/translations?tab=home',
			'/admin/security',
		]
		for (const viewport of SCAN_VIEWPORTS) {
			await page.setViewportSize({ width: viewport.width, height: viewport.height })
			for (const url of pages) {
				await page.goto(url)
				await waitForHydration(page)
				await expectNoSeriousA11yViolations(page)
			}
		}
	})
})

test.describe('admin routes refuse everyone but admins', () => {
	test('a visitor is sent to /login and a signed-in customer to /, for pages, actions and uploads', async ({ playwright, database, baseURL, createUser }) => {
		const anonymous = await playwright.request.newContext({ baseURL, maxRedirects: 0 })
		const origin = { Origin: new URL(baseURL!).origin }
		for (const url of ['/admin', '/admin/products', '/admin/products/new', '/admin/categories', '/admin/categories/new', '/admin/media']) {
			const response = await anonymous.get(url)
			expect(response.status(), url).toBe(302)
			expect(response.headers().location).toBe(`/en/login?returnUrl=${encodeURIComponent(url)}`)
		}
		const upload = await anonymous.post('/admin/api/media', {
			headers: origin,
			multipart: { folder: 'hero', file: { name: 'a.png', mimeType: 'image/png', buffer: await png('#111') } },
		})
		expect(upload.status()).toBe(302)
		await anonymous.dispose()

		const customer = await createUser()
		const cookie = await createSessionCookie(database.db, customer.id)
		const asCustomer = await playwright.request.newContext({
			baseURL,
			maxRedirects: 0,
			extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}`, ...origin },
		})
		const [victim] = await database.db.select({ id: products.id }).from(products).limit(1)
		for (const [method, url, body] of [
			['get', '/admin', undefined],
			['get', '/admin/media?folder=hero', undefined],
			['post', '/admin/products', { intent: 'delete', id: victim!.id }],
			['post', '/admin/categories', { intent: 'toggle', id: victim!.id, active: 'false' }],
			['post', '/admin/media', { intent: 'delete', id: victim!.id }],
		] as const) {
			const response = method === 'get' ? await asCustomer.get(url) : await asCustomer.post(url, { form: body })
			expect(response.status(), `${method} ${url}`).toBe(302)
			expect(response.headers().location).toBe('/en')
		}
		for (const url of ['/admin/api/images', '/admin/api/media']) {
			const response = await asCustomer.post(url, {
				multipart: { folder: 'hero', purpose: 'product', file: { name: 'a.png', mimeType: 'image/png', buffer: await png('#111') } },
			})
			expect(response.status(), url).toBe(302)
		}
		expect(await database.db.select().from(products).where(eq(products.id, victim!.id))).toHaveLength(1)
		await asCustomer.dispose()
	})
})

test.describe('storefront', () => {
	test('an admin-made candle shows on /product/{slug} with its main image, and disappears when made inactive', async ({
		page,
		database,
		browser,
		baseURL,
		createUser,
		signIn,
	}) => {
		await signIn(page, await createUser({ roles: ['admin'] }))
		const made = await createCandleProduct(page, unique())
		// Romanian is the content's source language, so the name shows exactly as typed.
		await useLanguage(page, baseURL!, 'ro')
		await page.goto(`/ro/product/${made.slug}`)
		await expect(page.getByRole('heading', { level: 1, name: made.name })).toBeVisible()
		const mainImage = made.second.replace(/\.webp$/, '')
		await expect(page.locator(`main img[src^="${mainImage}"]`).first()).toBeVisible()

		await page.goto('/admin/products')
		await waitForHydration(page)
		await page.getByRole('button', { name: `Dezactivează produsul ${made.name}` }).click()
		await expect(toast(page, 'Produsul a fost dezactivat')).toBeVisible()
		// Staff still preview it (ADR 0125); a customer gets the 404.
		await page.goto(`/ro/product/${made.slug}`)
		await expect(page.getByTestId('product-preview')).toBeVisible()
		const customer = await browser.newContext({ baseURL })
		const gone = await customer.request.get(`/ro/product/${made.slug}`)
		expect(gone.status()).toBe(404)
		await customer.close()
		await database.db.delete(products).where(eq(products.slug, made.slug))
		await database.db.delete(media).where(inArray(media.url, [made.first, made.second]))
	})
})

/** Creates a candle product through the admin form: two images uploaded, the second moved first. */
async function createCandleProduct(page: Page, id: string) {
	const name = `Lumânare Șoaptă ${id}`
	const slug = `lumanare-soapta-${id}`
	await page.goto('/admin/products/new')
	await waitForHydration(page)
	await page.getByLabel('Nume').fill(name)
	await expect(page.getByLabel('Slug')).toHaveValue(slug)
	await page.getByLabel('Descriere').fill('Ceară de soia, fitil de bumbac.')
	await page.getByLabel('Categorie', { exact: true }).selectOption({ label: 'Lumânări în borcan de sticlă' })
	await expect(page.getByLabel('Tip produs')).toHaveValue('candle')
	await page.getByLabel('Preț (EUR)').fill('34.50')
	await page.getByLabel('Stoc').fill('12')
	await page.getByRole('checkbox', { name: 'Handmade', exact: true }).check()
	await page.getByRole('checkbox', { name: 'Nou', exact: true }).check()
	await expect(page.getByRole('heading', { name: 'Detalii lumânare' })).toBeVisible()
	await page.getByLabel('Aromă').fill('lavender')
	await page.getByLabel('Miroase a').fill('Câmp de lavandă')
	await page.getByLabel('Etichetă personalizată disponibilă').check()

	await page.getByLabel('Adaugă imagini').setInputFiles([
		{ name: 'first.png', mimeType: 'image/png', buffer: await png('#d33') },
		{ name: 'second.png', mimeType: 'image/png', buffer: await png('#33d') },
	])
	await expect(toast(page, '2 imagine(i) încărcate')).toBeVisible()
	const first = (await page.getByRole('img', { name: 'Imaginea 1' }).getAttribute('src'))!
	const second = (await page.getByRole('img', { name: 'Imaginea 2' }).getAttribute('src'))!
	expect(first).toMatch(/^\/uploads\/products\/\d+-[0-9a-f]+\.webp$/)
	await page.getByRole('button', { name: 'Mută imaginea 2 mai în față' }).click()
	await expect(page.getByRole('img', { name: 'Imaginea 1' })).toHaveAttribute('src', second)
	await expect(page.getByRole('img', { name: 'Imaginea 2' })).toHaveAttribute('src', first)
	await expect(page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Imaginea 1' }) })).toContainText('Principală')

	await page.getByRole('button', { name: 'Salvează' }).click()
	await expect(page).toHaveURL(/\/admin\/products$/)
	await expect(toast(page, 'Produsul a fost creat')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('34,50 €')
	return { name, slug, first, second }
}

async function cleanupMedia(database: DatabaseHandle, id: string) {
	await database.db.delete(media).where(like(media.filename, `%${id}%`))
}
