import { describe, it, type ExpectStatic } from 'vitest'
import type { DatabaseEngine } from '#db/client.ts'
import { HOLD_MINUTES } from '#server/orders/place-order.ts'
import { RECONCILE_GRACE_MS, reconcilePendingOrders } from '#server/orders/reconcile.ts'
import { createStripeProvider } from '#server/payments/stripe.ts'
import { mailContext } from '../support/checkout-fixtures.ts'
import { createCheckoutClient } from '../support/checkout-client.ts'
import { ENGINES } from '../support/databases.ts'
import { outboxIdsReceivedBySmtp, receivedByShoppers } from '../support/delivered-mail.ts'
import { startFakeStripe } from '../support/fake-stripe.ts'
import { checkOrderLedger } from '../support/order-invariants.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { seededRandom, seedFrom, type Random } from '../support/seeded-random.ts'
import { createShopperTraffic, expireOpenSessions, type ShopperMix, type ShopperTraffic, type TrafficRecord } from '../support/shopper-traffic.ts'
import { startSmtpServer } from '../support/smtp.ts'
import { createStockedStore, stripeShopEnv, SYSTEM_OWNER_EMAIL } from '../support/stocked-shop.ts'
import { waitUntil } from '../support/wait.ts'
import { createWebhookDeliverer } from '../support/webhook-deliverer.ts'

/**
 * The fault suite: the shop is killed with SIGKILL (no shutdown, no flush) in the middle of
 * checkouts and webhook deliveries, FAULT_ROUNDS times, and restarted on the same data. Stripe
 * then redelivers every event, as it retries until it gets a 2xx. Nothing may be lost or doubled.
 * PGlite and PostgreSQL run side by side: most of each run is spent waiting (see EMAIL_WAIT_MS).
 * The kill points and the shoppers' choices come from a seeded generator: the seed is in the test's
 * title and log, and FAULT_SEED=<seed> replays them (timings still vary from run to run).
 */
const SEED = seedFrom('FAULT_SEED')
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
 * The confirmation email a killed process was sending stays leased to it for the sender's lease
 * (EMAIL_LEASE_SECONDS, the shortest allowed here) before the restarted one may send it.
 */
const EMAIL_LEASE_SECONDS = 10
const EMAIL_WAIT_MS = 120_000

/** A healthy shop's answers, plus 0 for requests cut off by the kill. */
const EXPECTED_STATUSES: Record<TrafficRecord['kind'], number[]> = {
	page: [200, 0],
	checkout: [302, 409, 0],
	webhook: [200, 0],
	'payment-success': [200, 0],
}

/** paymentsAcknowledged: sessions whose payment the shop had confirmed by the kill (so far, all rounds). */
type KillReport = { round: number; startMs: number; afterMs: number; cutOff: number; paymentsAcknowledged: number }

/**
 * Runs shoppers against the shop until it is killed: even rounds at a random moment, odd ones the
 * instant the shop acknowledges a payment (what it acknowledged must survive, on PGlite too).
 */
async function trafficUntilKilled(shop: ShopProcess, traffic: ShopperTraffic, round: number, random: Random) {
	const startedAt = Date.now()
	let killedAt: number | undefined
	const kill = () => {
		if (killedAt !== undefined) return
		killedAt = Date.now()
		shop.child.kill('SIGKILL')
	}
	const safety = setTimeout(kill, ROUND_LIMIT_MS)
	const killAfter = KILL_AFTER_ANSWERS.min + random.int(KILL_AFTER_ANSWERS.max - KILL_AFTER_ANSWERS.min)
	let answers = 0
	traffic.onRecord((record) => {
		if (record.status === 0 || ++answers < killAfter) return
		if (round % 2 === 1) {
			const paymentAcknowledged = record.kind === 'webhook' && record.reportsPayment && record.status === 200
			if (paymentAcknowledged || answers >= killAfter * 3) kill()
		} else if (answers === killAfter) {
			setTimeout(kill, random.next() * KILL_JITTER_MS)
		}
	})
	const before = traffic.records.length
	// Also stops if the process dies by itself, which the caller then reports.
	await traffic.run(USERS, MIX, () => killedAt !== undefined || shop.child.exitCode !== null)
	clearTimeout(safety)
	await shop.exited
	return { afterMs: (killedAt ?? Date.now()) - startedAt, cutOff: traffic.records.slice(before).filter((record) => record.status === 0).length }
}

