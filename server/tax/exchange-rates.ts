import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { exchangeRates } from '#db/schema/index.ts'
import { rateForIssueDay, type PublishedRate } from '#domain/invoices/exchange-rate.ts'
import { romanianDay } from '#domain/invoices/invoice.ts'
import type { ExchangeRate } from '#domain/invoices/tax-treatment.ts'
import type { Logger } from '../logger.ts'
import type { ExchangeRateSource } from './bnr.ts'

/**
 * The lei per euro a document issued at `at` converts its VAT at (ADR 0151): the newest BNR rate
 * published before its day, from the shared cache; the configured RON_PER_EUR only when no BNR
 * rate was ever stored. A read inside the issuing transaction: no network call holds it up.
 */
export async function exchangeRateForIssue(db: DbExecutor, fallbackRonPerEur: number, at: Date): Promise<ExchangeRate> {
	const day = romanianDay(at)
	const [newest] = await db
		.select({ date: exchangeRates.rateDate, ronPerUnit: exchangeRates.ronPerUnit })
		.from(exchangeRates)
		.where(and(eq(exchangeRates.currency, 'EUR'), lt(exchangeRates.rateDate, day)))
		.orderBy(desc(exchangeRates.rateDate))
		.limit(1)
	return rateForIssueDay(newest ? [newest] : [], day) ?? { ronPerEur: fallbackRonPerEur, date: day, source: 'configured' }
}

/** Keeps published rates; a rate already stored for its day stays as it was (BNR never revises one). */
export async function storeRates(db: DbExecutor, rates: readonly PublishedRate[]): Promise<number> {
	if (rates.length === 0) return 0
	const inserted = await db
		.insert(exchangeRates)
		.values(rates.map((rate) => ({ currency: rate.currency, rateDate: rate.date, ronPerUnit: rate.ronPerUnit })))
		.onConflictDoNothing()
		.returning({ currency: exchangeRates.currency })
	return inserted.length
}

/** The date of the newest EUR rate stored, or null. */
export async function newestStoredRateDate(db: DbExecutor): Promise<string | null> {
	const [row] = await db
		.select({ date: sql<string | null>`max(${exchangeRates.rateDate})::text` })
		.from(exchangeRates)
		.where(eq(exchangeRates.currency, 'EUR'))
	return row?.date ?? null
}

/**
 * One refresh of the shared cache from the source: every rate it publishes is kept. A failure
 * leaves the cache as it was (documents then take the last rate known) and is logged.
 */
export async function refreshExchangeRates(deps: {
	db: DbExecutor
	source: ExchangeRateSource
	log: Logger
}): Promise<{ stored: number } | { failed: string }> {
	try {
		const rates = await deps.source.fetchRates()
		const stored = await storeRates(
			deps.db,
			rates.filter((rate) => rate.currency === 'EUR'),
		)
		if (stored > 0) deps.log.info({ stored, newest: await newestStoredRateDate(deps.db) }, 'BNR exchange rates stored')
		return { stored }
	} catch (error) {
		const message = (error as Error).message
		deps.log.warn({ err: message, newest: await newestStoredRateDate(deps.db) }, 'BNR exchange rates could not be fetched: documents take the last rate known')
		return { failed: message }
	}
}
