import { describe, expect, it } from 'vitest'
import { flatShipping } from './shipping.ts'
import { checkoutPreview, type TaxPreview } from './checkout-preview.ts'
import { vatContained } from './invoices/vat.ts'

const shipping = flatShipping({ ratesCents: { ro: 1500, es: 900, eu: 1200, world: 2500 }, freeFromCents: null, countries: ['RO', 'ES', 'DE', 'US'] })
const taxes: Record<string, TaxPreview> = {
	RO: { treatment: 'domestic', ratePercent: 21, removedVatPercent: null },
	ES: { treatment: 'domestic', ratePercent: 21, removedVatPercent: null },
	DE: { treatment: 'domestic', ratePercent: 21, removedVatPercent: null },
	US: { treatment: 'export', ratePercent: 0, removedVatPercent: 21 },
}
const base = { lines: [{ unitCents: 2990, quantity: 2 }], shipping, taxes, vatNumber: '', homeVatPercent: 21 }

describe('checkoutPreview', () => {
	it('charges the prices and the destination’s shipping as shown, with the VAT they contain', () => {
		const preview = checkoutPreview({ ...base, country: 'ES' })
		expect(preview).toMatchObject({ subtotalCents: 5980, shippingCents: 900, totalCents: 6880, vatRate: 21, intraCommunity: null })
		expect(preview.vat.vatCents).toBe(2 * vatContained(2990, 21) + vatContained(900, 21))
	})

	it('takes the VAT off every price of an export, shipping included', () => {
		const preview = checkoutPreview({ ...base, country: 'US' })
		expect(preview.totalCents).toBe(2 * (2990 - vatContained(2990, 21)) + 2500 - vatContained(2500, 21))
	})

	it('previews an intra-community supply for another member state’s VAT number going there, and not for a Romanian one', () => {
		const preview = checkoutPreview({ ...base, country: 'DE', vatNumber: 'de 123.456.789' })
		expect(preview.intraCommunity).toEqual({ vatNumber: 'DE123456789', totalCents: 2 * (2990 - vatContained(2990, 21)) + 1200 - vatContained(1200, 21) })
		expect(checkoutPreview({ ...base, country: 'DE', vatNumber: 'RO18547290' }).intraCommunity).toBeNull()
		expect(checkoutPreview({ ...base, country: 'RO', vatNumber: 'DE123456789' }).intraCommunity).toBeNull()
		expect(checkoutPreview({ ...base, country: 'US', vatNumber: 'DE123456789' }).intraCommunity).toBeNull()
	})
})
