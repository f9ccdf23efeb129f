import { test as base, expect, type Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'

type WorkerFixtures = {
	/** The shared shop's database, for fixtures that make and clean their own data. */
	database: DatabaseHandle
}

type TestFixtures = {
	/** Messages the page logged as errors (hydration mismatches included); checked after each test. */
	consoleErrors: string[]
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
})

export { expect }

/** Sets the interface language the way a returning visitor has it: the stored-choice cookie. */
export async function useLanguage(page: Page, baseURL: string, locale: 'en' | 'ro' | 'es') {
	await page.context().addCookies([{ name: 'lang', value: locale, url: baseURL }])
}
