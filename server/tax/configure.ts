import type { Database } from '#db/client.ts'
import { invoicingConfig } from '../invoices/config.ts'
import type { Env } from '../config/env.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { createBnrRateSource } from './bnr.ts'
import { refreshExchangeRates } from './exchange-rates.ts'
import { createViesChecker, noVatNumberCheck, type VatNumberChecker } from './vies.ts'

export type TaxServices = {
	/** VIES, or nothing (VAT_NUMBER_CHECK). */
	vatNumbers: VatNumberChecker
	/** Keeps BNR's rates in the database (EXCHANGE_RATES=bnr); null without it. Not started. */
	exchangeRates: PeriodicJob<unknown> | null
}

/** The outside systems tax decisions use, as configuration chooses them (ADR 0150, 0151). */
export function createTaxServices(env: Env, db: Database, log: Logger): TaxServices {
	const seller = invoicingConfig(env)
	// VIES gives a consultation number only to a requester that names its own VAT number.
	const requesterVatNumber = seller.vat.registered && /^RO\d+$/.test(seller.seller.taxId) ? seller.seller.taxId : null
	const vatNumbers =
		env.VAT_NUMBER_CHECK === 'vies'
			? createViesChecker({ url: env.VIES_URL, requesterVatNumber, timeoutMs: env.VIES_TIMEOUT_MS, log: log.child({ component: 'vies' }) })
			: noVatNumberCheck
	const ratesLog = log.child({ component: 'exchange-rates' })
	const source = env.EXCHANGE_RATES === 'bnr' ? createBnrRateSource({ url: env.BNR_RATES_URL, timeoutMs: 15_000 }) : null
	const exchangeRates = source
		? createPeriodicJob<unknown>({
				name: 'exchange rates',
				round: () => refreshExchangeRates({ db, source, log: ratesLog }),
				onFailure: null,
				intervalMs: env.EXCHANGE_RATES_REFRESH_MINUTES * 60_000,
				log: ratesLog,
			})
		: null
	return { vatNumbers, exchangeRates }
}
