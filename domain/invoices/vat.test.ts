import { describe, expect, it } from 'vitest'
import { DEFAULT_VAT, parseVatRates, vatBreakdown, vatContained, vatRateFor } from './vat.ts'

describe('vatContained', () => {
	it('is gross × r / (1 + r), rounded to the cent', () => {
		expect(vatContained(12100, 21)).toBe(2100)
		expect(vatContained(10000, 21)).toBe(1736) // 17.355… → 17.36
		expect(vatContained(2990, 21)).toBe(519) // 5.189…
		expect(vatContained(11900, 19)).toBe(1900)
		expect(vatContained(12550, 25.5)).toBe(2550)
		expect(vatContained(1, 21)).toBe(0)
	})
	it('is nothing without a rate, and negative for negative amounts', () => {
		expect(vatContained(10000, null)).toBe(0)
		expect(vatContained(10000, 0)).toBe(0)
		expect(vatContained(-10000, 21)).toBe(-1736)
	})
})

describe('vatBreakdown', () => {
	it('rounds per unit, so lines and totals add up to the cent', () => {
		const breakdown = vatBreakdown(
			[
				{ unitGrossCents: 2990, quantity: 3 },
				{ unitGrossCents: 499, quantity: 1 },
			],
			21,
		)
		expect(breakdown.lines[0]).toMatchObject({ unitVatCents: 519, unitNetCents: 2471, lineGrossCents: 8970, lineNetCents: 7413, lineVatCents: 1557 })
		expect(breakdown.lines[1]).toMatchObject({ unitVatCents: 87, unitNetCents: 412 })
		expect(breakdown.grossCents).toBe(9469)
		expect(breakdown.vatCents).toBe(1557 + 87)
		expect(breakdown.netCents + breakdown.vatCents).toBe(breakdown.grossCents)
		expect(breakdown.subtotals).toEqual([{ ratePercent: 21, taxableCents: breakdown.netCents, vatCents: breakdown.vatCents, grossCents: 9469 }])
	})
	it('shows no VAT for a shop not registered for it', () => {
		const breakdown = vatBreakdown([{ unitGrossCents: 2990, quantity: 2 }], null)
		expect(breakdown).toMatchObject({ registered: false, grossCents: 5980, netCents: 5980, vatCents: 0 })
	})
})

describe('vatRateFor', () => {
	it("uses the shop's rate at home, abroad without OSS and outside the EU", () => {
		expect(vatRateFor(DEFAULT_VAT, 'RO')).toBe(21)
		expect(vatRateFor(DEFAULT_VAT, 'ES')).toBe(21)
		expect(vatRateFor({ ...DEFAULT_VAT, oss: true }, 'US')).toBe(21)
	})
	it("uses the destination's rate for one-stop-shop sales in the EU, overridable", () => {
		const oss = { ...DEFAULT_VAT, oss: true }
		expect(vatRateFor(oss, 'DE')).toBe(19)
		expect(vatRateFor(oss, 'fi')).toBe(25.5)
		expect(vatRateFor(oss, 'RO')).toBe(21)
		expect(vatRateFor({ ...oss, overrides: { DE: 7 } }, 'DE')).toBe(7)
	})
	it('is null when the shop is not registered for VAT', () => {
		expect(vatRateFor({ ...DEFAULT_VAT, registered: false }, 'RO')).toBeNull()
	})
})

describe('parseVatRates', () => {
	it('reads EU codes and percents', () => {
		expect(parseVatRates('ES:21, de=19,FI:25.5')).toEqual({ ES: 21, DE: 19, FI: 25.5 })
		expect(parseVatRates('')).toEqual({})
	})
	it('says what is wrong', () => {
		expect(parseVatRates('US:10')).toBe('US is not an EU country')
		expect(parseVatRates('ES:75')).toBe('ES: a rate must be between 0 and 50')
		expect(parseVatRates('Spain 21')).toMatch(/must be a list like/)
	})
})
