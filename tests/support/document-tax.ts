import { decideTax, type DocumentTax, type ExchangeRate, type TaxBuyer } from '#domain/invoices/tax-treatment.ts'
import { DEFAULT_VAT, type VatConfig } from '#domain/invoices/vat.ts'

/** A BNR rate as a document issued on 2026-11-25 would take it (the one published the day before). */
export const TEST_EXCHANGE_RATE: ExchangeRate = { ronPerEur: 4.9748, date: '2026-11-24', source: 'bnr' }

/** The tax a document of these unit tests carries: the domain's decision for the buyer, and a BNR rate. */
export function documentTax(buyer: Partial<TaxBuyer> = {}, vat: VatConfig = DEFAULT_VAT, exchangeRate = TEST_EXCHANGE_RATE): DocumentTax {
	const outcome = decideTax(vat, { country: 'RO', vatNumber: null, vies: null, ...buyer })
	if (!outcome.ok) throw new Error('the test buyer was refused')
	return { ...outcome.decision, exchangeRate }
}
