import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { createProduct } from './checkout-fixtures.ts'
import type { FakeStripe } from './fake-stripe.ts'
import { createTemporaryPostgresDatabase } from './postgres.ts'
import type { StockedProduct } from './shopper-traffic.ts'

/**
 * A shop's data for the system suites, on PGlite (a temporary DATA_DIR) or PostgreSQL (a temporary
 * database): migrated and stocked with a few products before any server starts, so the starting
 * stock is known exactly. The DATA_DIR is used on both engines (uploads, and the mail folder if no SMTP is set).
 */
export type StockedStore = {
	engine: DatabaseEngine
	dataDir: string
	/** Set on PostgreSQL. */
	databaseUrl?: string
	products: StockedProduct[]
	initialStock: Map<string, number>
	/** Opens the database for checks; on PGlite only while no server has the data directory. */
	open(): Promise<DatabaseHandle>
	cleanup(): Promise<void>
}

export async function createStockedStore(engine: DatabaseEngine, stocks: readonly number[], label = 'system'): Promise<StockedStore> {
	const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${label}-`))
	const database = engine === 'postgres' ? await createTemporaryPostgresDatabase(label) : undefined
	const open = () => (database ? openDatabase({ engine: 'postgres', url: database.url, poolSize: 4 }) : openDatabase({ engine: 'pglite', dataDir }))
	const cleanup = async () => {
		await database?.drop()
		await fs.rm(dataDir, { recursive: true, force: true })
	}
	try {
		const handle = await open()
		try {
			await runMigrations(handle)
			const products: StockedProduct[] = []
			for (const [index, stock] of stocks.entries()) {
				const product = await createProduct(handle.db, { stock, priceCents: 1500 + index * 250 })
				products.push({ id: product.id, slug: product.slug })
			}
			return {
				engine,
				dataDir,
				databaseUrl: database?.url,
				products,
				initialStock: new Map(products.map((product, index) => [product.id, stocks[index]!])),
				open,
				cleanup,
			}
		} finally {
			await handle.close()
		}
	} catch (error) {
		await cleanup()
		throw error
	}
}

/**
 * The environment for a shop taking real Stripe payments through the fake Stripe: the built-in test
 * card page off, checkouts rate-limited per visitor address as a proxy on loopback reports it, the
 * reconciler out of the way (tests settle sessions themselves) and the outbox polled often.
 */
/** Where the shop sends the owner's copy of each paid order (ADR 0116) in the system suites. */
export const SYSTEM_OWNER_EMAIL = 'owner@system-suite.test'

export function stripeShopEnv(options: { stripe: FakeStripe; publicUrl: string; databaseUrl?: string }): Record<string, string | undefined> {
	return {
		DATABASE_URL: options.databaseUrl,
		PUBLIC_URL: options.publicUrl,
		SEED_DEMO_CATALOG: 'false',
		STRIPE_SECRET_KEY: 'sk_test_systemsuite',
		STRIPE_API_URL: options.stripe.url,
		STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret,
		PAYMENTS_TEST_MODE: 'false',
		TRUST_PROXY: 'loopback',
		RECONCILE_INTERVAL_MS: '3600000',
		EMAIL_POLL_INTERVAL_MS: '200',
		OWNER_EMAIL: SYSTEM_OWNER_EMAIL,
	}
}
