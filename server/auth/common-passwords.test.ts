import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts'
import { passwordProblem } from './password-policy.ts'

describe('common-password list (ASVS 5.0 V6.2.4)', () => {
	it('holds at least 3,000 passwords that the length rules would otherwise accept', () => {
		expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(3000)
	})

	it('refuses the common passwords people actually try, whatever their case', () => {
		for (const password of ['password123', 'Password1', 'iloveyou', 'QWERTYUIOP', 'football1', 'princess1']) {
			expect(isCommonPassword(password), password).toBe(true)
			expect(passwordProblem(password), password).toBe('auth.commonPassword')
		}
	})

	it('lets an uncommon password of the right length through', () => {
		expect(passwordProblem('lumanare-de-cedru-7')).toBeNull()
	})
})
