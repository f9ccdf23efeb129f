import { z } from 'zod'

import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits.ts'

export { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN }
/** Reset tokens are 24 characters; anything far longer is not one of ours. */
const TOKEN_MAX = 200

/** Messages are translation keys; the page shows them in the visitor's language. */
const email = z
	.string({ error: 'auth.emailRequired' })
	.trim()
	.min(1, 'auth.emailRequired')
	.max(EMAIL_MAX, 'auth.invalidEmail')
	.pipe(z.email('auth.invalidEmail'))
	.transform((value) => value.toLowerCase())

/** A password being checked: only presence and the upper bound (old passwords may predate rules). */
const password = z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(PASSWORD_MAX, 'auth.passwordTooLong')

/** A password being chosen. The common-password check runs on the server (the list stays there). */
const newPassword = z
	.string({ error: 'auth.passwordRequired' })
	.min(1, 'auth.passwordRequired')
	.min(PASSWORD_MIN, 'auth.passwordTooShort')
	.max(PASSWORD_MAX, 'auth.passwordTooLong')

export const signInSchema = z.object({ email, password })

/** Spec §5: signup needs email and password; full name is optional (stored as ''). */
export const signUpSchema = z.object({
	email,
	password: newPassword,
	fullName: z.string().trim().max(FULL_NAME_MAX, 'auth.nameTooLong').optional().default(''),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z
	.object({
		token: z.string({ error: 'auth.resetInvalid' }).min(1, 'auth.resetInvalid').max(TOKEN_MAX, 'auth.resetInvalid'),
		password: newPassword,
		confirmPassword: z.string({ error: 'auth.passwordsDontMatch' }).max(PASSWORD_MAX, 'auth.passwordsDontMatch'),
	})
	.refine((value) => value.password === value.confirmPassword, { message: 'auth.passwordsDontMatch', path: ['confirmPassword'] })

export const changePasswordSchema = z
	.object({
		currentPassword: password,
		newPassword,
		confirmPassword: z.string({ error: 'auth.passwordsDontMatch' }).max(PASSWORD_MAX, 'auth.passwordsDontMatch'),
	})
	.refine((value) => value.newPassword === value.confirmPassword, { message: 'auth.passwordsDontMatch', path: ['confirmPassword'] })

export const deleteAccountSchema = z.object({
	password,
	confirm: z.literal('on', { error: 'account.deleteConfirmRequired' }),
})

/** First message of a failed parse: what the form shows. */
export function firstIssue(error: z.ZodError): string {
	return error.issues[0]?.message ?? 'auth.genericError'
}
