import type { CheckoutForm } from '#domain/forms/checkout.ts'
import { buyerIdentifiers } from '#domain/invoices/tax-ids.ts'
import { decideTax, needsViesCheck, type TaxDecision } from '#domain/invoices/tax-treatment.ts'
import type { VatConfig } from '#domain/invoices/vat.ts'
import type { VatNumberChecker } from './vies.ts'

export type CheckoutTaxOutcome = { ok: true; tax: TaxDecision } | { ok: false; reason: 'vatNumberRefused'; vatNumber: string }

/**
 * Decides a checkout's tax before the order is placed (ADR 0150): VIES is asked about the buyer's
 * VAT number only when it decides the sale (needsViesCheck); a number VIES calls invalid refuses the checkout.
 */
export async function decideCheckoutTax(
	deps: { vat: VatConfig; vatNumbers: VatNumberChecker },
	customer: CheckoutForm,
	now = new Date(),
): Promise<CheckoutTaxOutcome> {
	const { vatNumber } = buyerIdentifiers(customer)
	const buyer = { country: customer.country, vatNumber }
	const vies = needsViesCheck(deps.vat, buyer) ? await deps.vatNumbers.check(vatNumber!, now) : null
	const outcome = decideTax(deps.vat, { ...buyer, vies })
	if (!outcome.ok) return { ok: false, reason: outcome.reason, vatNumber: vatNumber! }
	return { ok: true, tax: outcome.decision }
}

/** A destination's tax for a buyer without a VAT number, as the checkout page previews it. */
export function checkoutTaxPreview(vat: VatConfig, country: string): Pick<TaxDecision, 'treatment' | 'ratePercent' | 'removedVatPercent'> {
	const outcome = decideTax(vat, { country, vatNumber: null, vies: null })
	if (!outcome.ok) throw new Error('a buyer without a VAT number is never refused')
	const { treatment, ratePercent, removedVatPercent } = outcome.decision
	return { treatment, ratePercent, removedVatPercent }
}
