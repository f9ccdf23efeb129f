import { describe, expect, it } from 'vitest'
import { leiCents, parseBnrRates, rateForIssueDay } from './exchange-rate.ts'

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.bnr.ro/xsd nbrfxrates.xsd">
	<Header><Publisher>National Bank of Romania</Publisher><PublishingDate>2026-11-27</PublishingDate><MessageType>DR</MessageType></Header>
	<Body>
		<Subject>Reference rates</Subject>
		<OrigCurrency>RON</OrigCurrency>
		<Cube date="2026-11-27">
			<Rate currency="EUR">4.9761</Rate>
			<Rate currency="HUF" multiplier="100">1.2882</Rate>
			<Rate currency="XDR"></Rate>
		</Cube>
		<Cube date="2026-11-26">
			<Rate currency="EUR">4.9748</Rate>
		</Cube>
	</Body>
</DataSet>`

describe("BNR's rates feed", () => {
	it('gives every dated rate, per unit (HUF is quoted per 100), skipping empty ones', () => {
		expect(parseBnrRates(FEED)).toEqual([
			{ currency: 'EUR', date: '2026-11-27', ronPerUnit: 4.9761 },
			{ currency: 'HUF', date: '2026-11-27', ronPerUnit: 0.012882 },
			{ currency: 'EUR', date: '2026-11-26', ronPerUnit: 4.9748 },
		])
	})
	it('refuses what is not the feed', () => {
		expect(() => parseBnrRates('<html>maintenance</html>')).toThrow('not a BNR rates feed')
		expect(() => parseBnrRates('<DataSet xmlns="http://www.bnr.ro/xsd"><Body></Body></DataSet>')).toThrow('no rate')
	})
})

describe('the rate a document takes', () => {
	const known = [
		{ date: '2026-11-26', ronPerUnit: 4.9748 },
		{ date: '2026-11-27', ronPerUnit: 4.9761 },
		{ date: '2026-11-20', ronPerUnit: 4.97 },
	]
	it('is the newest published for a day before the day of issue', () => {
		expect(rateForIssueDay(known, '2026-11-28')).toEqual({ ronPerEur: 4.9761, date: '2026-11-27', source: 'bnr' })
		// Issued on the 27th (even after 13:00, when that day's rate is out): the 26th's.
		expect(rateForIssueDay(known, '2026-11-27')).toEqual({ ronPerEur: 4.9748, date: '2026-11-26', source: 'bnr' })
		// A weekend or a feed that could not be reached: the last known.
		expect(rateForIssueDay(known, '2026-12-02')?.date).toBe('2026-11-27')
		expect(rateForIssueDay(known, '2026-11-20')).toBeNull()
		expect(rateForIssueDay([], '2026-11-28')).toBeNull()
	})
	it('converts cents to bani, rounding half away from zero', () => {
		expect(leiCents(2670, { ronPerEur: 4.9761 })).toBe(13286)
		expect(leiCents(-2670, { ronPerEur: 4.9761 })).toBe(-13286)
		expect(leiCents(0, { ronPerEur: 4.9761 })).toBe(0)
		// 0.10 € × 4.5 = 0.45 lei exactly, whatever the float product says.
		expect(leiCents(10, { ronPerEur: 4.5 })).toBe(45)
		expect(leiCents(1, { ronPerEur: 4.5 })).toBe(5)
	})
})
