/**
 * `npm run screenshots`: full-page pictures of the storefront for design review, written to
 * docs/screenshots as <page>-<locale>-<width>.webp (the set is scripts/lib/screenshots.ts).
 *
 * It builds the app if the build is missing or older than the sources, starts its own shop on a free
 * port (embedded database in a temporary DATA_DIR with the demo catalogue, mail written to DATA_DIR/mail,
 * the built-in test card page for payments), and drives Debian's Chromium through a customer's visit once
 * per language and width: home, catalogue, a candle (added to the cart), the portrait customiser with a
 * photo uploaded (added too), the cart, checkout, paying with the test card, the thank-you page, the order
 * page it links to, then signing up with the order's address, confirming it from the mailed link and
 * signing in, to the account that lists the order. The pictures replace the old set only once all were
 * taken; the shop and its data are removed at the end, also when a step fails.
 *
 * CHROMIUM_PATH names another Chromium (default /usr/bin/chromium).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import * as prettier from 'prettier'
import sharp from 'sharp'
import type { Locale } from '#domain/enums.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import en from '#domain/i18n/resources/en.ts'
import es from '#domain/i18n/resources/es.ts'
import ro from '#domain/i18n/resources/ro.ts'
import { mailsTo } from './lib/mail-folder.ts'
import {
	SCREENSHOT_LOCALES,
	SCREENSHOT_PAGES,
	SCREENSHOT_WIDTHS,
	SCREENSHOTS_DIR,
	screenshotFile,
	screenshotManifest,
	VIEWPORT_HEIGHTS,
	type ScreenshotPage,
	type ScreenshotWidth,
} from './lib/screenshots.ts'
import { ensureBuild, PROJECT_ROOT, startShop, type ShopProcess } from './lib/shop-process.ts'

const TEXTS = { en, ro, es }
/** WebP quality: the pages are mostly flat colour and text, which stay legible at this size. */
const WEBP_QUALITY = 70
/** How long one step may wait for the page (a cold shop on a busy machine answers its first pages slowly). */
const STEP_TIMEOUT_MS = 30_000
/** The demo catalogue's first candle. */
const CANDLE_SLUG = 'lumanare-vanilie-si-santal'
const PASSWORD = 'lantern-orchard-42'

/** Who orders in each language: an address in a country the demo shop ships to. */
const CUSTOMERS: Record<Locale, { mailbox: string; name: string; phone: string; address: string; city: string; postalCode: string; country: string }> = {
	en: { mailbox: 'emma', name: 'Emma Walsh', phone: '+353 85 123 4567', address: '12 Grafton Street', city: 'Dublin', postalCode: 'D02 X285', country: 'IE' },
	ro: { mailbox: 'ana', name: 'Ana Popescu', phone: '+40 712 345 678', address: 'Str. Lalelelor 3', city: 'Cluj-Napoca', postalCode: '400001', country: 'RO' },
	es: { mailbox: 'lucia', name: 'Lucía García', phone: '+34 612 345 678', address: 'Calle Mayor 1', city: 'Madrid', postalCode: '28001', country: 'ES' },
}

/** The browser's own language and region for each page language (dates and numbers formatted in the browser). */
const BROWSER_LOCALES: Record<Locale, string> = { en: 'en-IE', ro: 'ro-RO', es: 'es-ES' }

/**
 * Hidden in every picture: toasts come and go on timers, so whether one is in a picture would be luck.
 * Playwright adds this style only while it takes the picture.
 */
const SCREENSHOT_STYLE = '[data-toast] { visibility: hidden !important; }'

const outputDir = path.join(PROJECT_ROOT, SCREENSHOTS_DIR)
const started = Date.now()
let shop: ShopProcess | null = null
let browser: Browser | null = null
let workDir: string | null = null

