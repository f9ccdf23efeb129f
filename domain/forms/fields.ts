import * as z from 'zod/mini'
import { UUID_PATTERN } from '../ids.ts'

/**
 * Field pieces shared by the form schemas. Schemas in domain/ use zod/mini: the browser runs them
 * too, and the mini build keeps storefront pages inside their JavaScript budget (ADR 0014).
 */

/** Trimmed text that must not be empty, at most `max` characters; `checks` run after those. */
export const requiredText = (max: number, required: string, tooLong: string, ...checks: z.core.$ZodCheck<string>[]) =>
	z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), ...checks)

/** A trimmed e-mail address of at most `max` characters; every problem gives `message`. */
export const emailAddress = (max: number, message: string) => z.pipe(z.string({ error: message }).check(z.trim(), z.maxLength(max, message)), z.email(message))

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g
const CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source)

/** Text without C0 controls and DEL: nobody types them, and PostgreSQL refuses a NUL in a query. */
export function withoutControlCharacters(text: string) {
	return text.replace(CONTROL_CHARACTERS, '')
}

/**
 * A search box's text from a query string: control characters removed (nobody types them, and
 * PostgreSQL refuses a NUL in a query), trimmed, at most `max` characters.
 */
export function searchText(raw: string | null | undefined, max = 100) {
	return withoutControlCharacters(raw ?? '')
		.trim()
		.slice(0, max)
}

/**
 * An email to look a customer up by, from a query string: trimmed, lower case, 3–320 characters.
 * Control characters (a NUL from a crafted URL) are no address, and PostgreSQL refuses a NUL in text.
 */
export const lookupEmail = () =>
	z.string().check(
		z.trim(),
		z.toLowerCase(),
		z.minLength(3),
		z.maxLength(320),
		z.refine((value) => !CONTROL_CHARACTER.test(value)),
	)

/** What a failed parse gives. */
export type SchemaError = z.core.$ZodError

/** A row id (domain/ids.ts): the same rule as isUuid. */
export const uuidField = (error?: string) => z.string().check(z.regex(UUID_PATTERN, error))
