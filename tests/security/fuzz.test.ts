import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapWithConcurrency } from '../support/bounded-concurrency.ts'
import {
	describeRequest,
	requestsForAction,
	requestsForRead,
	sendRequest,
	type FuzzTarget,
	type RequestSpec,
	type SendContext,
} from '../support/fuzz-requests.ts'
import { png } from '../support/images.ts'
import { READ_ROUTES } from '../support/read-routes.ts'
import { startSecurityShop, type Actor, type SecurityShop } from '../support/security-shop.ts'
import { STATE_CHANGING_ROUTES } from '../support/state-changing-routes.ts'

/**
 * Thousands of malformed requests (wrong types, huge strings, unicode and control characters,
 * missing and duplicated fields, bad JSON, wrong content types, absurd ids) to every action and
 * every route that reads parameters, signed in as whoever the route's guard lets through. No
 * answer may be a 5xx, and the server must still be healthy at the end.
 *
 * FUZZ_RUNS sets the number of requests (default 5000), FUZZ_SEED replays a run,
 * FUZZ_CONCURRENCY the requests in flight (default 6).
 */
const TOTAL_RUNS = positiveInteger('FUZZ_RUNS', 5000)
const CONCURRENCY = positiveInteger('FUZZ_CONCURRENCY', 6)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
/** An action gets this many times the requests of a read: it has a body to get wrong. */
const ACTION_WEIGHT = 3

function positiveInteger(name: string, fallback: number) {
	const value = process.env[name]
	if (value === undefined || value === '') return fallback
	const parsed = Number(value)
	if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(value)}`)
	return parsed
}

type Campaign = { name: string; actor: Actor; arbitrary: fc.Arbitrary<RequestSpec>; runs: number }
type Failure = { campaign: string; seed: number; status: number; request: string; answer: string }

let target: SecurityShop
beforeAll(async () => {
	target = await startSecurityShop()
})
afterAll(async () => {
	await target?.stop()
})

function campaigns(fuzzTarget: FuzzTarget): Campaign[] {
	const units = STATE_CHANGING_ROUTES.length * ACTION_WEIGHT + READ_ROUTES.length
	const perUnit = Math.ceil(TOTAL_RUNS / units)
	return [
		...STATE_CHANGING_ROUTES.map((route) => ({
			name: `action: ${route.name}`,
			actor: route.actor,
			arbitrary: requestsForAction(route, fuzzTarget),
			runs: perUnit * ACTION_WEIGHT,
		})),
		...READ_ROUTES.map((route) => ({ name: `read: ${route.name}`, actor: route.actor, arbitrary: requestsForRead(route, fuzzTarget), runs: perUnit })),
	]
}

/** What the server said about its failures: the errors it logged, or how it ended if it crashed. */
function serverReport(shop: SecurityShop['shop']) {
	const lines = shop.output().split('\n')
	const crashed = shop.child.exitCode !== null || shop.child.signalCode !== null
	const shown = crashed
		? [`the shop exited (code ${shop.child.exitCode}, signal ${shop.child.signalCode}); its last output:`, ...lines.slice(-30)]
		: ['server errors:', ...lines.filter((line) => /"level":(50|60)/.test(line)).slice(-5)]
	return shown.map((line) => (line.length > 1500 ? `${line.slice(0, 1500)}…` : line))
}

describe(`fuzz: ${TOTAL_RUNS} malformed requests over every action and parameterised route (seed ${SEED})`, () => {
	it('never answers 5xx and stays healthy', async () => {
		const samplePng = new Uint8Array(await png())
		const fuzzTarget: FuzzTarget = { fixtures: target.fixtures, samplePng }
		const all = campaigns(fuzzTarget)
		let sent = 0
		const statuses = new Map<number, number>()
		const failures: Failure[] = []

		await mapWithConcurrency(all, CONCURRENCY, async (campaign, index) => {
			const context: SendContext = { baseUrl: target.shop.url, webhookSecret: target.webhookSecret, routeActor: campaign.actor, cookies: target.cookies }
			const seed = SEED + index
			let lastFailure: { status: number; body: string } | undefined
			const property = fc.asyncProperty(campaign.arbitrary, async (spec) => {
				const answer = await sendRequest(spec, context)
				sent++
				statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
				if (answer.status === 0 || answer.status >= 500) {
					lastFailure = answer
					throw new Error(`answered ${answer.status}`)
				}
			})
			const details = await fc.check(property, { numRuns: campaign.runs, seed })
			if (details.failed && details.counterexample) {
				failures.push({
					campaign: campaign.name,
					seed,
					status: lastFailure?.status ?? -1,
					request: describeRequest(details.counterexample[0]),
					answer: (lastFailure?.body ?? String(details.errorInstance)).slice(0, 300),
				})
			}
		})

		const report = failures.map(
			(failure) =>
				`✗ ${failure.campaign} (FUZZ_SEED=${SEED}, campaign seed ${failure.seed}) → ${failure.status}\n${failure.request}\n  answer: ${failure.answer}`,
		)
		expect(failures, [...report, ...serverReport(target.shop)].join('\n\n')).toEqual([])
		// Every campaign ran all its runs (a failure would have ended one early).
		expect(sent).toBeGreaterThanOrEqual(TOTAL_RUNS)
		// The fuzz reached the actions: most answers are refusals of bad input, some are successes.
		const tally = Object.fromEntries([...statuses].sort(([a], [b]) => a - b))
		console.info(`fuzz: ${sent} requests, statuses ${JSON.stringify(tally)}`)
		expect(Object.keys(tally).some((status) => Number(status) >= 200 && Number(status) < 300)).toBe(true)
		expect(statuses.get(400) ?? 0).toBeGreaterThan(0)

		const health = await fetch(`${target.shop.url}/healthz`)
		expect(health.status).toBe(200)
		expect(target.shop.child.exitCode).toBeNull()
	})
})