/**
 * Ctrl-C or a stop from outside ends the run at its next step: the browser closes (so the page being
 * waited on fails at once), and the run's own `finally` stops the shop and removes its data. A second
 * Ctrl-C ends the process straight away.
 */
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		if (interrupted) process.exit(130)
		interrupted = true
		console.error(`\n${signal}: stopping the shop and removing its data…`)
		void browser?.close().catch(() => undefined)
	})
}
function stopIfInterrupted() {
	if (interrupted) throw new Error('interrupted')
}

try {
	console.log('Checking the build (it is made if missing or older than the sources)…')
	ensureBuild()
	workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-screenshots-'))
	shop = await startShop({ env: { PAYMENTS_TEST_MODE: '1', LOG_LEVEL: 'warn' } })
	stopIfInterrupted()
	console.log(`Shop on ${shop.url}, data in ${shop.dataDir}`)
	browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
		// Playwright's own handlers would end the process at once, before the shop is stopped and its data removed.
		handleSIGINT: false,
		handleSIGTERM: false,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	})
	const photo = await portraitPhoto()
	for (const locale of SCREENSHOT_LOCALES) {
		for (const width of SCREENSHOT_WIDTHS) {
			stopIfInterrupted()
			const journeyStart = Date.now()
			await visitAsCustomer(browser, shop, { locale, width, photo, into: workDir })
			console.log(`${locale} ${width}px: ${SCREENSHOT_PAGES.length} pages in ${((Date.now() - journeyStart) / 1000).toFixed(1)} s`)
		}
	}
	await replaceSet(workDir)
	const total = await writeReadme()
	console.log(
		`Wrote ${screenshotManifest().length} screenshots (${formatKb(total)} in all) to ${SCREENSHOTS_DIR} in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
	)
} catch (error) {
	// An interrupted run fails at whatever step it was on: that is no failure to report.
	if (!interrupted) {
		// Playwright appends the browser's whole log to some errors: the step and its cause come first.
		console.error('Screenshots failed:', (error instanceof Error ? error.message : String(error)).split('\nBrowser logs:')[0])
		if (shop) console.error(`The shop's output:\n${shop.output().slice(-4000)}`)
	}
	process.exitCode = 1
} finally {
	await browser?.close().catch(() => undefined)
	if (shop) {
		await shop.stop()
		await fs.rm(shop.dataDir, { recursive: true, force: true })
	}
	if (workDir) await fs.rm(workDir, { recursive: true, force: true })
	if (interrupted) process.exitCode = 130
}

