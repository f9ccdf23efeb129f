import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOLD_MINUTES } from '#server/orders/place-order.ts'
import { RECONCILE_GRACE_MS, reconcilePendingOrders } from '#server/orders/reconcile.ts'
import { createStripeProvider } from '#server/payments/stripe.ts'
import { mailContext } from '../support/checkout-fixtures.ts'
import { createCheckoutClient } from '../support/checkout-client.ts'
import { ENGINES } from '../support/databases.ts'
import { outboxIdsInMailFolder } from '../support/delivered-mail.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { checkOrderLedger } from '../support/order-invariants.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { createShopperTraffic, expireOpenSessions, type ShopperMix, type TrafficRecord } from '../support/shopper-traffic.ts'
import { createStockedStore, stripeShopEnv, type StockedStore } from '../support/stocked-shop.ts'
import { waitUntil } from '../support/wait.ts'
import { createWebhookDeliverer } from '../support/webhook-deliverer.ts'

/**
 * Issue 9 fault suite: the shop is killed with SIGKILL (no shutdown, no flush) in the middle of
 * checkouts and webhook deliveries, FAULT_ROUNDS times, and restarted on the same data. Stripe
 * then redelivers every event, as it retries until it gets a 2xx. Nothing may be lost or doubled.
 */
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3)
const USERS = Number(process.env.FAULT_USERS ?? 6)
const STOCK = [3, 4, 6, 10, 40]
const MIX: ShopperMix = { browse: 5, checkout: 45, settle: 35, redeliver: 15 }
/**
 * A round's kill comes after this many answers (so it lands mid-work on a fast or a slow machine),
 * plus up to KILL_JITTER_MS so it falls inside requests rather than between them.
 */
const KILL_AFTER_ANSWERS = { min: 10, max: 40 }
const KILL_JITTER_MS = 150
/** A round that somehow stops answering still ends. */
const ROUND_LIMIT_MS = 60_000
/**
 * A confirmation claimed by the killed process stays leased to it for the sender's lease (60 s)
 * before the restarted one may send it, hence the generous wait.
 */
const EMAIL_WAIT_MS = 150_000

/** A healthy shop's answers, plus 0 for requests cut off by the kill. */
const EXPECTED_STATUSES: Record<TrafficRecord['kind'], number[]> = {
	page: [200, 0],
	checkout: [200, 409, 0],
	webhook: [200, 0],
	'payment-success': [200, 0],
}

