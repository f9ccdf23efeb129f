import { shuffle } from './checkout-fixtures.ts'
import { timedRequest, type Answer } from './checkout-client.ts'
import type { FakeStripe } from './fake-stripe.ts'
import type { Random } from './seeded-random.ts'

/**
 * Plays Stripe's side of webhooks against the running shop: it makes events about the fake
 * Stripe's sessions, keeps every event it ever made (Stripe resends until it gets a 2xx, so a test
 * can redeliver them all after a crash), and signs each delivery afresh, as Stripe does per attempt.
 * Its random orders come from `random` (a seeded generator replays them) or Math.random.
 */
export function createWebhookDeliverer(stripe: FakeStripe, baseUrl: string, random?: Random) {
	const next = random ? random.next : Math.random
	const events: string[] = []

	async function deliver(payload: string): Promise<Answer> {
		const { body: _body, ...answer } = await timedRequest(`${baseUrl}/api/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.sign(payload) },
			body: payload,
		})
		return answer
	}

	return {
		/** An event about the session as it is now, remembered for redelivery. */
		event(type: string, sessionId: string) {
			const payload = stripe.event(type, sessionId)
			events.push(payload)
			return payload
		},
		deliver,
		/** Every payload `copies` times, shuffled and all at once, like retries overlapping attempts still in flight. */
		async deliverWithDuplicates(payloads: string[], copies: () => number): Promise<{ payload: string; answer: Answer }[]> {
			const deliveries = shuffle(
				payloads.flatMap((payload) => Array.from({ length: copies() }, () => payload)),
				next,
			)
			return Promise.all(deliveries.map(async (payload) => ({ payload, answer: await deliver(payload) })))
		},
		/** One of the events made so far, to resend late and out of order. */
		randomPastEvent(): string | undefined {
			return events[Math.floor(next() * events.length)]
		},
		/**
		 * Resends every event made so far, in random order, `concurrency` at a time, each until the shop
		 * answers 200 (at most `attempts` tries). Returns the answers of the events that never got a 200.
		 */
		async redeliverAll(options: { concurrency?: number; attempts?: number } = {}): Promise<{ event: string; answer: Answer }[]> {
			const queue = shuffle(events, next)
			const refused: { event: string; answer: Answer }[] = []
			const worker = async () => {
				for (let payload = queue.pop(); payload !== undefined; payload = queue.pop()) {
					let answer = await deliver(payload)
					for (let attempt = 1; answer.status !== 200 && attempt < (options.attempts ?? 3); attempt++) {
						// Not a wait on the shop: Stripe's own backoff between attempts.
						await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
						answer = await deliver(payload)
					}
					if (answer.status !== 200) refused.push({ event: payload, answer })
				}
			}
			await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
			return refused
		},
		count: () => events.length,
	}
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>