/** One customer's visit in `locale` at `width`, taking each page's picture on the way. */
async function visitAsCustomer(browser: Browser, shop: ShopProcess, options: { locale: Locale; width: ScreenshotWidth; photo: Buffer; into: string }) {
	const { locale, width } = options
	const t = TEXTS[locale]
	const customer = CUSTOMERS[locale]
	const email = `${customer.mailbox}-${width}@example.com`
	const phone = width < 768
	const context = await browser.newContext({
		baseURL: shop.url,
		viewport: { width, height: VIEWPORT_HEIGHTS[width] },
		deviceScaleFactor: 1,
		isMobile: phone,
		hasTouch: phone,
		locale: BROWSER_LOCALES[locale],
		timezoneId: 'Europe/Bucharest',
		colorScheme: 'light',
		reducedMotion: 'reduce',
	})
	context.setDefaultTimeout(STEP_TIMEOUT_MS)
	const page = await context.newPage()
	page.on('pageerror', (error) => console.warn(`  page error on ${page.url()}: ${error.message}`))
	const lp = (to: string) => localizedPath(locale, to)
	const shoot = (name: ScreenshotPage) => takeScreenshot(page, path.join(options.into, screenshotFile(name, locale, width)))
	let step = 'start'
	try {
		step = 'home'
		await open(page, lp('/'))
		await page.getByRole('heading', { level: 1, name: t.home.heroTitle }).waitFor()
		await shoot('home')

		step = 'catalog'
		await open(page, lp('/catalog'))
		await page.getByRole('heading', { level: 1, name: t.catalog.title }).waitFor()
		await shoot('catalog')

		step = 'product'
		await open(page, lp(`/product/${CANDLE_SLUG}`))
		const addCandle = page.getByRole('main').getByRole('button', { name: t.nav.addToCart, exact: true }).first()
		await addCandle.waitFor()
		await shoot('product')
		await addCandle.click()
		await cartHolds(page, 1)

		step = 'portrait'
		await open(page, lp('/customize-portrait'))
		await page.getByLabel(t.portrait.photo, { exact: true }).setInputFiles({ name: 'family.jpg', mimeType: 'image/jpeg', buffer: options.photo })
		await page.getByRole('img', { name: t.portrait.photoPreview, exact: true }).waitFor()
		// Enabled again once the upload has finished.
		await page.getByRole('button', { name: t.portrait.addToCart, exact: true, disabled: false }).waitFor()
		await shoot('portrait')
		await page.getByRole('button', { name: t.portrait.addToCart, exact: true }).click()
		await cartHolds(page, 2)

		step = 'cart'
		await open(page, lp('/cart'))
		await page.getByRole('main').getByTestId('cart-line').nth(1).waitFor()
		await shoot('cart')

		step = 'checkout'
		await open(page, lp('/checkout'))
		// By accessible name: the labels' required mark is hidden from it.
		const field = (label: string) => page.getByRole('main').getByRole('textbox', { name: label, exact: true })
		await field(t.checkout.fullName).fill(customer.name)
		await field(t.checkout.email).fill(email)
		await field(t.checkout.phone).fill(customer.phone)
		await field(t.checkout.address).fill(customer.address)
		await field(t.checkout.city).fill(customer.city)
		await field(t.checkout.postalCode).fill(customer.postalCode)
		await page.getByRole('main').getByRole('combobox', { name: t.checkout.country, exact: true }).selectOption(customer.country)
		await shoot('checkout')
		await page.getByRole('button', { name: t.checkout.submit, exact: true }).click()

		step = 'test card page'
		await page.waitForURL((url) => url.pathname.startsWith(lp('/test-payment/')))
		await hydrated(page)
		await page.getByLabel(t.testPayment.cardNumber, { exact: true }).fill('4242 4242 4242 4242')
		await page.getByLabel(t.testPayment.expiry, { exact: true }).fill('12/34')
		await page.getByLabel(t.testPayment.cvc, { exact: true }).fill('123')
		await page.getByLabel(t.testPayment.name, { exact: true }).fill(customer.name)
		await page.getByRole('button', { name: new RegExp(`^${escapeRegex(t.testPayment.pay.split('{{')[0]!.trim())}`) }).click()

		step = 'success'
		await page.waitForURL((url) => url.pathname === lp('/payment-success'))
		await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor()
		await shoot('success')

		step = 'order'
		await page.getByRole('link', { name: t.payment.viewOrder, exact: true }).click()
		await page.waitForURL((url) => url.pathname.startsWith(lp('/order/')))
		await page.getByRole('heading', { level: 1, name: new RegExp(`^${escapeRegex(t.orderPage.title.split('{{')[0]!)}`) }).waitFor()
		await shoot('order')

		step = 'sign-up'
		await open(page, `${lp('/login')}?tab=signup`)
		await page.getByLabel(t.auth.fullName, { exact: true }).fill(customer.name)
		await page.getByLabel(t.auth.email, { exact: true }).fill(email)
		await page.getByLabel(t.auth.password, { exact: true }).fill(PASSWORD)
		await page.getByRole('button', { name: t.auth.signUpSubmit, exact: true }).click()
		await page.getByText(t.auth.signUpSuccessTitle, { exact: true }).first().waitFor()

		step = 'sign-in'
		await page.getByLabel(t.auth.password, { exact: true }).fill(PASSWORD)
		await page.getByRole('button', { name: t.auth.signInSubmit, exact: true }).click()
		await page.getByText(t.auth.signInSuccessTitle, { exact: true }).first().waitFor()

		step = 'address confirmation'
		const link = await mailedLink(path.join(shop.dataDir, 'mail'), email, '/verify-email')
		await open(page, link.pathname + link.search)
		await page.getByRole('button', { name: t.auth.verifyButton, exact: true }).click()

		step = 'account'
		await page.waitForURL((url) => url.pathname === lp('/account'))
		await page.getByTestId('account-order').waitFor()
		await shoot('account')
	} catch (error) {
		// What the page showed when the step failed, kept outside the data that is removed.
		const shown = path.join(os.tmpdir(), `screenshots-failed-${locale}-${width}.png`)
		await page.screenshot({ path: shown, fullPage: true }).catch(() => undefined)
		throw new Error(
			`${locale} at ${width}px, ${step} (${page.url()}; the page as it was: ${shown}): ${error instanceof Error ? error.message : String(error)}`,
			{
				cause: error,
			},
		)
	} finally {
		await context.close()
	}
}

