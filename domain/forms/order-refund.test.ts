import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { parseSubmission } from './submission.ts'
import { orderRefundSchema } from './order-refund.ts'

const ITEM = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'

describe('the refund form', () => {
	it('reads a full refund, an amount in euro with a comma or a dot, and chosen lines', () => {
		expect(z.parse(orderRefundSchema, { intent: 'refund', mode: 'full', reason: '  Client nemulțumit ' })).toEqual({
			intent: 'refund',
			mode: 'full',
			reason: 'Client nemulțumit',
		})
		expect(z.parse(orderRefundSchema, { intent: 'refund', mode: 'amount', amount: '12,50', reason: 'Colet întârziat' })).toMatchObject({ amountCents: 1250 })
		expect(z.parse(orderRefundSchema, { intent: 'refund', mode: 'amount', amount: '7.5', reason: 'Colet întârziat' })).toMatchObject({ amountCents: 750 })
		for (const [amount, cents] of [
			['1.234,50', 123_450],
			['1 234,50', 123_450],
			['1,234.50', 123_450],
			['10,00', 1000],
		] as const)
			expect(z.parse(orderRefundSchema, { intent: 'refund', mode: 'amount', amount, reason: 'Colet întârziat' })).toMatchObject({ amountCents: cents })
		expect(
			z.parse(orderRefundSchema, {
				intent: 'refund',
				mode: 'lines',
				reason: 'Produs spart',
				lineItem: [ITEM, ITEM.replace('3f', '4f')],
				lineQuantity: ['2', ''],
			}),
		).toEqual({ intent: 'refund', mode: 'lines', reason: 'Produs spart', lines: [{ itemId: ITEM, quantity: 2 }] })
	})

	it('refuses a missing reason, a bad amount and no lines with Romanian messages on their fields', () => {
		const refused = (values: Record<string, unknown>) => {
			const result = parseSubmission(orderRefundSchema, values)
			if (result.ok) throw new Error('accepted')
			return result.errors.fieldErrors
		}
		expect(refused({ intent: 'refund', mode: 'full', reason: ' ' })).toEqual({ reason: 'Scrie motivul rambursării (cel puțin 3 caractere)' })
		for (const amount of ['', '0', '-3'])
			expect(refused({ intent: 'refund', mode: 'amount', amount, reason: 'Motiv bun' })).toEqual({
				amount: 'Scrie suma de rambursat în euro, de exemplu 12,50',
			})
		// What cannot be read without doubt says why, never scaled.
		expect(refused({ intent: 'refund', mode: 'amount', amount: '12,345', reason: 'Motiv bun' })).toEqual({
			amount: '„12,345” se poate citi în două feluri; scrie 12345 sau 12345,00',
		})
		expect(refused({ intent: 'refund', mode: 'amount', amount: '27.5.0', reason: 'Motiv bun' })).toEqual({
			amount: '„27.5.0” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50',
		})
		expect(refused({ intent: 'refund', mode: 'amount', amount: 'abc', reason: 'Motiv bun' })).toEqual({
			amount: '„abc” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50',
		})
		expect(refused({ intent: 'refund', mode: 'amount', amount: '10,505', reason: 'Motiv bun' })).toHaveProperty('amount')
		expect(refused({ intent: 'refund', mode: 'lines', reason: 'Motiv bun', lineItem: ITEM, lineQuantity: '0' })).toEqual({
			lineQuantity: 'Alege cel puțin un produs de rambursat',
		})
		expect(refused({ intent: 'refund', mode: 'lines', reason: 'Motiv bun', lineItem: ITEM, lineQuantity: '1.5' })).toEqual({
			lineQuantity: 'Cantitatea de rambursat trebuie să fie un număr întreg',
		})
		expect(refused({ intent: 'refund', mode: 'everything', reason: 'Motiv bun' })).toHaveProperty('mode')
		// The same line twice (any case) would refund its units twice over: refused, not merged.
		for (const lineItem of [
			[ITEM, ITEM],
			[ITEM, ITEM.toUpperCase()],
		])
			expect(refused({ intent: 'refund', mode: 'lines', reason: 'Motiv bun', lineItem, lineQuantity: ['2', '2'] })).toEqual({
				lineQuantity: 'Fiecare produs poate apărea o singură dată într-o rambursare',
			})
		expect(refused({ intent: 'refund', mode: 'full', reason: 'x'.repeat(501) })).toEqual({ reason: 'Motivul poate avea cel mult 500 de caractere' })
	})
})
