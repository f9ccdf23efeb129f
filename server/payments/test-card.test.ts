import { describe, expect, it } from 'vitest'
import { testCardSchema } from '#domain/forms/test-card.ts'
import { testCardOutcome } from './test-card.ts'

describe('test card page', () => {
	it('4242… succeeds, 4000 0000 0000 0002 is declined, anything else is not a test card', () => {
		expect(testCardOutcome('4242 4242 4242 4242')).toBe('success')
		expect(testCardOutcome('4000-0000-0000-0002')).toBe('declined')
		expect(testCardOutcome('5555 5555 5555 4444')).toBe('unknown')
	})

	it('checks expiry, CVC and name', () => {
		const base = { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123', name: 'Ana' }
		expect(testCardSchema.safeParse(base).success).toBe(true)
		expect(testCardSchema.safeParse({ ...base, expiry: '01/20' }).error?.issues[0]!.message).toBe('testPayment.invalidExpiry')
		expect(testCardSchema.safeParse({ ...base, expiry: '13/30' }).error?.issues[0]!.message).toBe('testPayment.invalidExpiry')
		for (const typed of ['1234', '12 / 34', '12-34', '12/2034', '122034', ' 12/34 '])
			expect(testCardSchema.safeParse({ ...base, expiry: typed }).data?.expiry, typed).toBe('12/34')
		expect(testCardSchema.safeParse({ ...base, expiry: '1/34' }).data?.expiry).toBe('01/34')
		for (const typed of ['12', '12/3', '99/99', '12/1934', 'ab/cd']) expect(testCardSchema.safeParse({ ...base, expiry: typed }).success, typed).toBe(false)
		expect(testCardSchema.safeParse({ ...base, cvc: '12' }).error?.issues[0]!.message).toBe('testPayment.invalidCvc')
		expect(testCardSchema.safeParse({ ...base, name: ' ' }).error?.issues[0]!.message).toBe('testPayment.nameRequired')
	})
})