async function open(page: Page, to: string) {
	const response = await page.goto(to)
	if (!response?.ok()) throw new Error(`${to} answered ${response?.status() ?? 'nothing'}`)
	await hydrated(page)
}

/** React has hydrated the page: clicks reach its handlers. */
async function hydrated(page: Page) {
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** The cart in localStorage holds `lines` lines: it is saved a moment after a change, and the next page reads it from there. */
async function cartHolds(page: Page, lines: number) {
	await page.waitForFunction((count) => {
		const raw = localStorage.getItem('cart')
		return raw !== null && (JSON.parse(raw) as unknown[]).length === count
	}, lines)
}

/**
 * The page as it will stay: hydrated, fonts loaded, every image (the lazy ones below the fold too)
 * loaded and decoded, no focus ring and no hover; then a full-page picture without animations or a
 * caret, kept as WebP.
 */
async function takeScreenshot(page: Page, file: string) {
	await hydrated(page)
	await page.mouse.move(0, 0)
	const broken = await page.evaluate(async () => {
		;(document.activeElement as HTMLElement | null)?.blur()
		await document.fonts.ready
		const images = [...document.images]
		for (const image of images) if (image.loading === 'lazy') image.loading = 'eager'
		await Promise.all(
			images.map((image) =>
				image.complete
					? undefined
					: new Promise((resolve) => {
							image.addEventListener('load', resolve, { once: true })
							image.addEventListener('error', resolve, { once: true })
						}),
			),
		)
		await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
		return images.filter((image) => image.currentSrc && image.naturalWidth === 0).map((image) => image.currentSrc)
	})
	if (broken.length > 0) throw new Error(`images that did not load: ${broken.join(', ')}`)
	const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', style: SCREENSHOT_STYLE })
	await sharp(png).webp({ quality: WEBP_QUALITY }).toFile(file)
}

/** The first link to `pathname` in a mail to `email`, once the outbox has written it. */
async function mailedLink(folder: string, email: string, pathname: string): Promise<URL> {
	const pattern = new RegExp(`https?://[^\\s"<>]+${escapeRegex(pathname)}\\?token=[\\w.-]+`)
	const deadline = Date.now() + STEP_TIMEOUT_MS
	while (Date.now() < deadline) {
		stopIfInterrupted()
		for (const text of await mailsTo(email, folder)) {
			const match = pattern.exec(text)
			if (match) return new URL(match[0])
		}
		// The outbox polls every EMAIL_POLL_INTERVAL_MS (200 ms for a shop started by startShop): look again at that pace.
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`no mail to ${email} with a ${pathname} link in ${folder}`)
}

/** A photo to upload for the portrait: a drawn family of two on a warm background, in place of a customer's picture. */
function portraitPhoto() {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="675" viewBox="0 0 900 675">
		<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6d7a7"/><stop offset="1" stop-color="#e9a66b"/></linearGradient></defs>
		<rect width="900" height="675" fill="url(#sky)"/>
		<circle cx="700" cy="170" r="80" fill="#fff3d6"/>
		<rect y="520" width="900" height="155" fill="#8a9a5b"/>
		<g fill="#5b3a29"><circle cx="360" cy="250" r="60"/><rect x="290" y="320" width="140" height="220" rx="60"/></g>
		<g fill="#7a4e3a"><circle cx="530" cy="290" r="52"/><rect x="470" y="350" width="120" height="190" rx="52"/></g>
	</svg>`
	return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** Moves the new pictures into docs/screenshots, removing the old set's (and any picture no longer in the set). */
async function replaceSet(from: string) {
	const expected = screenshotManifest().map((shot) => shot.file)
	const taken = (await fs.readdir(from)).filter((name) => name.endsWith('.webp'))
	const missing = expected.filter((name) => !taken.includes(name))
	if (missing.length > 0) throw new Error(`not taken: ${missing.join(', ')}`)
	await fs.mkdir(outputDir, { recursive: true })
	for (const name of await fs.readdir(outputDir)) if (name.endsWith('.webp')) await fs.rm(path.join(outputDir, name))
	for (const name of expected) await fs.copyFile(path.join(from, name), path.join(outputDir, name))
}

/** docs/screenshots/README.md: what the set is, how it is made, and its pictures; returns the set's size in bytes. */
async function writeReadme() {
	const sizes = new Map<string, number>()
	for (const shot of screenshotManifest()) sizes.set(shot.file, (await fs.stat(path.join(outputDir, shot.file))).size)
	const total = [...sizes.values()].reduce((sum, size) => sum + size, 0)
	const widths = SCREENSHOT_WIDTHS.map((width) => `${width} px`).join(' and ')
	const rows = SCREENSHOT_PAGES.map(({ name, shows }) => {
		const links = SCREENSHOT_LOCALES.flatMap((locale) =>
			SCREENSHOT_WIDTHS.map((width) => {
				const file = screenshotFile(name, locale, width)
				return `[${locale} ${width}](${file})`
			}),
		).join(' · ')
		return `| ${name} | ${shows} | ${links} |`
	})
	const text = `# Storefront screenshots

Full-page pictures of the storefront for design review: ${SCREENSHOT_PAGES.length} pages in ${SCREENSHOT_LOCALES.join(', ')}, each at ${widths} wide
(one device pixel per CSS pixel), named \`<page>-<locale>-<width>.webp\`. ${sizes.size} files, ${formatKb(total)} in all.

Made by \`npm run screenshots\` (scripts/screenshots.ts; the set is scripts/lib/screenshots.ts). It builds the shop if the build is missing or
older than the sources, starts it on a free port with a temporary data folder (embedded database, demo catalogue, built-in test card page), and
walks Chromium (\`/usr/bin/chromium\`, or \`CHROMIUM_PATH\`) through one customer's visit per language and width: a candle and a portrait with
an uploaded photo go into the cart, checkout is paid with the test card, the order page opens from the thank-you page, and the customer signs
up with the order's address, confirms it from the mailed link and signs in. Each picture waits for the page's fonts and images; animations,
the caret and toasts are left out. This file is written by the script too.

Order numbers and dates change from one run to the next; everything else comes from the demo catalogue and the fixed customers in the script.

| Page | What it shows | Pictures |
| ---- | ------------- | -------- |
${rows.join('\n')}
`
	const file = path.join(outputDir, 'README.md')
	const options = (await prettier.resolveConfig(file)) ?? {}
	await fs.writeFile(file, await prettier.format(text, { ...options, filepath: file }))
	return total
}

function formatKb(bytes: number) {
	return `${Math.round(bytes / 1024)} KB`
}

function escapeRegex(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
