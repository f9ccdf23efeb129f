import { z } from 'zod'
import type { ViesAnswer } from '#domain/invoices/tax-treatment.ts'
import type { Logger } from '../logger.ts'

/**
 * Whether an EU VAT number is registered (ADR 0150): asked of VIES, the European Commission's
 * register, when a buyer's number decides that a sale bears no VAT. Never throws: an answer VIES
 * could not give is `unavailable`, and the sale is then taxed as for a buyer without a number.
 */
export interface VatNumberChecker {
	readonly name: 'vies' | 'none'
	/** `vatNumber` with its prefix (DE123456789, EL123456789). */
	check(vatNumber: string, now?: Date): Promise<ViesAnswer>
}

/** No register configured (VAT_NUMBER_CHECK=none): no number is ever confirmed, so VAT is charged. */
export const noVatNumberCheck: VatNumberChecker = {
	name: 'none',
	check: async (vatNumber, now = new Date()) => unavailable(vatNumber, now, 'NOT_CONFIGURED'),
}

function unavailable(vatNumber: string, now: Date, error: string): ViesAnswer {
	return { vatNumber, status: 'unavailable', name: null, requestDate: null, requestIdentifier: null, checkedAt: now.toISOString(), error }
}

/** VIES's REST answer to POST /check-vat-number: the check, or `actionSucceed: false` with its error codes. */
const viesResponse = z.union([
	z.object({
		valid: z.boolean(),
		requestDate: z.string().optional(),
		requestIdentifier: z.string().optional(),
		name: z.string().nullish(),
		traderName: z.string().nullish(),
	}),
	z.object({ actionSucceed: z.literal(false), errorWrappers: z.array(z.object({ error: z.string() })).optional() }),
])

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}

/** What VIES says when the member state withholds a trader's name. */
const WITHHELD = new Set(['', '---'])

/**
 * VIES over its REST interface: `POST {url}/check-vat-number` with `{countryCode, vatNumber}` and,
 * when the shop has a VAT number, `requesterMemberStateCode` and `requesterNumber`, so VIES gives a
 * consultation number (requestIdentifier), the proof of the check a tax inspector asks for.
 */
export function createViesChecker(options: { url: string; requesterVatNumber: string | null; timeoutMs: number; log: Logger }): VatNumberChecker {
	const requester = options.requesterVatNumber
	return {
		name: 'vies',
		async check(vatNumber, now = new Date()) {
			const body = {
				countryCode: vatNumber.slice(0, 2),
				vatNumber: vatNumber.slice(2),
				...(requester ? { requesterMemberStateCode: requester.slice(0, 2), requesterNumber: requester.slice(2) } : {}),
			}
			try {
				const response = await fetch(`${options.url}/check-vat-number`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
					body: JSON.stringify(body),
					signal: AbortSignal.timeout(options.timeoutMs),
				})
				const parsed = viesResponse.safeParse(parseJson(await response.text()))
				if (!parsed.success) {
					options.log.warn({ status: response.status }, 'VIES answered something else than a check')
					return unavailable(vatNumber, now, `HTTP_${response.status}`)
				}
				const answer = parsed.data
				if ('actionSucceed' in answer) {
					const error = answer.errorWrappers?.[0]?.error ?? 'UNKNOWN'
					// INVALID_INPUT: VIES does not take the number as one of the country's at all.
					if (error === 'INVALID_INPUT') return { ...unavailable(vatNumber, now, error), status: 'invalid' }
					options.log.warn({ error }, 'VIES could not check a VAT number')
					return unavailable(vatNumber, now, error)
				}
				const name = answer.name ?? answer.traderName ?? null
				return {
					vatNumber,
					status: answer.valid ? 'valid' : 'invalid',
					name: name === null || WITHHELD.has(name.trim()) ? null : name.trim(),
					requestDate: answer.requestDate?.slice(0, 10) ?? null,
					requestIdentifier: answer.requestIdentifier || null,
					checkedAt: now.toISOString(),
				}
			} catch (error) {
				const timeout = (error as Error).name === 'TimeoutError'
				options.log.warn({ err: (error as Error).message }, 'VIES did not answer')
				return unavailable(vatNumber, now, timeout ? 'TIMEOUT' : 'NETWORK')
			}
		},
	}
}
