import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutClient, type Answer, type CheckoutClient } from '../support/checkout-client.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { createStockedStore, stripeShopEnv, type StockedStore } from '../support/stocked-shop.ts'
import { postgresTarget, startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts'
import { waitUntil } from '../support/wait.ts'
import { createWebhookDeliverer, type WebhookDeliverer } from '../support/webhook-deliverer.ts'

/**
 * PostgreSQL goes away for a few seconds (a proxy between the shop and the database
 * resets every connection and refuses new ones). Requests that need the database must get a quick
 * 503 with Retry-After (not a 500, not a hang), the process must survive, and once the database is
 * back the shop must serve again by itself, without a restart.
 */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_S ?? 4) * 1000
/** A 503 must come quickly: the pool's connection timeout (5 s) plus slack for a loaded machine. */
const ANSWER_WITHIN_MS = 15_000

describe('PostgreSQL unreachable for a few seconds', () => {
	let store: StockedStore
	let stripe: FakeStripe
	let proxy: TcpProxy
	let shop: ShopProcess
	let client: CheckoutClient
	let webhooks: WebhookDeliverer
	beforeAll(async () => {
		store = await createStockedStore('postgres', [50, 50], 'outage')
		stripe = await startFakeStripe()
		proxy = await startTcpProxy(postgresTarget(store.databaseUrl!))
		const port = await freePort()
		const url = `http://127.0.0.1:${port}`
		shop = await startShop({
			port,
			dataDir: store.dataDir,
			env: stripeShopEnv({ stripe, publicUrl: url, databaseUrl: throughProxy(store.databaseUrl!, proxy.port) }),
		})
		client = createCheckoutClient(url, { timeoutMs: ANSWER_WITHIN_MS })
		webhooks = createWebhookDeliverer(stripe, url)
	})
	afterAll(async () => {
		await shop?.stop('SIGKILL')
		await proxy?.close()
		await stripe?.close()
		await store?.cleanup()
	})

	const product = () => store.products[0]!
	/** Every kind of request that needs the database: health, pages, the checkout form, a webhook. */
	async function probe(): Promise<Record<string, Answer>> {
		const placed = await client.checkout([{ productId: product().id, quantity: 1 }])
		const session = [...stripe.sessions.values()].at(-1)!
		return {
			healthz: await client.page('/healthz'),
			home: await client.page('/'),
			catalog: await client.page('/catalog'),
			product: await client.page(`/product/${product().slug}`),
			checkout: placed,
			webhook: await webhooks.deliver(webhooks.event('checkout.session.expired', session.id)),
		}
	}
	const statuses = (answers: Record<string, Answer>) => Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))

	it('answers 503 with Retry-After while the database is gone, then recovers without a restart', async () => {
		expect(statuses(await probe())).toEqual({ healthz: 200, home: 200, catalog: 200, product: 200, checkout: 302, webhook: 200 })

		proxy.cut()
		const outageEnds = Date.now() + OUTAGE_MS
		const during: Record<string, Answer>[] = []
		// Bounded: the outage lasts OUTAGE_MS and each probe answers within ANSWER_WITHIN_MS.
		while (Date.now() < outageEnds) during.push(await probe())
		proxy.restore()

		expect(during.length).toBeGreaterThan(0)
		for (const answers of during) {
			const { healthz, checkout, webhook, ...pages } = answers
			expect(healthz!.status).toBe(503)
			// The checkout and Stripe's delivery must fail in a way both retry: 503, never a 500.
			expect(checkout!.status).toBe(503)
			expect(webhook!.status).toBe(503)
			for (const [name, page] of Object.entries(pages)) {
				// A page may still be served without the database (from a cache); otherwise it is a 503.
				expect([200, 503], `${name} answered ${page.status}`).toContain(page.status)
			}
			for (const answer of [checkout!, webhook!, ...Object.values(pages).filter((page) => page.status === 503)]) {
				expect(answer.retryAfter).toMatch(/^\d+$/)
			}
		}
		expect(shop.child.exitCode, 'the process must survive the outage').toBeNull()

		// Back by itself: the pool reconnects, no restart.
		await waitUntil(async () => (await client.page('/healthz')).status === 200, { timeoutMs: 30_000, what: '/healthz to answer 200 again' })
		expect(statuses(await probe())).toEqual({ healthz: 200, home: 200, catalog: 200, product: 200, checkout: 302, webhook: 200 })
		expect(shop.child.exitCode).toBeNull()
	})
})
