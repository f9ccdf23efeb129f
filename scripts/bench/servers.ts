import { freePort, startShop, type ShopProcess } from '../lib/shop-process.ts'
import type { FakeStripe } from '../lib/fake-stripe.ts'
import type { BenchDatabase } from './data.ts'
import { withInterruptCleanup } from './interrupt.ts'

const READY_TIMEOUT_MS = 60_000
const POLL_INTERVAL_MS = 20

export type BenchShop = {
	shop: ShopProcess
	/** From spawning `node server.js` to the first 200 on `/`. */
	coldStartMs: number
}

/**
 * Starts the built shop the way production does (`node server.js`, NODE_ENV=production) on the
 * prepared database, with card payments through the real Stripe SDK against the local fake
 * (the built-in test card provider off), and times its cold start.
 */
export async function startBenchShop(database: BenchDatabase, stripe: FakeStripe, extraEnv: Record<string, string> = {}): Promise<BenchShop> {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const startedAt = performance.now()
	const shop = await startShop({
		port,
		dataDir: database.dataDir,
		waitUntilReady: false,
		env: {
			...database.env,
			PUBLIC_URL: url,
			// Request logs would go to a pipe this process reads: warnings only, so the benchmark
			// measures the shop rather than the log plumbing.
			LOG_LEVEL: 'warn',
			// As docs/deploy.md starts the shop in production: glibc keeps fewer malloc arenas (ADR 0092).
			MALLOC_ARENA_MAX: '2',
			// And a young generation of 8 MB per half (ADR 0092).
			NODE_OPTIONS: '--max-semi-space-size=8',
			SEED_DEMO_CATALOG: 'false',
			STRIPE_SECRET_KEY: 'sk_test_benchmark',
			STRIPE_API_URL: stripe.url,
			STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
			PAYMENTS_TEST_MODE: 'false',
			// No reconciliation sweeps in the middle of a measurement.
			RECONCILE_INTERVAL_MS: '3600000',
			...extraEnv,
		},
	})
	try {
		const coldStartMs = await waitForFirstPage(shop, startedAt)
		return { shop, coldStartMs }
	} catch (error) {
		await shop.stop('SIGKILL')
		throw error
	}
}

async function waitForFirstPage(shop: ShopProcess, startedAt: number) {
	let exitCode: number | null | undefined
	void shop.exited.then((code) => (exitCode = code))
	while (performance.now() - startedAt < READY_TIMEOUT_MS) {
		if (exitCode !== undefined) throw new Error(`shop exited with ${exitCode} before serving /:\n${shop.output()}`)
		try {
			const response = await fetch(`${shop.url}/`)
			await response.arrayBuffer()
			if (response.status === 200) return performance.now() - startedAt
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
	}
	throw new Error(`shop did not serve / within ${READY_TIMEOUT_MS} ms:\n${shop.output()}`)
}

/** Runs `work` against a started bench shop, and stops the shop afterwards, or on Ctrl-C. */
export async function withBenchShop<T>(
	database: BenchDatabase,
	stripe: FakeStripe,
	extraEnv: Record<string, string>,
	work: (started: BenchShop) => Promise<T>,
): Promise<T> {
	const started = await startBenchShop(database, stripe, extraEnv)
	try {
		return await withInterruptCleanup(
			() => started.shop.stop('SIGKILL'),
			() => work(started),
		)
	} finally {
		await started.shop.stop()
	}
}
