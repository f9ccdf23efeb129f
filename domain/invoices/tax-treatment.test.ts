import { describe, expect, it } from 'vitest'
import { breakdownRate, decideTax, needsViesCheck, VAT_RETURN, type TaxBuyer, type TaxDecision, type ViesAnswer } from './tax-treatment.ts'
import { chargedUnitCents, DEFAULT_VAT, type VatConfig } from './vat.ts'

const shop: VatConfig = DEFAULT_VAT
const oss: VatConfig = { ...DEFAULT_VAT, oss: true }
const notRegistered: VatConfig = { ...DEFAULT_VAT, registered: false }

const answer = (status: ViesAnswer['status'], vatNumber = 'DE123456789'): ViesAnswer => ({
	vatNumber,
	status,
	name: status === 'valid' ? 'Kerzen Werk GmbH' : null,
	requestDate: '2026-11-28',
	requestIdentifier: status === 'valid' ? 'WAPIAAAAZ1a2b3c4' : null,
	checkedAt: '2026-11-28T09:00:00.000Z',
})

function decided(config: VatConfig, buyer: Partial<TaxBuyer>): TaxDecision {
	const outcome = decideTax(config, { country: 'RO', vatNumber: null, vies: null, ...buyer })
	if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`)
	return outcome.decision
}

describe('tax treatment of a sale (ADR 0150)', () => {
	it('a sale in Romania: Romanian VAT, standard category, no mention, the Romanian return', () => {
		for (const buyer of [{}, { vatNumber: 'RO18547290' }, { vatNumber: null }]) {
			const tax = decided(oss, buyer)
			expect(tax).toMatchObject({ treatment: 'domestic', category: 'S', ratePercent: 21, destinationCountry: 'RO', exemption: null, mention: null })
			expect(tax.removedVatPercent).toBeNull()
		}
		expect(VAT_RETURN.domestic).toBe('D300')
	})

	it('an EU consumer with the one-stop shop off pays Romanian VAT', () => {
		expect(decided(shop, { country: 'ES' })).toMatchObject({ treatment: 'domestic', ratePercent: 21, destinationCountry: 'ES', mention: null })
	})

	it("an EU consumer with the one-stop shop on pays the destination's rate, and the document says OSS", () => {
		const tax = decided(oss, { country: 'DE' })
		expect(tax).toMatchObject({ treatment: 'oss', category: 'S', ratePercent: 19, destinationCountry: 'DE' })
		expect(tax.mention).toContain('OSS')
		expect(tax.mention).toContain('Germania')
		expect(decided({ ...oss, overrides: { FI: 25.5 } }, { country: 'FI' }).ratePercent).toBe(25.5)
		expect(VAT_RETURN.oss).toBe('OSS')
	})

	it('an EU business VIES confirms: intra-community supply, K at 0 %, the exemption, VAT taken out of the price, the answer kept', () => {
		for (const config of [shop, oss]) {
			const tax = decided(config, { country: 'DE', vatNumber: 'DE123456789', vies: answer('valid') })
			expect(tax).toMatchObject({
				treatment: 'intra_community',
				category: 'K',
				ratePercent: 0,
				exemption: { code: 'VATEX-EU-IC' },
				removedVatPercent: 21,
				vies: { status: 'valid', requestIdentifier: 'WAPIAAAAZ1a2b3c4' },
			})
			expect(tax.mention).toContain('art. 294 alin. (2) lit. a)')
		}
		// Its number may be of another member state than the one the goods go to.
		expect(decided(shop, { country: 'AT', vatNumber: 'DE123456789', vies: answer('valid') }).treatment).toBe('intra_community')
		expect(VAT_RETURN.intra_community).toBe('D390')
	})

	it('a VAT number VIES calls invalid refuses the sale', () => {
		expect(decideTax(oss, { country: 'DE', vatNumber: 'DE123456789', vies: answer('invalid') })).toEqual({ ok: false, reason: 'vatNumberRefused' })
	})

	it('a VAT number VIES could not check: taxed as without one, with the answer kept to show why', () => {
		const unchecked = decided(oss, { country: 'DE', vatNumber: 'DE123456789', vies: answer('unavailable') })
		expect(unchecked).toMatchObject({ treatment: 'oss', ratePercent: 19, vies: { status: 'unavailable' } })
		expect(decided(shop, { country: 'DE', vatNumber: 'DE123456789', vies: null })).toMatchObject({ treatment: 'domestic', ratePercent: 21 })
	})

	it('VIES decides only a number of another member state for goods leaving Romania, from a shop that charges VAT', () => {
		expect(needsViesCheck(shop, { country: 'DE', vatNumber: 'DE123456789' })).toBe(true)
		expect(needsViesCheck(shop, { country: 'RO', vatNumber: 'DE123456789' })).toBe(false)
		expect(needsViesCheck(shop, { country: 'DE', vatNumber: 'RO18547290' })).toBe(false)
		expect(needsViesCheck(shop, { country: 'US', vatNumber: 'DE123456789' })).toBe(false)
		expect(needsViesCheck(shop, { country: 'DE', vatNumber: null })).toBe(false)
		expect(needsViesCheck(notRegistered, { country: 'DE', vatNumber: 'DE123456789' })).toBe(false)
		// Goods staying in Romania bear Romanian VAT whoever buys them.
		expect(decided(shop, { country: 'RO', vatNumber: 'DE123456789', vies: answer('valid') }).treatment).toBe('domestic')
	})

	it('a Romanian company not registered for VAT pays Romanian VAT', () => {
		expect(decided(oss, { country: 'RO', vatNumber: null })).toMatchObject({ treatment: 'domestic', ratePercent: 21 })
	})

	it('outside the EU: an export, G at 0 %, the exemption, VAT taken out of the price', () => {
		for (const buyer of [{ country: 'US' }, { country: 'GB', vatNumber: 'DE123456789' }, { country: 'MD' }]) {
			const tax = decided(oss, buyer)
			expect(tax).toMatchObject({ treatment: 'export', category: 'G', ratePercent: 0, exemption: { code: 'VATEX-EU-G' }, removedVatPercent: 21 })
			expect(tax.mention).toContain('art. 294 alin. (1) lit. a)')
		}
		expect(VAT_RETURN.export).toBe('D300')
	})

	it('a seller not registered for VAT: category O and the art. 310 mention for every buyer, prices as shown', () => {
		for (const buyer of [{}, { country: 'ES' }, { country: 'DE', vatNumber: 'DE123456789', vies: answer('valid') }, { country: 'US' }]) {
			const tax = decided({ ...notRegistered, oss: true }, buyer)
			expect(tax).toMatchObject({ treatment: 'not_registered', category: 'O', ratePercent: 0, exemption: { code: 'VATEX-EU-O' }, removedVatPercent: null })
			expect(tax.mention).toMatch(/^Scutit de TVA conform art\. 310 Cod fiscal/)
			expect(breakdownRate(tax)).toBeNull()
		}
		expect(VAT_RETURN.not_registered).toBeNull()
	})

	it('the rate documents split VAT at, and what a unit is charged', () => {
		expect(breakdownRate(decided(shop, {}))).toBe(21)
		expect(breakdownRate(decided(shop, { country: 'US' }))).toBe(0)
		// 29.90 € contains 5.19 € of VAT at 21 %: an export pays 24.71 €; a domestic sale the price shown.
		expect(chargedUnitCents(2990, decided(shop, { country: 'US' }))).toBe(2471)
		expect(chargedUnitCents(2990, decided(shop, {}))).toBe(2990)
		expect(chargedUnitCents(0, decided(shop, { country: 'US' }))).toBe(0)
	})
})
