import type { SellerDetails } from '#domain/invoices/invoice.ts'
import type { VatConfig } from '#domain/invoices/vat.ts'
import type { Env } from '../config/env.ts'

/** What issuing an invoice needs from configuration (ADR 0118, 0119). */
export type InvoicingConfig = {
	/** The series, e.g. LC; test-money documents use TEST-LC. */
	series: string
	seller: SellerDetails
	vat: VatConfig
	/** Lei per euro, for the VAT amount in RON that e-Factura asks of a euro invoice. */
	ronPerEur: number
}

/** Stands in for the seller until the owner sets SELLER_*; a live Stripe key refuses to start with it (env.ts). */
export const DEMO_SELLER: SellerDetails = {
	name: 'Lumină & Carton SRL (demo)',
	taxId: 'RO18547290',
	tradeRegister: 'J12/1234/2020',
	address: { street: 'Str. Atelierului 1', city: 'Cluj-Napoca', postalCode: '400001', country: 'RO', countrySubentity: 'RO-CJ' },
	iban: 'RO49AAAA1B31007593840000',
	bank: 'Banca Demo',
	email: 'contact@luminasicarton.ro',
}

export function invoicingConfig(env: Env): InvoicingConfig {
	return {
		series: env.INVOICE_SERIES,
		seller: {
			name: env.SELLER_NAME ?? DEMO_SELLER.name,
			taxId: env.SELLER_TAX_ID ?? DEMO_SELLER.taxId,
			tradeRegister: env.SELLER_TRADE_REGISTER ?? DEMO_SELLER.tradeRegister,
			address: {
				street: env.SELLER_STREET ?? DEMO_SELLER.address.street,
				city: env.SELLER_CITY ?? DEMO_SELLER.address.city,
				postalCode: env.SELLER_POSTAL_CODE ?? DEMO_SELLER.address.postalCode,
				country: 'RO',
				countrySubentity: env.SELLER_COUNTY ?? DEMO_SELLER.address.countrySubentity,
			},
			iban: env.SELLER_IBAN ?? DEMO_SELLER.iban,
			bank: env.SELLER_BANK ?? DEMO_SELLER.bank,
			email: env.SHOP_EMAIL,
		},
		vat: { registered: env.VAT_REGISTERED, ratePercent: env.VAT_RATE, oss: env.VAT_OSS, overrides: env.VAT_RATES, homeCountry: 'RO' },
		ronPerEur: env.RON_PER_EUR,
	}
}
