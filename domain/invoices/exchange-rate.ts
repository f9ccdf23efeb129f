import { formatAmount } from '../money.ts'
import type { ExchangeRate } from './tax-treatment.ts'

/**
 * BNR reference rates (ADR 0151): what the feed says, and which rate a document takes.
 */

/** One published rate: lei per one unit of the currency, for the date BNR published it for. */
export type PublishedRate = { currency: string; date: string; ronPerUnit: number }

/**
 * The rates of BNR's XML feed (nbrfxrates.xml, and the 10-day and yearly files of the same form):
 * `<DataSet xmlns="http://www.bnr.ro/xsd"><Body><Cube date="2026-11-27"><Rate currency="EUR">4.9750</Rate>`
 * …, a `multiplier` attribute for currencies quoted per 100 units. Throws when the text is not that feed.
 */
export function parseBnrRates(xml: string): PublishedRate[] {
	if (!/<DataSet\b[^>]*xmlns="http:\/\/www\.bnr\.ro\/xsd"/.test(xml)) throw new Error('not a BNR rates feed')
	const rates: PublishedRate[] = []
	for (const cube of xml.matchAll(/<Cube\s+date="(\d{4}-\d{2}-\d{2})"\s*>([\s\S]*?)<\/Cube>/g)) {
		const date = cube[1]!
		for (const rate of cube[2]!.matchAll(/<Rate\s+([^>]*)>\s*([\d.]+)\s*<\/Rate>/g)) {
			const currency = /currency="([A-Z]{3})"/.exec(rate[1]!)?.[1]
			const multiplier = Number(/multiplier="(\d+)"/.exec(rate[1]!)?.[1] ?? 1)
			const value = Number(rate[2])
			if (!currency || !(value > 0) || !(multiplier > 0)) continue
			rates.push({ currency, date, ronPerUnit: value / multiplier })
		}
	}
	if (rates.length === 0) throw new Error('the BNR feed holds no rate')
	return rates
}

/**
 * The rate a document issued on `issueDay` (YYYY-MM-DD, Romanian time) converts its VAT at: the
 * newest one BNR published for a day before it. That is the last rate communicated before the
 * day the VAT became due (art. 290 Cod fiscal: the card payment is received and the invoice issued
 * the same day), the same at every hour of the day and on every instance. Null when none is known.
 */
export function rateForIssueDay(known: readonly Pick<PublishedRate, 'date' | 'ronPerUnit'>[], issueDay: string): ExchangeRate | null {
	let best: Pick<PublishedRate, 'date' | 'ronPerUnit'> | null = null
	for (const rate of known) if (rate.date < issueDay && (!best || rate.date > best.date)) best = rate
	return best ? { ronPerEur: best.ronPerUnit, date: best.date, source: 'bnr' } : null
}

/** Lei of an amount in euro cents at a rate, rounded to the ban (half away from zero). */
export function leiCents(euroCents: number, rate: Pick<ExchangeRate, 'ronPerEur'>): number {
	const exact = Math.abs(euroCents) * rate.ronPerEur
	// The rate has at most 4-6 decimals: round what the float product misses before rounding to the ban.
	const rounded = Math.round(Math.round(exact * 1e6) / 1e6)
	return euroCents < 0 ? -rounded : rounded
}

/**
 * A document's VAT in lei as its texts state it (art. 319 (23)): the amount, the rate and the date
 * of the rate, formatted for `locale` (the date as Romanians write it, 27.11.2026, in every language).
 */
export function vatInLeiValues(vatCents: number, rate: ExchangeRate, locale: string): { amount: string; rate: string; date: string } {
	const [year, month, day] = rate.date.split('-')
	const ratio = rate.ronPerEur.toFixed(4)
	return { amount: formatAmount(leiCents(vatCents, rate), locale), rate: locale === 'en' ? ratio : ratio.replace('.', ','), date: `${day}.${month}.${year}` }
}
