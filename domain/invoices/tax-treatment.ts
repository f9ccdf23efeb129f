import { countryName, isEuCountry } from '../shipping.ts'
import { vatNumberCountry } from './tax-ids.ts'
import invoiceRo from '../i18n/resources/invoice/ro.ts'
import { formatRate, vatRateFor, type VatConfig } from './vat.ts'

/**
 * How a sale is taxed (ADR 0150): decided once, from the seller, the buyer and where the goods go,
 * when the order is placed; kept with the order and copied onto its invoice and credit notes, so
 * the document, the price paid and the VAT return it belongs to always agree.
 *
 * - domestic: Romanian VAT at the shop's rate. Sales in Romania (consumers, companies paying VAT or
 *   not), and to EU consumers elsewhere while the shop is not in the one-stop shop. Romanian return (D300).
 * - oss: an EU consumer in another member state with the one-stop shop on: that state's rate,
 *   declared on the OSS return per country.
 * - intra_community: a business whose VAT number of another member state VIES confirmed, goods
 *   leaving Romania: exempt with the right of deduction (art. 294 (2)(a)), category K, 0 %; D300 and the D390 recapitulative.
 * - export: goods shipped outside the EU: exempt (art. 294 (1)(a)), category G, 0 %; D300.
 * - not_registered: the shop is not registered for VAT (art. 310): no VAT, category O; no return.
 */
export const TAX_TREATMENTS = ['domestic', 'oss', 'intra_community', 'export', 'not_registered'] as const
export type TaxTreatment = (typeof TAX_TREATMENTS)[number]

/** EN 16931 VAT category codes (UNCL 5305) the shop uses. */
export type VatCategory = 'S' | 'K' | 'G' | 'O'

/** The return a document's VAT is declared on, as the accountant files it. */
export type VatReturn = 'D300' | 'OSS' | 'D390' | null

export const VAT_RETURN: Readonly<Record<TaxTreatment, VatReturn>> = {
	domestic: 'D300',
	oss: 'OSS',
	intra_community: 'D390',
	export: 'D300',
	not_registered: null,
}

const CATEGORY: Readonly<Record<TaxTreatment, VatCategory>> = {
	domestic: 'S',
	oss: 'S',
	intra_community: 'K',
	export: 'G',
	not_registered: 'O',
}

/** EN 16931 exemption reason codes (VATEX) of the categories that carry one. */
export type ExemptionCode = 'VATEX-EU-IC' | 'VATEX-EU-G' | 'VATEX-EU-O'

/** What VIES answered about a VAT number, kept with the order as evidence. */
export type ViesAnswer = {
	/** The number asked about, with its country prefix (ESB12345678, EL123456789). */
	vatNumber: string
	/** unavailable: VIES or the member state's register did not answer. */
	status: 'valid' | 'invalid' | 'unavailable'
	/** The trader's name when VIES gives it. */
	name: string | null
	/** VIES's date of the check (YYYY-MM-DD). */
	requestDate: string | null
	/** VIES's consultation number, the proof of the check. */
	requestIdentifier: string | null
	/** When the shop asked (ISO 8601). */
	checkedAt: string
	/** VIES's error code when it did not answer (MS_UNAVAILABLE, TIMEOUT …). */
	error?: string
}

/** A sale's treatment as the order keeps it and every document of the order prints it. */
export type TaxDecision = {
	treatment: TaxTreatment
	category: VatCategory
	/** The rate charged in percent: the shop's, the destination's (OSS), or 0 (K, G, O). */
	ratePercent: number
	/** ISO code of the country the goods go to: the OSS country, the export's destination. */
	destinationCountry: string
	/** BT-121 and BT-120 of an exempt or not-taxed sale; null when VAT is charged. */
	exemption: { code: ExemptionCode; reason: string } | null
	/** The legal mention the document carries, in Romanian; null for a domestic sale. */
	mention: string | null
	/**
	 * The VIES answer behind the decision when the buyer gave a VAT number of another member state:
	 * valid (an intra-community supply), or unavailable (VAT charged as to anyone without one).
	 */
	vies: ViesAnswer | null
	/**
	 * Prices include Romanian VAT; a sale that bears none (intra-community, export) is charged the
	 * price without it, as the shop computes it per unit (chargedUnitCents in vat.ts). Null: prices charged as shown.
	 */
	removedVatPercent: number | null
}

/** The lei per euro a document's VAT in lei is converted at (art. 319 (23), art. 290). */
export type ExchangeRate = {
	ronPerEur: number
	/** The date BNR published the rate for (YYYY-MM-DD), or the date of issue for the configured one. */
	date: string
	/** bnr: the reference rate of the National Bank of Romania; configured: RON_PER_EUR, when no BNR rate was ever fetched. */
	source: 'bnr' | 'configured'
}

