import { describe, expect, it } from 'vitest'
import { orderCancelSchema } from './order-cancel.ts'

const parse = (form: Record<string, string>) => orderCancelSchema.safeParse({ intent: 'cancel', ...form })
const messages = (form: Record<string, string>) => {
	const result = parse(form)
	return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

/** ADR 0230: cancelling a paid order says what happens to the money. */
describe('the cancel form', () => {
	it('reads a full refund, a part in euro and money kept with its reason', () => {
		expect(parse({ money: 'full' }).data).toEqual({ intent: 'cancel', money: 'full', reason: '' })
		expect(parse({ money: 'amount', amount: '12,50', reason: ' Clienta a renunțat ' }).data).toEqual({
			intent: 'cancel',
			money: 'amount',
			amountCents: 1250,
			reason: 'Clienta a renunțat',
		})
		expect(parse({ money: 'keep', reason: 'Portretul era deja pictat', amount: '5' }).data).toEqual({
			intent: 'cancel',
			money: 'keep',
			reason: 'Portretul era deja pictat',
		})
	})

	it('refuses money kept without a reason, a missing or zero amount and an unknown choice, in Romanian', () => {
		expect(messages({ money: 'keep', reason: '  ' })).toEqual([['reason', 'Scrie de ce păstrezi banii (cel puțin 3 caractere)']])
		expect(messages({ money: 'amount', amount: '0' })).toEqual([['amount', 'Scrie suma de rambursat în euro, de exemplu 12,50']])
		expect(messages({ money: 'amount' })).toEqual([['amount', 'Scrie suma de rambursat în euro, de exemplu 12,50']])
		expect(messages({ money: 'all' })).toEqual([['money', 'Alege ce se întâmplă cu banii: rambursare integrală, parțială sau îi păstrezi']])
		expect(messages({ money: 'keep', reason: 'x'.repeat(501) })).toEqual([['reason', 'Motivul poate avea cel mult 500 de caractere']])
	})
})
