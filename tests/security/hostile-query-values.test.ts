import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapWithConcurrency } from '../support/bounded-concurrency.ts'
import { sendRequest, type SendContext } from '../support/fuzz-requests.ts'
import { READ_ROUTES } from '../support/read-routes.ts'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'

/**
 * The fuzz (fuzz.test.ts) samples; this sends every known-hostile value to every query parameter
 * and path segment of every reading route, so a value PostgreSQL or a parser refuses cannot slip
 * through on a lucky seed. A NUL in a text value once made the admin's GDPR export answer 500.
 */
const HOSTILE_VALUES = [
	'\u0000',
	'\u0000\u0000\u0000',
	'ana\u0000@example.com',
	'%00',
	'\u0007\u001b[31m\r\n',
	'\u202eevil',
	'x'.repeat(5000),
	'🕯️'.repeat(200),
	'',
	' ',
	'-1',
	'0',
	'1e400',
	'NaN',
	'9'.repeat(40),
	"' OR 1=1 --",
	'%',
	'../../etc/passwd',
	'<script>alert(1)</script>',
	'null',
	'[object Object]',
]

/** `%ED%A0%80` is a lone surrogate in UTF-8: not decodable text at all. */
const RAW_QUERY_VALUES = ['%ED%A0%80', '%C0%80', '%FF', '%']

let target: SecurityShop
beforeAll(async () => {
	target = await startSecurityShop()
})
afterAll(async () => {
	await target?.stop()
})

type Probe = { route: string; actor: SendContext['routeActor']; path: string }

function probes(): Probe[] {
	const all: Probe[] = []
	for (const route of READ_ROUTES) {
		const base = route.path(target.fixtures)
		for (const key of Object.keys(route.query)) {
			const others = Object.entries(route.query).filter(([name]) => name !== key)
			for (const value of HOSTILE_VALUES) {
				all.push({ route: route.name, actor: route.actor, path: `${base}?${new URLSearchParams([...others, [key, value]])}` })
			}
			for (const raw of RAW_QUERY_VALUES) {
				all.push({ route: route.name, actor: route.actor, path: `${base}?${new URLSearchParams(others)}&${encodeURIComponent(key)}=${raw}` })
			}
			// The same parameter twice, and as an array.
			all.push({ route: route.name, actor: route.actor, path: `${base}?${new URLSearchParams([...Object.entries(route.query), [key, 'second']])}` })
			all.push({ route: route.name, actor: route.actor, path: `${base}?${encodeURIComponent(`${key}[]`)}=1&${encodeURIComponent(`${key}[x]`)}=2` })
		}
		if (route.pathWithSegment) {
			for (const value of [...HOSTILE_VALUES.filter((value) => value !== ''), '%2e%2e'].map((value) =>
				value === '%2e%2e' ? value : encodeURIComponent(value),
			)) {
				all.push({ route: route.name, actor: route.actor, path: route.pathWithSegment(value, target.fixtures) })
			}
		}
	}
	return all
}

describe('hostile query values and path segments on every reading route', () => {
	it('never answer 5xx, signed in as whoever the route lets through', async () => {
		const list = probes()
		const failures: string[] = []
		await mapWithConcurrency(list, 6, async (probe) => {
			const context: SendContext = { baseUrl: target.shop.url, webhookSecret: target.webhookSecret, routeActor: probe.actor, cookies: target.cookies }
			const answer = await sendRequest(
				{ route: probe.route, method: 'GET', path: probe.path, session: 'route-actor', headers: {}, body: { kind: 'none', contentType: null } },
				context,
			)
			if (answer.status === 0 || answer.status >= 500) failures.push(`${answer.status} ${probe.route}: GET ${probe.path.slice(0, 200)}`)
		})
		expect(failures, failures.join('\n')).toEqual([])
		// Every route and parameter was reached (a route with no parameters has none to probe).
		expect(list.length).toBeGreaterThan(READ_ROUTES.length * HOSTILE_VALUES.length)
		expect((await fetch(`${target.shop.url}/healthz`)).status).toBe(200)
	})
})
