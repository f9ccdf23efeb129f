import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests drive Debian's Chromium against the built server. tests/e2e/global-setup.ts
 * builds the app and starts one shop (PostgreSQL in a temporary database, a temporary DATA_DIR);
 * specs that need their own configuration start another with startShop().
 */
export default defineConfig({
	testDir: './tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: true,
	workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
	retries: 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
	use: {
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
})
