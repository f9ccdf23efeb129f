import { parseBnrRates, type PublishedRate } from '#domain/invoices/exchange-rate.ts'

/** Where reference exchange rates come from (ADR 0151). fetchRates throws when they cannot be had. */
export interface ExchangeRateSource {
	readonly name: 'bnr'
	fetchRates(): Promise<PublishedRate[]>
}

/**
 * BNR's daily XML feed (nbrfxrates.xml; its 10-day file has the same form): a plain GET, parsed by
 * parseBnrRates. Any failure (network, timeout, HTTP status, a page that is not the feed) throws.
 */
export function createBnrRateSource(options: { url: string; timeoutMs: number }): ExchangeRateSource {
	return {
		name: 'bnr',
		async fetchRates() {
			const response = await fetch(options.url, { headers: { Accept: 'application/xml, text/xml' }, signal: AbortSignal.timeout(options.timeoutMs) })
			if (!response.ok) throw new Error(`BNR rates feed answered HTTP ${response.status}`)
			return parseBnrRates(await response.text())
		},
	}
}