/**
 * Until the last restart the mail server hangs mid-delivery, so at every kill a confirmation is in
 * flight and the others wait in the outbox: each one must reach the mail server exactly once, sent
 * by the restarted shop. (A kill just after the mail server took a message and before the outbox
 * recorded it would send it twice; the outbox promises at-least-once there, and this test keeps out of it.)
 */
async function killAndRestartScenario(engine: DatabaseEngine, expect: ExpectStatic) {
	const store = await createStockedStore(engine, STOCK, `faults${engine}`)
	const stripe = await startFakeStripe()
	const smtp = await startSmtpServer()
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const env = {
		...stripeShopEnv({ stripe, publicUrl: url, databaseUrl: store.databaseUrl }),
		SMTP_URL: smtp.url,
		EMAIL_LEASE_SECONDS: String(EMAIL_LEASE_SECONDS),
	}
	const start = () => startShop({ port, dataDir: store.dataDir, env })
	let shop: ShopProcess | undefined
	try {
		// One generator per engine (they run side by side), each from the logged seed.
		const random = seededRandom(SEED + ENGINES.indexOf(engine))
		const webhooks = createWebhookDeliverer(stripe, url, random)
		const traffic = createShopperTraffic({ client: createCheckoutClient(url), stripe, webhooks, products: store.products, random })
		const kills: KillReport[] = []
		smtp.stall(true)
		for (let round = 0; round < ROUNDS; round++) {
			const startingAt = Date.now()
			shop = await start()
			const startMs = Date.now() - startingAt
			const { afterMs, cutOff } = await trafficUntilKilled(shop, traffic, round, random)
			expect(shop.child.signalCode).toBe('SIGKILL')
			const paymentsAcknowledged = new Set(traffic.records.filter((r) => r.kind === 'webhook' && r.reportsPayment && r.status === 200).map((r) => r.sessionId))
				.size
			kills.push({ round, startMs, afterMs, cutOff, paymentsAcknowledged })
		}
		expect(smtp.received, 'nothing may reach the mail server while it hangs').toEqual([])

		// The restart must take over the DATA_DIR lock and the database the killed process left behind.
		smtp.stall(false)
		shop = await start()
		expect(await webhooks.redeliverAll()).toEqual([])
		expect(await expireOpenSessions(stripe, webhooks)).toEqual([])
		const paidSessions = [...stripe.sessions.values()].filter((session) => session.payment_status === 'paid').length
		const emailWaitStarted = Date.now()
		await waitUntil(() => receivedByShoppers(smtp.received, SYSTEM_OWNER_EMAIL).length >= paidSessions, {
			timeoutMs: EMAIL_WAIT_MS,
			what: `${paidSessions} confirmation emails`,
		})
		const emailWaitMs = Date.now() - emailWaitStarted
		// A clean stop lets the sender record its last deliveries before the books are read.
		expect(await shop.stop()).toBe(0)
		const unexpected = traffic.records.filter((record) => !EXPECTED_STATUSES[record.kind].includes(record.status))
		expect(unexpected).toEqual([])

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
				deliveredEmailIds: outboxIdsReceivedBySmtp(smtp.received),
				acceptedSessions: traffic.acceptedSessions,
			})
			console.info(JSON.stringify({ engine, seed: random.seed, kills, emailWaitMs, reconciled, webhookEvents: webhooks.count(), ...summary }))
			expect(violations).toEqual([])
			expect(summary.pending).toBe(0)
			expect(summary.unitsHeld).toBe(0)
			expect(summary.paid).toBe(paidSessions)
			// The kills hit work in flight, and confirmations owed at a kill were sent after the restart.
			expect(kills.reduce((sum, kill) => sum + kill.cutOff, 0)).toBeGreaterThan(0)
			expect(kills.at(-1)!.paymentsAcknowledged, 'payments acknowledged before the last kill').toBeGreaterThan(0)
		} finally {
			await handle.close()
		}
	} finally {
		await shop?.stop('SIGKILL')
		await stripe.close()
		await smtp.close()
		await store.cleanup()
	}
}

describe(`SIGKILL in the middle of checkouts and webhooks, then a restart (FAULT_SEED=${SEED})`, () => {
	it.concurrent.for(ENGINES)('turns every paid session into one paid order with one sale and one email (%s)', (engine, { expect }) =>
		killAndRestartScenario(engine, expect),
	)
})
