import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exchangeRates } from '#db/schema/index.ts'
import { parseEnv } from '#server/config/env.ts'
import { createBnrRateSource } from '#server/tax/bnr.ts'
import { createTaxServices } from '#server/tax/configure.ts'
import { exchangeRateForIssue, refreshExchangeRates } from '#server/tax/exchange-rates.ts'
import { createViesChecker, noVatNumberCheck } from '#server/tax/vies.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeBnr, type FakeBnr } from '../support/fake-bnr.ts'
import { startFakeVies, type FakeVies } from '../support/fake-vies.ts'

const log = pino({ level: 'silent' })

/** ADR 0150: VIES through its REST interface; every failure is "could not check", never "invalid". */
describe('VIES adapter against a fake VIES', () => {
	let vies: FakeVies
	beforeAll(async () => {
		vies = await startFakeVies({ registered: { DE123456789: 'Kerzen Werk GmbH', EL123456789: 'Κεριά ΑΕ' }, unavailable: ['ESB12345678'] })
	})
	afterAll(() => vies?.close())
	const checker = (requesterVatNumber: string | null = 'RO18547290', timeoutMs = 2000) =>
		createViesChecker({ url: vies.url, requesterVatNumber, timeoutMs, log })
	const now = new Date('2026-11-28T10:00:00Z')

	it('asks with the country and the number apart, names the shop as requester, and keeps the answer as evidence', async () => {
		vies.reset()
		const answer = await checker().check('DE123456789', now)
		expect(vies.requests[0]).toMatchObject({
			method: 'POST',
			path: '/check-vat-number',
			body: { countryCode: 'DE', vatNumber: '123456789', requesterMemberStateCode: 'RO', requesterNumber: '18547290' },
		})
		expect(answer).toMatchObject({ vatNumber: 'DE123456789', status: 'valid', name: 'Kerzen Werk GmbH', checkedAt: now.toISOString() })
		expect(answer.requestIdentifier).toMatch(/^WAPI/)
		expect(answer.requestDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		// Greece is EL in VIES too.
		expect((await checker().check('EL123456789', now)).status).toBe('valid')
	})

	it('a number VIES does not know is invalid, its "---" name withheld; without a requester there is no consultation number', async () => {
		const answer = await checker(null).check('DE987654321', now)
		expect(answer).toMatchObject({ status: 'invalid', name: null, requestIdentifier: null })
	})

	it("a member state's register down, a server error, an unreadable answer, no answer in time: could not check", async () => {
		expect(await checker().check('ESB12345678', now)).toMatchObject({ status: 'unavailable', error: 'MS_UNAVAILABLE' })
		vies.fail({ status: 500, body: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] } })
		expect(await checker().check('DE123456789', now)).toMatchObject({ status: 'unavailable', error: 'SERVICE_UNAVAILABLE' })
		vies.fail('malformed')
		expect(await checker().check('DE123456789', now)).toMatchObject({ status: 'unavailable' })
		vies.fail('timeout')
		expect(await checker(null, 300).check('DE123456789', now)).toMatchObject({ status: 'unavailable', error: 'TIMEOUT' })
		const closed = createViesChecker({ url: 'http://127.0.0.1:9', requesterVatNumber: null, timeoutMs: 1000, log })
		expect(await closed.check('DE123456789', now)).toMatchObject({ status: 'unavailable', error: 'NETWORK' })
	})

	it('without VIES configured, no number is ever confirmed', async () => {
		expect(await noVatNumberCheck.check('DE123456789', now)).toMatchObject({ status: 'unavailable', error: 'NOT_CONFIGURED' })
		const env = parseEnv({ VAT_NUMBER_CHECK: 'vies', VIES_URL: vies.url })
		expect(createTaxServices(env, null as never, log).vatNumbers.name).toBe('vies')
		expect(createTaxServices(parseEnv({}), null as never, log).vatNumbers.name).toBe('none')
	})
})

