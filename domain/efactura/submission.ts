import type { BuyerDetails, InvoiceKind } from '../invoices/invoice.ts'
import { addWorkingDays, workingDaysBetween } from '../calendar/ro-working-days.ts'
import { romanianDay } from '../invoices/invoice.ts'

/**
 * Where an issued document stands with e-Factura (ADR 0160):
 * - waiting: to be uploaded (again, after a failed attempt: last_error says why);
 * - uploading: the upload was recorded as begun; its answer is not known yet (in flight, or the
 *   process died: the job then looks for it in ANAF's message list before uploading again);
 * - uploaded: ANAF gave an upload index; its status is polled;
 * - accepted: ANAF validated it (its signed answer is kept);
 * - rejected: ANAF refused it, with its messages.
 */
export const EFACTURA_STATES = ['waiting', 'uploading', 'uploaded', 'accepted', 'rejected'] as const
export type EFacturaState = (typeof EFACTURA_STATES)[number]
/** What the admin shows: the state, or 'manual' for a live document the shop does not upload (issued before uploads were configured). */
export type EFacturaShownState = EFacturaState | 'manual'

/** How an upload is addressed: the endpoint (consumers go to uploadb2c since 2025), standard UBL or CN, extern=DA for a buyer abroad. */
export type UploadTarget = { endpoint: 'upload' | 'uploadb2c'; standard: 'UBL' | 'CN'; cif: string; extern: boolean }

/** A buyer without a company is a consumer (B2C). */
export function isConsumerBuyer(buyer: Pick<BuyerDetails, 'company' | 'vatNumber'>): boolean {
	return !buyer.company && !buyer.vatNumber
}

export function uploadTarget(document: { kind: InvoiceKind; buyer: BuyerDetails; seller: { taxId: string } }): UploadTarget {
	return {
		endpoint: isConsumerBuyer(document.buyer) ? 'uploadb2c' : 'upload',
		standard: document.kind === 'credit_note' ? 'CN' : 'UBL',
		// ANAF wants the CIF's digits, without RO.
		cif: document.seller.taxId.replace(/^RO/i, '').replace(/\s+/g, ''),
		extern: document.buyer.address.country !== 'RO',
	}
}

const MINUTE = 60_000

/**
 * When to ask ANAF about an upload again, after `polls` questions: soon at first (most answers
 * come within minutes), then more slowly. ANAF allows 100 questions per upload and day; this asks
 * at most about 20 a day.
 */
export function nextPollDelayMs(polls: number): number {
	const steps = [1, 2, 5, 10, 30, 60]
	return (steps[polls] ?? 120) * MINUTE
}

/** A failed attempt (ANAF unreachable, answering 5xx) is retried after 30 s, doubling, at most hourly: the document stays waiting, never lost. */
export function retryDelayMs(attempts: number): number {
	return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * MINUTE)
}

/**
 * An upload whose answer never came (the process died, the connection broke) is looked for in
 * ANAF's message list; it is uploaded again only if it has not shown up there this long after the
 * attempt began. ANAF processes an upload within minutes, hours on its busiest days.
 */
export const UNANSWERED_UPLOAD_SETTLE_MS = 12 * 60 * MINUTE

/** The law gives 5 working days from issue; the dashboard warns after 4, leaving one to act. */
export const EFACTURA_WARN_AFTER_WORKING_DAYS = 4

/** True once `EFACTURA_WARN_AFTER_WORKING_DAYS` working days have passed since the day of issue. */
export function isPastEFacturaWarning(issuedAt: Date, now: Date): boolean {
	return workingDaysBetween(romanianDay(issuedAt), romanianDay(now)) >= EFACTURA_WARN_AFTER_WORKING_DAYS
}

/** The last day to upload a document issued then (5 working days after the day of issue). */
export function eFacturaDeadline(issuedAt: Date): string {
	return addWorkingDays(romanianDay(issuedAt), 5)
}

/** The admin list's views. */
export const EFACTURA_FILTERS = ['all', 'pending', 'accepted', 'rejected', 'late'] as const
export type EFacturaFilter = (typeof EFACTURA_FILTERS)[number]

/** What an admin may do with a document in a state: retry only what is not done nor under way. */
export function canRetry(state: EFacturaState | null): boolean {
	return state === 'rejected' || state === 'waiting' || state === null
}