/** What an issued document keeps of its tax: the decision plus the exchange rate of its VAT in lei. */
export type DocumentTax = TaxDecision & { exchangeRate: ExchangeRate }

export type TaxBuyer = {
	/** ISO code of the shipping country. */
	country: string
	/** An EU VAT number the buyer gave, normalised (with its prefix), or null. */
	vatNumber: string | null
	/** VIES's answer about vatNumber, when it was asked (needsViesCheck). */
	vies: ViesAnswer | null
}

/**
 * True when the buyer's VAT number decides the sale: the shop charges VAT, the goods go to another
 * member state and the number is of a member state other than the shop's. Only then is VIES asked.
 */
export function needsViesCheck(config: VatConfig, buyer: Pick<TaxBuyer, 'country' | 'vatNumber'>): boolean {
	if (!config.registered || !buyer.vatNumber) return false
	const destination = buyer.country.toUpperCase()
	return isEuCountry(destination) && destination !== config.homeCountry && vatNumberCountry(buyer.vatNumber) !== config.homeCountry
}

/** The legal mentions, in the Romanian the law wants (the invoice texts' own; the PDF adds the buyer's language beside them). */
const ROMANIAN = invoiceRo.invoice.mention
export const MENTIONS = {
	intraCommunity: ROMANIAN.intra_community,
	export: ROMANIAN.export,
	notRegistered: ROMANIAN.not_registered,
	oss: (country: string, ratePercent: number) =>
		ROMANIAN.oss.replace('{{rate}}', formatRate(ratePercent, 'ro')).replace('{{country}}', `${countryName(country, 'ro')} (${country})`),
} as const

function decision(treatment: TaxTreatment, country: string, ratePercent: number, extra: Partial<TaxDecision> = {}): TaxDecision {
	return {
		treatment,
		category: CATEGORY[treatment],
		ratePercent,
		destinationCountry: country,
		exemption: null,
		mention: null,
		vies: null,
		removedVatPercent: null,
		...extra,
	}
}

export type TaxOutcome = { ok: true; decision: TaxDecision } | { ok: false; reason: 'vatNumberRefused' }

/**
 * The treatment of a sale (ADR 0150). A VAT number VIES calls invalid refuses the sale (the buyer
 * corrects it or leaves it out); one VIES could not check is kept as evidence and the sale is taxed
 * as for a buyer without one.
 */
export function decideTax(config: VatConfig, buyer: TaxBuyer): TaxOutcome {
	const country = buyer.country.toUpperCase()
	if (!config.registered) {
		return {
			ok: true,
			decision: decision('not_registered', country, 0, { exemption: { code: 'VATEX-EU-O', reason: MENTIONS.notRegistered }, mention: MENTIONS.notRegistered }),
		}
	}
	const removedVatPercent = config.ratePercent
	if (!isEuCountry(country)) {
		return {
			ok: true,
			decision: decision('export', country, 0, { exemption: { code: 'VATEX-EU-G', reason: MENTIONS.export }, mention: MENTIONS.export, removedVatPercent }),
		}
	}
	if (needsViesCheck(config, buyer)) {
		const vies = buyer.vies
		if (vies?.status === 'invalid') return { ok: false, reason: 'vatNumberRefused' }
		if (vies?.status === 'valid') {
			return {
				ok: true,
				decision: decision('intra_community', country, 0, {
					exemption: { code: 'VATEX-EU-IC', reason: MENTIONS.intraCommunity },
					mention: MENTIONS.intraCommunity,
					vies,
					removedVatPercent,
				}),
			}
		}
		// Not confirmed: taxed as for a buyer without a number, the answer kept to show why.
		return { ok: true, decision: { ...consumerDecision(config, country), vies } }
	}
	return { ok: true, decision: consumerDecision(config, country) }
}

/** A sale in Romania, or to someone in another member state without a confirmed VAT number. */
function consumerDecision(config: VatConfig, country: string): TaxDecision {
	const rate = vatRateFor(config, country) ?? 0
	if (config.oss && country !== config.homeCountry) return decision('oss', country, rate, { mention: MENTIONS.oss(country, rate) })
	return decision('domestic', country, rate)
}

/** The rate the VAT split of a document uses: null (no VAT shown at all) for a seller not registered. */
export function breakdownRate(tax: Pick<TaxDecision, 'treatment' | 'ratePercent'>): number | null {
	return tax.treatment === 'not_registered' ? null : tax.ratePercent
}
