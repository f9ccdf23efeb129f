import { shuffle } from './checkout-fixtures.ts'
import type { Answer, CheckoutClient, CheckoutLineRequest } from './checkout-client.ts'
import type { FakeStripe } from './fake-stripe.ts'
import type { Random } from './seeded-random.ts'
import type { WebhookDeliverer } from './webhook-deliverer.ts'

/**
 * Virtual shoppers for the load and fault suites: each loops over random actions (browse, add to
 * cart, check out, pay or abandon at the fake Stripe, webhooks delivered with duplicates and out of
 * order) until told to stop. Every answer is recorded for the test to judge; nothing here asserts.
 * Every choice comes from the suite's seeded generator (`random`), so a failing run names its seed.
 */

export type TrafficKind = 'page' | 'checkout' | 'webhook' | 'payment-success'

export type TrafficRecord = Answer & {
	kind: TrafficKind
	/** The page path, or the webhook's event type. */
	target: string
	/** For webhooks and the payment-success page: the session they are about. */
	sessionId?: string
	/** The request told the shop a payment succeeded (a paid completion, an async success, the success page). */
	reportsPayment?: boolean
}

/** Relative weights of what a shopper does next. */
export type ShopperMix = { browse: number; checkout: number; settle: number; redeliver: number }

/** What happens at the fake Stripe to a session a shopper opened. */
export type SessionFate = 'pay' | 'pay-async' | 'fail-async' | 'expire' | 'abandon'

const FATES: Record<SessionFate, number> = { pay: 50, 'pay-async': 10, 'fail-async': 10, expire: 15, abandon: 15 }

export type StockedProduct = { id: string; slug: string }

function pick<T extends string>(random: Random, weights: Record<T, number>): T {
	const entries = Object.entries(weights) as [T, number][]
	let roll = random.next() * entries.reduce((sum, [, weight]) => sum + weight, 0)
	for (const [choice, weight] of entries) {
		roll -= weight
		if (roll < 0) return choice
	}
	return entries[entries.length - 1]![0]
}

/** What a webhook payload is about, for the traffic record. */
function describeEvent(payload: string): Pick<TrafficRecord, 'target' | 'sessionId' | 'reportsPayment'> {
	const event = JSON.parse(payload) as { type: string; data: { object: { id: string; payment_status: string } } }
	const session = event.data.object
	const reportsPayment =
		event.type === 'checkout.session.async_payment_succeeded' || (event.type === 'checkout.session.completed' && session.payment_status === 'paid')
	return { target: event.type, sessionId: session.id, reportsPayment }
}

