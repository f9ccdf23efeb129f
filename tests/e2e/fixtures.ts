import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import type { Role } from '#domain/enums.ts'
import { createSessionCookie, createTestUser, deleteTestUser, type TestUser } from '../support/accounts.ts'

type WorkerFixtures = {
	/** The shared shop's database, for fixtures that make and clean their own data. */
	database: DatabaseHandle
}

type TestFixtures = {
	/** Messages the page logged as errors (hydration mismatches included); checked after each test. */
	consoleErrors: string[]
	/** Makes an email+password account (optionally with roles) in the shop's database; deleted after the test. */
	createUser: (options?: { roles?: Role[]; email?: string; password?: string; name?: string }) => Promise<TestUser>
	/** Signs `page`'s browser context in as `user` (a session made in the database; no sign-in request is spent). */
	signIn: (page: Page, user: TestUser) => Promise<void>
}

const CLIENT_ERROR_STATUS = /^Failed to load resource: the server responded with a status of 4\d\d/

function required(name: string) {
	const value = process.env[name]
	if (!value) throw new Error(`${name} is not set: run the e2e tests through Playwright (global-setup starts the shop)`)
	return value
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
	baseURL: async ({}, use) => use(required('E2E_BASE_URL')),
	database: [
		async ({}, use) => {
			const handle = await openDatabase({ engine: 'postgres', url: required('E2E_DATABASE_URL'), poolSize: 3 })
			await use(handle)
			await handle.close()
		},
		{ scope: 'worker' },
	],
	consoleErrors: [
		async ({ page }, use) => {
			const errors: string[] = []
			page.on('console', (message) => {
				// A 4xx answer is logged by the browser too; tests assert those statuses themselves.
				if (message.type() === 'error' && !CLIENT_ERROR_STATUS.test(message.text())) errors.push(message.text())
			})
			page.on('pageerror', (error) => errors.push(error.message))
			await use(errors)
			expect(errors, 'errors in the browser console').toEqual([])
		},
		{ auto: true },
	],
	createUser: async ({ database }, use) => {
		const made: string[] = []
		await use(async (options = {}) => {
			const user = await createTestUser(database.db, options)
			made.push(user.id)
			return user
		})
		// Orders of deleted users stay (user_id is set null), as in the shop.
		for (const id of made) await deleteTestUser(database.db, id)
	},
	signIn: async ({ database, baseURL }, use) => {
		await use(async (page, user) => {
			const cookie = await createSessionCookie(database.db, user.id)
			await page.context().addCookies([{ ...cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])
		})
	},
})

export { expect }

/** Sets the interface language the way a returning visitor has it: the stored-choice cookie. */
export async function useLanguage(page: Page, baseURL: string, locale: 'en' | 'ro' | 'es') {
	await page.context().addCookies([{ name: 'lang', value: locale, url: baseURL }])
}

/** Waits until React has hydrated the page, so clicks reach React handlers. */
export async function waitForHydration(page: Page) {
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Phone and desktop widths used by the accessibility scans. */
export const SCAN_VIEWPORTS = [
	{ name: 'phone', width: 375, height: 812 },
	{ name: 'desktop', width: 1280, height: 900 },
] as const

/** Fails when axe finds a serious or critical WCAG 2.x A/AA violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
		// Off by default in axe (experimental), on here: a control's name must contain its visible text (WCAG 2.5.3).
		.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
		// axe.run in the page itself: the shop has no iframes, and the default mode opens a blank page
		// per scan to merge the frames' results, about half of each scan's time (1.3–1.7 s against 0.6–0.8 s).
		.setLegacyMode(true)
		.analyze()
	const serious = results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
	expect(serious, `axe violations on ${page.url()}`).toEqual([])
}
