import { describe, expect, it } from 'vitest'
import type { BuyerDetails } from '../invoices/invoice.ts'
import { canRetry, eFacturaDeadline, isPastEFacturaWarning, nextPollDelayMs, retryDelayMs, uploadTarget } from './submission.ts'

const consumer: BuyerDetails = {
	name: 'Ana Pop',
	company: null,
	vatNumber: null,
	email: 'ana@example.com',
	address: { street: 'Str. Lungă 1', city: 'Cluj-Napoca', postalCode: '400001', country: 'RO' },
}

describe('e-Factura submissions', () => {
	it('addresses consumers to uploadb2c, companies to upload, credit notes as CN, buyers abroad as extern', () => {
		expect(uploadTarget({ kind: 'invoice', buyer: consumer, seller: { taxId: 'RO18547290' } })).toEqual({
			endpoint: 'uploadb2c',
			standard: 'UBL',
			cif: '18547290',
			extern: false,
		})
		const company = { ...consumer, company: 'Taller Luz SL', vatNumber: 'ESB12345678', address: { ...consumer.address, country: 'ES' } }
		expect(uploadTarget({ kind: 'credit_note', buyer: company, seller: { taxId: '18547290' } })).toEqual({
			endpoint: 'upload',
			standard: 'CN',
			cif: '18547290',
			extern: true,
		})
	})

	it('polls soon, then more slowly, within ANAF’s daily limit per upload', () => {
		expect(nextPollDelayMs(0)).toBe(60_000)
		expect(nextPollDelayMs(10)).toBe(2 * 3_600_000)
		let elapsed = 0
		let polls = 0
		while (elapsed < 86_400_000) elapsed += nextPollDelayMs(polls++)
		expect(polls).toBeLessThanOrEqual(25)
	})

	it('retries a failed attempt with backoff, at most hourly', () => {
		expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000])
		expect(retryDelayMs(30)).toBe(3_600_000)
	})

	it('warns after 4 Romanian working days and names the legal deadline', () => {
		// Issued Thursday 26 Nov 2026, 10:00 in Romania; 30 Nov and 1 Dec are holidays.
		const issued = new Date('2026-11-26T08:00:00Z')
		expect(isPastEFacturaWarning(issued, new Date('2026-12-03T20:00:00Z'))).toBe(false)
		expect(isPastEFacturaWarning(issued, new Date('2026-12-04T07:00:00Z'))).toBe(true)
		expect(eFacturaDeadline(issued)).toBe('2026-12-07')
	})

	it('lets an admin retry only what is neither accepted nor under way', () => {
		expect(canRetry('rejected')).toBe(true)
		expect(canRetry('waiting')).toBe(true)
		expect(canRetry(null)).toBe(true)
		expect(canRetry('accepted')).toBe(false)
		expect(canRetry('uploading')).toBe(false)
		expect(canRetry('uploaded')).toBe(false)
	})
})