/** ADR 0151: BNR's rates in the shared cache, the last known when the feed is down, RON_PER_EUR only without any. */
describe.each(ENGINES)('BNR rates on %s', (engine) => {
	let database: TestDatabase
	let bnr: FakeBnr
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'bnrrates' })
		bnr = await startFakeBnr()
	})
	afterAll(async () => {
		await bnr?.close()
		await database?.cleanup()
	})
	const source = () => createBnrRateSource({ url: bnr.feedUrl, timeoutMs: 1000 })
	const at = (iso: string) => new Date(iso)

	it('without any BNR rate, a document takes RON_PER_EUR, dated its day of issue', async () => {
		const db = database.handle.db
		expect(await exchangeRateForIssue(db, 4.97, at('2026-11-27T10:00:00Z'))).toEqual({ ronPerEur: 4.97, date: '2026-11-27', source: 'configured' })
	})

	it('stores what the feed publishes, once, and every instance takes the rate published before the day of issue', async () => {
		const db = database.handle.db
		bnr.publish([
			{ date: '2026-11-25', eur: 4.9748 },
			{ date: '2026-11-26', eur: 4.9755 },
		])
		expect(await refreshExchangeRates({ db, source: source(), log })).toEqual({ stored: 2 })
		// BNR publishes the 27th's rate at 13:00; asked again, the feed's older days are already there.
		bnr.publish([
			{ date: '2026-11-26', eur: 4.9755 },
			{ date: '2026-11-27', eur: 4.9761 },
		])
		expect(await refreshExchangeRates({ db, source: source(), log })).toEqual({ stored: 1 })
		const stored = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR')).orderBy(exchangeRates.rateDate)
		expect(stored.map((r) => [r.rateDate, r.ronPerUnit])).toEqual([
			['2026-11-25', 4.9748],
			['2026-11-26', 4.9755],
			['2026-11-27', 4.9761],
		])
		const instances = engine === 'postgres' ? [db, (await database.openAnother()).db] : [db]
		for (const instance of instances) {
			// 27 November, before and after BNR's 13:00: the 26th's rate, all day long.
			expect(await exchangeRateForIssue(instance, 4.97, at('2026-11-27T07:00:00Z'))).toEqual({ ronPerEur: 4.9755, date: '2026-11-26', source: 'bnr' })
			expect(await exchangeRateForIssue(instance, 4.97, at('2026-11-27T21:30:00Z'))).toEqual({ ronPerEur: 4.9755, date: '2026-11-26', source: 'bnr' })
			// 23:30 on the 27th in UTC is already the 28th in Bucharest.
			expect(await exchangeRateForIssue(instance, 4.97, at('2026-11-27T22:30:00Z'))).toEqual({ ronPerEur: 4.9761, date: '2026-11-27', source: 'bnr' })
		}
	})

	it('a feed that cannot be reached leaves the cache as it was: documents take the last rate known', async () => {
		const db = database.handle.db
		for (const how of ['503', 'reset'] as const) {
			bnr.down(how)
			expect(await refreshExchangeRates({ db, source: source(), log })).toMatchObject({ failed: expect.any(String) })
		}
		bnr.up()
		bnr.publish([])
		expect(await refreshExchangeRates({ db, source: source(), log })).toEqual({ failed: 'the BNR feed holds no rate' })
		// A week on with BNR unreachable: still the last rate it published.
		expect(await exchangeRateForIssue(db, 4.97, at('2026-12-04T10:00:00Z'))).toEqual({ ronPerEur: 4.9761, date: '2026-11-27', source: 'bnr' })
	})

	it('the configured job reads the feed at EXCHANGE_RATES=bnr, and is off by default', async () => {
		const db = database.handle.db
		bnr.publish([{ date: '2026-11-30', eur: 4.977 }])
		const requests = bnr.requests
		const tax = createTaxServices(parseEnv({ EXCHANGE_RATES: 'bnr', BNR_RATES_URL: bnr.feedUrl }), db, log)
		expect(await tax.exchangeRates!.runOnce()).toEqual({ stored: 1 })
		expect(bnr.requests).toBe(requests + 1)
		await tax.exchangeRates!.stop()
		expect(createTaxServices(parseEnv({}), db, log).exchangeRates).toBeNull()
	})
})
