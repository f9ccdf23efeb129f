import * as z from 'zod/mini'
import type { SchemaError } from './fields.ts'

import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits.ts'

export { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN }
/** Reset tokens are 24 characters; anything far longer is not one of ours. */
const TOKEN_MAX = 200

/** Messages are translation keys; the page shows them in the visitor's language. */
const email = z.pipe(
	z.string({ error: 'auth.emailRequired' }).check(z.trim(), z.minLength(1, 'auth.emailRequired'), z.maxLength(EMAIL_MAX, 'auth.invalidEmail')),
	z.email('auth.invalidEmail').check(z.toLowerCase()),
)

/** A password being checked: only presence and the upper bound (old passwords may predate rules). */
const password = z.string({ error: 'auth.passwordRequired' }).check(z.minLength(1, 'auth.passwordRequired'), z.maxLength(PASSWORD_MAX, 'auth.passwordTooLong'))

/** A password being chosen. The common-password check runs on the server (the list stays there). */
const newPassword = z
	.string({ error: 'auth.passwordRequired' })
	.check(z.minLength(1, 'auth.passwordRequired'), z.minLength(PASSWORD_MIN, 'auth.passwordTooShort'), z.maxLength(PASSWORD_MAX, 'auth.passwordTooLong'))

export const signInSchema = z.object({ email, password })

/** Sign-up needs email and password; full name is optional (stored as ''). */
export const signUpSchema = z.object({
	email,
	password: newPassword,
	fullName: z._default(z.optional(z.string().check(z.trim(), z.maxLength(FULL_NAME_MAX, 'auth.nameTooLong'))), ''),
})

/** The /login page's two forms, told apart by their `intent` (ADR 0101). */
export const loginFormSchema = z.discriminatedUnion(
	'intent',
	[z.extend(signInSchema, { intent: z.literal('login') }), z.extend(signUpSchema, { intent: z.literal('signup') })],
	{ error: 'auth.genericError' },
)

export const forgotPasswordSchema = z.object({ email })

const confirmPassword = z.string({ error: 'auth.passwordsDontMatch' }).check(z.maxLength(PASSWORD_MAX, 'auth.passwordsDontMatch'))
const matches = <T extends { confirmPassword: string }>(field: Exclude<keyof T, 'confirmPassword'>) =>
	z.refine<T>((value) => value[field] === value.confirmPassword, { message: 'auth.passwordsDontMatch', path: ['confirmPassword'] })

export const resetPasswordSchema = z
	.object({
		token: z.string({ error: 'auth.resetInvalid' }).check(z.minLength(1, 'auth.resetInvalid'), z.maxLength(TOKEN_MAX, 'auth.resetInvalid')),
		password: newPassword,
		confirmPassword,
	})
	.check(matches('password'))

const changePasswordFields = { currentPassword: password, newPassword, confirmPassword }
export const changePasswordSchema = z.object(changePasswordFields).check(matches('newPassword'))

export const deleteAccountSchema = z.object({
	password,
	confirm: z.literal('on', { error: 'account.deleteConfirmRequired' }),
})

/** The /account page's forms, told apart by their `intent` (ADR 0101). */
export const accountFormSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('resend-verification') }),
		z.object({ intent: z.literal('change-password'), ...changePasswordFields }).check(matches('newPassword')),
		z.extend(deleteAccountSchema, { intent: z.literal('delete-account') }),
	],
	{ error: 'auth.genericError' },
)

/** First message of a failed parse: what the form shows. */
export function firstIssue(error: SchemaError): string {
	return error.issues[0]?.message ?? 'auth.genericError'
}
