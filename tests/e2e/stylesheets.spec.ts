import type { Page } from '@playwright/test'
import { expect, test, useLanguage, waitForHydration } from './fixtures.ts'

/**
 * ADR 0148: storefront pages inline a stylesheet without the admin's classes; admin pages link the
 * admin's after it, whether they are loaded or reached by a client-side navigation.
 */

type SheetCoverage = {
	/** Each sheet of the page, in document order: the inlined one or a linked one's URL, and the classes its rules name. */
	sheets: { source: string; classes: string[] }[]
	/** Every class on the page's elements. */
	pageClasses: string[]
}

/** Reads the page's stylesheets and classes in the browser. */
async function sheetCoverage(page: Page): Promise<SheetCoverage> {
	return page.evaluate(() => {
		const unescape = (name: string) =>
			name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
				hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
			)
		const classesOf = (rules: CSSRuleList, into: Set<string>) => {
			for (const rule of Array.from(rules)) {
				if (rule instanceof CSSStyleRule)
					for (const match of rule.selectorText.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) into.add(unescape(match[1]!))
				if ('cssRules' in rule) classesOf((rule as CSSGroupingRule).cssRules, into)
			}
			return into
		}
		const sheets = Array.from(document.styleSheets).map((sheet) => ({
			source: sheet.href ? new URL(sheet.href).pathname : `inline ${(sheet.ownerNode as HTMLElement | null)?.dataset.inlineCss ?? ''}`,
			classes: [...classesOf(sheet.cssRules, new Set())],
		}))
		const pageClasses = new Set<string>()
		for (const element of Array.from(document.querySelectorAll('[class]'))) for (const name of Array.from(element.classList)) pageClasses.add(name)
		return { sheets, pageClasses: [...pageClasses] }
	})
}

/** The admin's stylesheet, as the built shop serves it: the classes its rules name. */
async function adminSheetClasses(page: Page, coverage: SheetCoverage) {
	const admin = coverage.sheets.find((sheet) => /^\/assets\/admin-[\w-]+\.css$/.test(sheet.source))
	expect(admin, `the admin stylesheet on ${page.url()}`).toBeDefined()
	return new Set(admin!.classes)
}

test('a storefront page inlines every class it uses, and none of the admin-only ones', async ({ page, baseURL, createUser, signIn }) => {
	await useLanguage(page, baseURL!, 'en')
	// A signed-in admin: the storefront with every personal part it can show (user menu, admin link).
	await signIn(page, await createUser({ roles: ['admin'] }))
	await page.goto('/admin')
	const full = await adminSheetClasses(page, await sheetCoverage(page))
	for (const path of ['/en', '/en/catalog', '/en/catalog?category=portrait_cardboard', '/en/product/lumanare-lavanda-de-provence', '/en/cart', '/en/account']) {
		await page.goto(path)
		await waitForHydration(page)
		await page.locator('header summary').click()
		const { sheets, pageClasses } = await sheetCoverage(page)
		expect(
			sheets.map((sheet) => sheet.source),
			path,
		).toEqual([expect.stringMatching(/^inline \/assets\/app-[\w-]+\.css$/)])
		const inlined = new Set(sheets[0]!.classes)
		// Whatever the full stylesheet would style on this page, the storefront's styles too.
		expect(
			pageClasses.filter((name) => full.has(name) && !inlined.has(name)),
			`classes of ${path} missing from the storefront stylesheet`,
		).toEqual([])
		expect([...full].filter((name) => !inlined.has(name)).length, 'admin-only classes left out').toBeGreaterThan(20)
	}
})

test('an admin page links the admin stylesheet after the storefront one, loaded or reached from the storefront', async ({
	page,
	baseURL,
	createUser,
	signIn,
}) => {
	await useLanguage(page, baseURL!, 'en')
	await signIn(page, await createUser({ roles: ['admin'] }))
	const expectAdminStyled = async () => {
		await expect
			.poll(async () => (await sheetCoverage(page)).sheets.map((sheet) => sheet.source.replace(/-[\w-]+\.css$/, '.css')), { message: page.url() })
			.toEqual(['inline /assets/app.css', '/assets/admin.css'])
		const coverage = await sheetCoverage(page)
		const storefront = new Set(coverage.sheets[0]!.classes)
		const admin = await adminSheetClasses(page, coverage)
		// The page needs the admin's sheet, and it styles everything the page uses that the storefront's does.
		expect(coverage.pageClasses.filter((name) => admin.has(name) && !storefront.has(name)).length, `admin-only classes on ${page.url()}`).toBeGreaterThan(0)
		expect(coverage.pageClasses.filter((name) => storefront.has(name) && !admin.has(name))).toEqual([])
	}

	await page.setViewportSize({ width: 375, height: 812 })
	await page.goto('/admin/orders')
	await expectAdminStyled()
	// The responsive order table is an admin-only class at work: each row a card on a phone.
	const row = page.locator('tbody tr').first()
	if ((await row.count()) > 0) await expect(row).toHaveCSS('display', 'block')
	// The translations page (editors too) sits outside the admin layout and links the sheet itself.
	await page.goto('/admin/translations')
	await expectAdminStyled()

	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto('/en')
	await waitForHydration(page)
	await page.locator('header summary').click()
	await page.getByRole('link', { name: 'Admin' }).click()
	await expect(page).toHaveURL(/\/admin$/)
	await expectAdminStyled()

	// And back to the shop: the admin's sheet goes with the admin.
	await page.goBack()
	await expect(page).toHaveURL(/\/en$/)
	await expect.poll(async () => (await sheetCoverage(page)).sheets.length).toBe(1)
})
