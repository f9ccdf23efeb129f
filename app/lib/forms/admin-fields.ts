import { z } from 'zod'
import { parseEuroToCents } from '../money.ts'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts'

/** Pieces shared by the admin form schemas; messages are Romanian (admin screens, spec §5). */

export const PRICE_RANGE_MESSAGE = 'Prețul trebuie să fie între 0 și 999999'
export const PRICE_MAX_CENTS = 99_999_900

export const requiredText = (max: number, required: string, tooLong: string) => z.string().trim().min(1, required).max(max, tooLong)

/** Optional text: trimmed, '' becomes null. */
export const optionalText = (max: number, tooLong: string) =>
	z
		.string()
		.trim()
		.max(max, tooLong)
		.transform((value) => (value === '' ? null : value))

export const slugField = z
	.string()
	.trim()
	.min(1, 'Slug-ul este obligatoriu')
	.max(SLUG_MAX_LENGTH, 'Slug-ul poate avea maxim 100 de caractere')
	.regex(SLUG_PATTERN, 'Slug-ul poate conține doar litere mici, cifre și cratime')

/** A price typed in euro ("29.90" or "29,90") as integer cents, 0 to 999999 €. */
export const euroToCents = (value: string, ctx: z.RefinementCtx) => {
	const cents = parseEuroToCents(value)
	if (cents === null || cents > PRICE_MAX_CENTS) {
		ctx.addIssue({ code: 'custom', message: PRICE_RANGE_MESSAGE })
		return z.NEVER
	}
	return cents
}

/** A whole number typed in a text or number field, between min and max. */
export const integerInRange = (min: number, max: number, message: string) =>
	z
		.string()
		.trim()
		.refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message)
		.transform(Number)

/** Image URLs come from our own upload endpoints: a same-site path or an http(s) URL. */
export const imageUrlField = z
	.string()
	.trim()
	.max(1000)
	.regex(/^(\/(?!\/)|https?:\/\/)\S+$/, 'Adresa imaginii nu este validă')

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string | undefined | null): value is string {
	return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** The first message of a failed parse: shown under the 'Eroare validare' toast. */
export function firstIssue(error: z.ZodError) {
	const issue = error.issues[0]!
	return { field: String(issue.path[0] ?? ''), message: issue.message }
}

/** Every field's first message, for showing under the fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const field = String(issue.path[0] ?? '')
		errors[field] ??= issue.message
	}
	return errors
}
