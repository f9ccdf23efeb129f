import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapWithConcurrency } from '../support/bounded-concurrency.ts'
import { sendRequest, type BodySpec, type SendContext } from '../support/fuzz-requests.ts'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'
import { STATE_CHANGING_ROUTES } from '../support/state-changing-routes.ts'

/**
 * The fuzz (fuzz.test.ts) samples; this sends each known-hostile value in every field of every
 * form and JSON action, the other fields left well-formed, so a value PostgreSQL or a parser
 * refuses cannot slip through on a lucky seed (the same sweep as hostile-query-values.test.ts).
 */
const HOSTILE_TEXT = [
	'\u0000',
	'a\u0000b',
	'\u0007\u001b[31m\r\n',
	'x'.repeat(5000),
	'🕯️'.repeat(200),
	'\u202eevil',
	'',
	' ',
	'-1',
	'1e400',
	'NaN',
	'9'.repeat(40),
]
/** JSON bodies also get the wrong types. */
// Also objects that cannot become a string (String() throws on them), alone and in a list: a form
// that re-renders what was posted must not call String() on them (a 500 the fuzz test once found).
const HOSTILE_JSON: unknown[] = [...HOSTILE_TEXT, null, 0, -1, 1e308, true, [], {}, ['\u0000'], { '\u0000': '\u0000' }, { toString: 1 }, [{ toString: 1 }]]

let target: SecurityShop
beforeAll(async () => {
	target = await startSecurityShop()
})
afterAll(async () => {
	await target?.stop()
})

type Probe = { route: (typeof STATE_CHANGING_ROUTES)[number]; field: string; body: BodySpec }

function asText(value: unknown) {
	return typeof value === 'string' ? value : JSON.stringify(value)
}

function probes(): Probe[] {
	const all: Probe[] = []
	for (const route of STATE_CHANGING_ROUTES) {
		if (route.encoding !== 'form' && route.encoding !== 'json') continue
		const example = route.example(target.fixtures)
		for (const field of Object.keys(example)) {
			if (route.encoding === 'form') {
				for (const value of HOSTILE_TEXT) {
					const pairs = Object.entries(example).map(([name, original]): [string, string] => [name, name === field ? value : asText(original)])
					all.push({ route, field, body: { kind: 'urlencoded', pairs, contentType: 'application/x-www-form-urlencoded' } })
				}
			} else {
				for (const value of HOSTILE_JSON)
					all.push({ route, field, body: { kind: 'json', value: { ...example, [field]: value }, contentType: 'application/json' } })
			}
		}
	}
	return all
}

describe('hostile values in every field of every form and JSON action', () => {
	it('never answer 5xx, signed in as whoever the route lets through', async () => {
		const list = probes()
		const failures: string[] = []
		const statuses = new Map<number, number>()
		let index = 0
		await mapWithConcurrency(list, 6, async ({ route, field, body }) => {
			const context: SendContext = { baseUrl: target.shop.url, webhookSecret: target.webhookSecret, routeActor: route.actor, cookies: target.cookies }
			// Each from its own address, so per-address rate limits answer 429 rather than hide the action.
			const address = `198.18.${Math.floor(index / 250) % 250}.${index++ % 250}`
			const answer = await sendRequest(
				{
					route: route.name,
					method: 'POST',
					path: route.path(target.fixtures),
					// An action that ends its session (logout) gets none: the other rows need theirs.
					session: route.endsSession ? 'none' : 'route-actor',
					headers: { 'X-Forwarded-For': address },
					body,
				},
				context,
			)
			statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
			if (answer.status === 0 || answer.status >= 500) {
				const value = JSON.stringify(
					body.kind === 'json'
						? (body.value as Record<string, unknown>)[field]
						: body.kind === 'urlencoded'
							? body.pairs.find(([name]) => name === field)?.[1]
							: undefined,
				)
				failures.push(`${answer.status} ${route.name}: ${field} = ${value?.slice(0, 80)}`)
			}
		})
		const tally = Object.fromEntries([...statuses].sort(([a], [b]) => a - b))
		console.info(`hostile fields: ${list.length} requests, statuses ${JSON.stringify(tally)}`)
		expect(failures, failures.join('\n')).toEqual([])
		// The values reached the actions' own checks (400s), and some were accepted (a value the field allows).
		expect(statuses.get(400) ?? 0).toBeGreaterThan(list.length / 4)
		expect([...statuses.keys()].some((status) => status >= 200 && status < 400)).toBe(true)
		// Every action with a form or JSON body was reached, each of its fields with each value.
		expect(list.length).toBeGreaterThan(STATE_CHANGING_ROUTES.length * HOSTILE_TEXT.length)
		expect((await fetch(`${target.shop.url}/healthz`)).status).toBe(200)
	})
})
