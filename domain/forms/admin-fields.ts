import * as z from 'zod/mini'
import { MONEY, WHOLE, numberProblemMessage, parseLocaleNumber } from '../locale-number.ts'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts'
import { requiredText, type SchemaError } from './fields.ts'

/** Pieces shared by the admin form schemas; messages are Romanian (the admin screens are). */

export { requiredText }

export const PRICE_RANGE_MESSAGE = 'Prețul trebuie să fie între 0 și 999999'
export const PRICE_MAX_CENTS = 99_999_900

/** Text that may be empty: trimmed, '' becomes null. */
export const optionalText = (max: number, tooLong: string) =>
	z.pipe(
		z.string().check(z.trim(), z.maxLength(max, tooLong)),
		z.transform((value: string) => (value === '' ? null : value)),
	)

export const slugField = requiredText(
	SLUG_MAX_LENGTH,
	'Slug-ul este obligatoriu',
	'Slug-ul poate avea maxim 100 de caractere',
	z.regex(SLUG_PATTERN, 'Slug-ul poate conține doar litere mici, cifre și cratime'),
)

/**
 * A price typed in euro as integer cents, 0 to 999999 €, read the one way (domain/locale-number.ts:
 * "27,50", "27.50", "1.234,50", "1 234,50"); '' is `empty`. Anything it cannot read without doubt is
 * refused with a message saying why, never guessed.
 */
export const euroCents = <Empty>(empty: (payload: z.core.ParsePayload) => Empty) =>
	z.pipe(
		z.string().check(z.trim()),
		z.transform((value: string, payload) => {
			if (value === '') return empty(payload)
			const reading = parseLocaleNumber(value, MONEY)
			if (reading.ok && reading.value <= PRICE_MAX_CENTS) return reading.value
			const message =
				reading.ok || reading.problem === 'negative' || reading.problem === 'tooLarge'
					? PRICE_RANGE_MESSAGE
					: numberProblemMessage(reading.problem, value, MONEY, 'ro')
			payload.issues.push({ code: 'custom', message, input: value })
			return z.NEVER
		}),
	)

/**
 * A typed whole number between min and max, read the one way (so "1 234" is 1234). A refusal names
 * the field's range, except an entry that reads two ways ("1.234"), which gets its own message.
 */
function wholeInRange(value: string, min: number, max: number): { ok: true; value: number } | { ok: false; ambiguous?: string } {
	const reading = parseLocaleNumber(value, WHOLE)
	if (reading.ok) return reading.value >= min && reading.value <= max ? reading : { ok: false }
	return reading.problem === 'ambiguous' ? { ok: false, ambiguous: numberProblemMessage('ambiguous', value, WHOLE, 'ro') } : { ok: false }
}

const wholeField = (min: number, max: number, message: string) => (value: string, payload: z.core.ParsePayload) => {
	const reading = wholeInRange(value, min, max)
	if (reading.ok) return reading.value
	payload.issues.push({ code: 'custom', message: reading.ambiguous ?? message, input: value })
	return z.NEVER
}

/** A whole number typed in a text field, between min and max; '' gives `required`. */
export const integerInRange = (min: number, max: number, message: string, required = message) =>
	z.pipe(z.string().check(z.trim(), z.minLength(1, required)), z.transform(wholeField(min, max, message)))

/** An optional whole number between min and max: absent or '' is null. */
export const optionalIntegerInRange = (min: number, max: number, message: string) => {
	const whole = wholeField(min, max, message)
	return z.pipe(
		z.optional(z.string().check(z.trim())),
		z.transform((value: string | undefined, payload) => (value === undefined || value === '' ? null : whole(value, payload))),
	)
}

/**
 * A checkbox: a boolean in JSON, or the posted form's 'on' (or 'true'); an unticked box is not
 * posted at all, so absent is false (ADR 0101: the admin forms post FormData).
 */
export const checkboxField = z.pipe(
	z.optional(z.union([z.boolean(), z.string()])),
	z.transform((value: boolean | string | undefined) => value === true || value === 'on' || value === 'true'),
)

/** A list posted as `name[]` (ticked boxes, hidden inputs): none posted is an empty list. */
export const listField = <Item extends z.core.$ZodType>(item: Item, max: number, tooMany?: string) =>
	z.pipe(
		z.optional(z.array(item).check(z.maxLength(max, tooMany))),
		z.transform((list: z.output<Item>[] | undefined) => list ?? []),
	)

/** Image URLs come from our own upload endpoints: a same-site path or an http(s) URL. */
export const imageUrlField = z.string().check(z.trim(), z.maxLength(1000), z.regex(/^(\/(?!\/)|https?:\/\/)\S+$/, 'Adresa imaginii nu este validă'))

/** The first message of a failed parse: shown under the 'Eroare validare' toast. */
export function firstIssue(error: SchemaError) {
	const issue = error.issues[0]!
	return { field: String(issue.path[0] ?? ''), message: issue.message }
}

/** Every field's first message, for showing under the fields. */
export function fieldErrors(error: SchemaError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const field = String(issue.path[0] ?? '')
		errors[field] ??= issue.message
	}
	return errors
}