describe.each(ENGINES)('SIGKILL in the middle of checkouts and webhooks (%s)', (engine) => {
	let store: StockedStore
	let stripe: FakeStripe
	let port: number
	let shop: ShopProcess | undefined
	beforeAll(async () => {
		store = await createStockedStore(engine, STOCK, `faults${engine}`)
		stripe = await startFakeStripe()
		port = await freePort()
	})
	afterAll(async () => {
		await shop?.stop('SIGKILL')
		await stripe?.close()
		await store?.cleanup()
	})

	const url = () => `http://127.0.0.1:${port}`
	const start = () => startShop({ port, dataDir: store.dataDir, env: stripeShopEnv({ stripe, publicUrl: url(), databaseUrl: store.databaseUrl }) })
	const mailFolder = () => path.join(store.dataDir, 'mail')

	it('turns every paid session into one paid order with one sale and one email, across kills and restarts', async () => {
		const client = createCheckoutClient(url())
		const webhooks = createWebhookDeliverer(stripe, url())
		const traffic = createShopperTraffic({ client, stripe, webhooks, products: store.products })
		const kills: { round: number; startMs: number; afterMs: number; cutOff: number; confirmationsOwed: number }[] = []

		for (let round = 0; round < ROUNDS; round++) {
			const startingAt = Date.now()
			const running = await start()
			const startMs = Date.now() - startingAt
			shop = running
			const startedAt = Date.now()
			let killedAt: number | undefined
			const kill = () => {
				if (killedAt !== undefined) return
				killedAt = Date.now()
				running.child.kill('SIGKILL')
			}
			const safety = setTimeout(kill, ROUND_LIMIT_MS)
			const killAfter = KILL_AFTER_ANSWERS.min + Math.floor(Math.random() * (KILL_AFTER_ANSWERS.max - KILL_AFTER_ANSWERS.min))
			let answers = 0
			// Even rounds die at a random moment; odd ones the instant the shop acknowledges a payment,
			// while its confirmation email is most likely still on its way out.
			traffic.onRecord((record) => {
				if (record.status === 0 || ++answers < killAfter) return
				if (round % 2 === 1) {
					const paymentAcknowledged = record.kind === 'webhook' && record.reportsPayment && record.status === 200
					if (paymentAcknowledged || answers >= killAfter * 3) kill()
				} else if (answers === killAfter) {
					setTimeout(kill, Math.random() * KILL_JITTER_MS)
				}
			})
			const before = traffic.records.length
			await traffic.run(USERS, MIX, () => killedAt !== undefined)
			clearTimeout(safety)
			await running.exited
			expect(running.child.signalCode).toBe('SIGKILL')

			const acknowledgedPayments = new Set(traffic.records.filter((r) => r.kind === 'webhook' && r.reportsPayment && r.status === 200).map((r) => r.sessionId))
			const written = (await outboxIdsInMailFolder(mailFolder())).length
			kills.push({
				round,
				startMs,
				afterMs: killedAt! - startedAt,
				cutOff: traffic.records.slice(before).filter((r) => r.status === 0).length,
				confirmationsOwed: Math.max(0, acknowledgedPayments.size - written),
			})
		}

		// The restart must take over the DATA_DIR lock and the database the killed process left behind.
		shop = await start()
		expect(await webhooks.redeliverAll()).toEqual([])
		expect(await expireOpenSessions(stripe, webhooks)).toEqual([])
		const paidSessions = [...stripe.sessions.values()].filter((session) => session.payment_status === 'paid').length
		const emailWaitStarted = Date.now()
		await waitUntil(async () => (await outboxIdsInMailFolder(mailFolder())).length >= paidSessions, {
			timeoutMs: EMAIL_WAIT_MS,
			what: `${paidSessions} confirmation emails in ${mailFolder()}`,
		})
		const emailWaitMs = Date.now() - emailWaitStarted
		expect(await shop.stop()).toBe(0)

		const unexpected = traffic.records.filter((record) => !EXPECTED_STATUSES[record.kind].includes(record.status))
		expect(unexpected, shop.output().slice(-4000)).toEqual([])

		const handle = await store.open()
		try {
			// A checkout killed before it reached Stripe leaves an order with no session; the reconciler
			// releases it once its hold has run out. Run it as it would run then.
			const later = new Date(Date.now() + HOLD_MINUTES * 60_000 + RECONCILE_GRACE_MS + 60_000)
			const reconciled = await reconcilePendingOrders(
				{ db: handle.db, mail: mailContext, payments: createStripeProvider({ secretKey: 'sk_test_systemsuite', apiUrl: stripe.url }) },
				{ now: later },
			)
			expect(reconciled.errors).toBe(0)
			expect(reconciled.paid, 'every paid session was already settled by its webhooks').toBe(0)

			const { violations, summary } = await checkOrderLedger(handle.db, {
				initialStock: store.initialStock,
				sessions: stripe.sessions.values(),
				deliveredEmailIds: await outboxIdsInMailFolder(mailFolder()),
			})
			console.info(JSON.stringify({ engine, kills, emailWaitMs, reconciled, webhookEvents: webhooks.count(), ...summary }))
			expect(violations).toEqual([])
			expect(summary.pending).toBe(0)
			expect(summary.unitsHeld).toBe(0)
			expect(summary.paid).toBe(paidSessions)
			expect(summary.paid).toBeGreaterThan(0)
			expect(kills.reduce((sum, kill) => sum + kill.cutOff, 0), 'the kills must have cut requests off mid-flight').toBeGreaterThan(0)
		} finally {
			await handle.close()
		}
	})
})
