import fs from 'node:fs/promises'
import type { FullConfig } from '@playwright/test'
import { assertPostgresReachable, createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { ensureBuild, startShop } from '../support/shop-process.ts'

/**
 * Builds the app and starts the shared shop. The URLs reach the test workers through the
 * environment (workers start after this and inherit it); the returned function tears down.
 */
export default async function globalSetup(_config: FullConfig) {
	ensureBuild()
	await assertPostgresReachable()
	const database = await createTemporaryPostgresDatabase('e2e')
	// The built-in test card page takes the payments (production mode needs it asked for).
	const shop = await startShop({ env: { DATABASE_URL: database.url, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', PAYMENTS_TEST_MODE: '1' } })
	process.env.E2E_BASE_URL = shop.url
	process.env.E2E_DATABASE_URL = database.url
	process.env.E2E_DATA_DIR = shop.dataDir
	return async () => {
		await shop.stop()
		await database.drop()
		await fs.rm(shop.dataDir, { recursive: true, force: true })
	}
}
