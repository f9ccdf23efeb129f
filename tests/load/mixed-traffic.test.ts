import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutClient } from '../support/checkout-client.ts'
import { outboxIdsReceivedBySmtp, receivedByShoppers } from '../support/delivered-mail.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { checkOrderLedger } from '../support/order-invariants.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { seededRandom, seedFrom } from '../support/seeded-random.ts'
import { createShopperTraffic, expireOpenSessions, type ShopperMix, type TrafficRecord } from '../support/shopper-traffic.ts'
import { startSmtpServer } from '../support/smtp.ts'
import { createStockedStore, stripeShopEnv, SYSTEM_OWNER_EMAIL, type StockedStore } from '../support/stocked-shop.ts'
import { waitUntil } from '../support/wait.ts'
import { createWebhookDeliverer } from '../support/webhook-deliverer.ts'

/**
 * The load suite: LOAD_DURATION_S seconds (60 by default; CI runs a shorter one) of shoppers
 * browsing, adding to the cart, checking out and paying or walking away, with Stripe's webhooks
 * arriving duplicated and out of order, on PostgreSQL. Then the books must balance.
 */
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60)
const USERS = Number(process.env.LOAD_USERS ?? 8)
/**
 * Three scarce products, so shoppers fight over the last units (refused checkouts, stock coming back
 * as sessions expire), and three plentiful ones, so orders keep coming for the whole run.
 */
const STOCK = [2, 3, 5, 200, 300, 500]
const MIX: ShopperMix = { browse: 45, checkout: 25, settle: 20, redeliver: 10 }

/** What a healthy shop may answer to each kind of request (409: the units were gone). */
const EXPECTED_STATUSES: Record<TrafficRecord['kind'], number[]> = {
	page: [200],
	// A placed order redirects to the payment page.
	checkout: [302, 409],
	webhook: [200],
	'payment-success': [200],
}

function latencySummary(records: TrafficRecord[]) {
	const byKind = new Map<string, TrafficRecord[]>()
	for (const record of records) byKind.set(record.kind, [...(byKind.get(record.kind) ?? []), record])
	return Object.fromEntries(
		[...byKind].map(([kind, list]) => {
			const sorted = list.map((r) => r.ms).sort((a, b) => a - b)
			const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!)
			return [kind, { count: list.length, p50: at(0.5), p99: at(0.99) }]
		}),
	)
}

/** LOAD_SEED replays a run's choices (what each shopper does, delivery orders and copies). */
const SEED = seedFrom('LOAD_SEED')

describe(`${DURATION_S} s of mixed shopping traffic on PostgreSQL (LOAD_SEED=${SEED})`, () => {
	let store: StockedStore
	let stripe: FakeStripe
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let shop: ShopProcess
	beforeAll(async () => {
		store = await createStockedStore('postgres', STOCK, 'load')
		stripe = await startFakeStripe()
		smtp = await startSmtpServer()
		const port = await freePort()
		shop = await startShop({
			port,
			dataDir: store.dataDir,
			env: { ...stripeShopEnv({ stripe, publicUrl: `http://127.0.0.1:${port}`, databaseUrl: store.databaseUrl }), SMTP_URL: smtp.url },
		})
	})
	afterAll(async () => {
		await shop?.stop('SIGKILL')
		await stripe?.close()
		await smtp?.close()
		await store?.cleanup()
	})

	it('answers every request without a 5xx and keeps orders, stock, holds and emails exact', async () => {
		const client = createCheckoutClient(shop.url)
		const random = seededRandom(SEED)
		const webhooks = createWebhookDeliverer(stripe, shop.url, random)
		const traffic = createShopperTraffic({ client, stripe, webhooks, products: store.products, random })
		const started = Date.now()
		const deadline = started + DURATION_S * 1000
		await traffic.run(USERS, MIX, () => Date.now() >= deadline)
		const elapsedS = (Date.now() - started) / 1000

		// Stripe expires every session nobody paid; the shop must give their stock back.
		expect(await expireOpenSessions(stripe, webhooks)).toEqual([])
		const paidSessions = [...stripe.sessions.values()].filter((session) => session.payment_status === 'paid').length
		await waitUntil(() => receivedByShoppers(smtp.received, SYSTEM_OWNER_EMAIL).length >= paidSessions, {
			timeoutMs: 60_000,
			what: `${paidSessions} confirmation emails`,
		})
		// A clean stop lets the sender record its last deliveries before the books are read.
		expect(await shop.stop()).toBe(0)

		const unexpected = traffic.records.filter((record) => !EXPECTED_STATUSES[record.kind].includes(record.status))
		expect(unexpected, shop.output().slice(-4000)).toEqual([])

		const handle = await store.open()
		try {
			const { violations, summary } = await checkOrderLedger(handle.db, {
				initialStock: store.initialStock,
				sessions: stripe.sessions.values(),
				deliveredEmailIds: outboxIdsReceivedBySmtp(smtp.received),
				acceptedSessions: traffic.acceptedSessions,
			})
			console.info(
				JSON.stringify({
					durationS: Math.round(elapsedS),
					users: USERS,
					requests: traffic.records.length,
					rps: Math.round(traffic.records.length / elapsedS),
					latencyMs: latencySummary(traffic.records),
					...summary,
				}),
			)
			expect(violations).toEqual([])
			expect(summary.orders, 'one order per accepted checkout, none from refused ones').toBe(traffic.acceptedSessions.size)
			expect(summary.pending, 'every session has ended, so no order may still wait for payment').toBe(0)
			expect(summary.unitsHeld).toBe(0)
			// The run must have exercised what it claims to: payments, and shoppers turned away from sold-out stock.
			expect(summary.paid).toBeGreaterThan(0)
			expect(summary.failed).toBeGreaterThan(0)
			expect(traffic.records.some((record) => record.kind === 'checkout' && record.status === 409)).toBe(true)
		} finally {
			await handle.close()
		}
	})
})
