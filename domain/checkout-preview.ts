import type { TaxDecision } from './invoices/tax-treatment.ts'
import { vatNumberCountry } from './invoices/tax-ids.ts'
import { chargedUnitCents, discountedVat, vatBreakdown, type VatBreakdown } from './invoices/vat.ts'
import { discountAmount, NO_DISCOUNT, type DiscountAmount, type DiscountTerms } from './discounts.ts'
import { isEuCountry, shippingCents, type ShippingConfig } from './shipping.ts'

/** A destination's tax for a buyer without a VAT number, as the server decides it. */
export type TaxPreview = Pick<TaxDecision, 'treatment' | 'ratePercent' | 'removedVatPercent'>

export type CheckoutPreview = {
	subtotalCents: number
	shippingCents: number
	/** No rate of the destination's zone applies to this cart: the server will refuse it. */
	shippingUnavailable: boolean
	/** What the applied code takes off (ADR 0255), on the prices charged; none without a code. */
	discount: DiscountAmount & { code: string | null }
	tax: TaxPreview
	/** What is charged, as the server will charge it. */
	totalCents: number
	/** The rate of the VAT the total contains; null when the seller charges none. */
	vatRate: number | null
	vat: VatBreakdown
	/** The typed VAT number, normalised, when it would make the sale intra-community if VIES confirms it. */
	intraCommunity: { vatNumber: string; totalCents: number } | null
}

const NO_TAX: TaxPreview = { treatment: 'domestic', ratePercent: 0, removedVatPercent: null }

/**
 * What the checkout page shows before the order: the cart's prices (integer cents) and shipping, less
 * the VAT a sale bearing none does not pay (ADR 0150), and the VAT the total contains, split as the
 * invoice will split it. The server prices the order itself from the database; this only previews it.
 */
export function checkoutPreview(input: {
	lines: readonly { unitCents: number; quantity: number }[]
	shipping: Pick<ShippingConfig, 'zones'>
	country: string
	/** The cart's weight in grams (what the products' weights add up to). */
	weightGrams?: number
	taxes: Record<string, TaxPreview>
	vatNumber: string
	/** The shop's own VAT rate, taken off a sale to a business VIES confirms; null when not registered. */
	homeVatPercent: number | null
	/** A code the server accepted for this cart, and which of the lines (by position) it applies to. */
	discount?: { terms: DiscountTerms; eligible: readonly boolean[] } | null
}): CheckoutPreview {
	const { lines, country } = input
	const subtotalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
	const quoted = shippingCents(input.shipping, country, { subtotalCents, weightGrams: input.weightGrams ?? 0 })
	const shipping = quoted ?? 0
	// The code as the server applies it: on the prices charged, once the cart reaches its minimum.
	const applies = input.discount && (input.discount.terms.minSubtotalCents === null || subtotalCents >= input.discount.terms.minSubtotalCents)
	const offWithout = (removedVatPercent: number | null): DiscountAmount =>
		applies
			? discountAmount(
					input.discount!.terms,
					lines.map((line, i) => ({
						lineCents: chargedUnitCents(line.unitCents, { removedVatPercent }) * line.quantity,
						eligible: input.discount!.eligible[i] ?? false,
					})),
					chargedUnitCents(shipping, { removedVatPercent }),
				)
			: NO_DISCOUNT
	const chargedWithout = (removedVatPercent: number | null) => {
		const off = offWithout(removedVatPercent)
		return (
			lines.reduce((sum, line) => sum + chargedUnitCents(line.unitCents, { removedVatPercent }) * line.quantity, 0) +
			chargedUnitCents(shipping, { removedVatPercent }) -
			off.goodsCents -
			off.shippingCents
		)
	}
	const tax = input.taxes[country] ?? NO_TAX
	const vatRate = tax.treatment === 'not_registered' ? null : tax.ratePercent
	const off = offWithout(tax.removedVatPercent)
	const before = vatBreakdown(
		[...lines.map((line) => ({ unitGrossCents: line.unitCents, quantity: line.quantity })), { unitGrossCents: shipping, quantity: 1 }],
		vatRate,
	)
	// VAT on the discounted amount, as the invoice's allowance takes it.
	const after = discountedVat(before, off.goodsCents + off.shippingCents, vatRate)
	const vat: VatBreakdown = { ...before, netCents: after.netCents, vatCents: after.vatCents, grossCents: after.grossCents }
	// A VAT number of another member state for goods going there: VIES decides at the order.
	const vatNumber = input.vatNumber.replace(/[\s.\-/]/g, '').toUpperCase()
	const intraCommunity =
		(tax.treatment === 'domestic' || tax.treatment === 'oss') &&
		country !== 'RO' &&
		/^[A-Z]{2}[0-9A-Z+*]{2,}$/.test(vatNumber) &&
		vatNumber.slice(0, 2) !== 'RO' &&
		isEuCountry(vatNumberCountry(vatNumber))
	return {
		subtotalCents,
		shippingCents: shipping,
		shippingUnavailable: quoted === null,
		discount: { ...off, code: applies ? input.discount!.terms.code : null },
		tax,
		totalCents: chargedWithout(tax.removedVatPercent),
		vatRate,
		vat,
		intraCommunity: intraCommunity ? { vatNumber, totalCents: chargedWithout(input.homeVatPercent) } : null,
	}
}
