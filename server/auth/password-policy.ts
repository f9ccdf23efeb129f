import { PASSWORD_MAX, PASSWORD_MIN } from '#domain/forms/auth.ts'
import { isCommonPassword } from './common-passwords.ts'

/** The translation key of what is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string): string | null {
	if (password.length < PASSWORD_MIN) return 'auth.passwordTooShort'
	if (password.length > PASSWORD_MAX) return 'auth.passwordTooLong'
	if (isCommonPassword(password)) return 'auth.commonPassword'
	return null
}