export function createShopperTraffic(options: {
	client: CheckoutClient
	stripe: FakeStripe
	webhooks: WebhookDeliverer
	products: StockedProduct[]
	random: Random
}) {
	const { client, stripe, webhooks, products, random } = options
	const randomItem = <T>(items: readonly T[]) => items[random.int(items.length)]!
	/** Half the events arrive once, the others 2–5 times. */
	const deliveryCopies = () => (random.next() < 0.5 ? 1 : 2 + random.int(4))
	const records: TrafficRecord[] = []
	/** Sessions opened by a checkout and not yet settled; shared by every shopper, across runs. */
	const openSessions: string[] = []
	/** The payment session of every order the shop took (its checkout answer, a redirect to pay, arrived). */
	const acceptedSessions = new Set<string>()
	let onRecord: ((record: TrafficRecord) => void) | undefined

	const record = (kind: TrafficKind, answer: Answer, about: Pick<TrafficRecord, 'target' | 'sessionId' | 'reportsPayment'>) => {
		const entry = { ...answer, kind, ...about }
		records.push(entry)
		onRecord?.(entry)
	}

	async function browse() {
		const product = randomItem(products)
		const path = randomItem(['/', '/catalog', `/product/${product.slug}`, 'add-to-cart'])
		if (path !== 'add-to-cart') return record('page', await client.page(path), { target: path })
		// The cart lives in the browser: adding is a product page view, then the cart page.
		record('page', await client.page(`/product/${product.slug}`), { target: `/product/${product.slug}` })
		record('page', await client.page('/cart'), { target: '/cart' })
	}

	async function checkout() {
		const chosen = shuffle(products, random.next).slice(0, 1 + random.int(2))
		const lines: CheckoutLineRequest[] = chosen.map((product) => ({ productId: product.id, quantity: 1 + random.int(2) }))
		const answer = await client.checkout(lines)
		record('checkout', answer, { target: '/checkout' })
		if (answer.placed && answer.sessionId) {
			openSessions.push(answer.sessionId)
			acceptedSessions.add(answer.sessionId)
		}
	}

	/** Decides the fate of one open session at the fake Stripe and delivers what Stripe would send. */
	async function settle() {
		if (openSessions.length === 0) return checkout()
		const sessionId = openSessions.splice(random.int(openSessions.length), 1)[0]!
		const fate = pick(random, FATES)
		const payloads: string[] = []
		let customerReturns = false
		switch (fate) {
			case 'pay':
				stripe.complete(sessionId)
				payloads.push(webhooks.event('checkout.session.completed', sessionId))
				customerReturns = random.next() < 0.3
				break
			case 'pay-async':
			case 'fail-async':
				// A bank debit: completed unpaid first, settled later; both events may arrive in either order.
				stripe.complete(sessionId, 'unpaid')
				payloads.push(webhooks.event('checkout.session.completed', sessionId))
				stripe.settleAsync(sessionId, fate === 'pay-async')
				payloads.push(webhooks.event(fate === 'pay-async' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', sessionId))
				break
			case 'expire':
				stripe.expire(sessionId)
				payloads.push(webhooks.event('checkout.session.expired', sessionId))
				break
			case 'abandon':
				// Left open: the test ends it after the run, the way Stripe expires it later.
				return
		}
		const deliveries = webhooks.deliverWithDuplicates(payloads, deliveryCopies)
		const returned = customerReturns ? client.paymentSuccess(sessionId) : undefined
		for (const { payload, answer } of await deliveries) record('webhook', answer, describeEvent(payload))
		if (returned) record('payment-success', await returned, { target: '/payment-success', sessionId, reportsPayment: true })
	}

	async function redeliver() {
		const payload = webhooks.randomPastEvent()
		if (!payload) return browse()
		record('webhook', await webhooks.deliver(payload), describeEvent(payload))
	}

	const actions: Record<keyof ShopperMix, () => Promise<void>> = { browse, checkout, settle, redeliver }

	return {
		records,
		openSessions,
		acceptedSessions,
		/** Called with every answer as it comes (a fault test kills the server on cue from here). */
		onRecord(listener: (record: TrafficRecord) => void) {
			onRecord = listener
		},
		/**
		 * `users` shoppers act concurrently until shouldStop() (checked before each action) says so;
		 * maxActions bounds each shopper's loop whatever shouldStop does.
		 */
		async run(users: number, mix: ShopperMix, shouldStop: () => boolean, maxActions = 100_000) {
			const shopper = async () => {
				for (let done = 0; done < maxActions && !shouldStop(); done++) await actions[pick(random, mix)]()
			}
			await Promise.all(Array.from({ length: users }, shopper))
		},
	}
}

export type ShopperTraffic = ReturnType<typeof createShopperTraffic>

/**
 * Ends every session still open at the fake Stripe, as Stripe does when a session times out, and
 * delivers the `checkout.session.expired` events. Returns the events the shop did not accept.
 */
export async function expireOpenSessions(stripe: FakeStripe, webhooks: WebhookDeliverer) {
	const refused: Answer[] = []
	for (const session of stripe.sessions.values()) {
		if (session.status !== 'open') continue
		stripe.expire(session.id)
		const answer = await webhooks.deliver(webhooks.event('checkout.session.expired', session.id))
		if (answer.status !== 200) refused.push(answer)
	}
	return refused
}
