import * as z from 'zod/mini'

/**
 * Ids: every row id is a UUID made by PostgreSQL (`gen_random_uuid()`) or `crypto.randomUUID()`.
 * One check for all of them, in the shape PostgreSQL's uuid type accepts (any version, either case),
 * so that a value that passes can always be compared with an id column without a database error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** The id in lower case (as PostgreSQL prints it), or null when the value is not a UUID. */
export function normaliseUuid(value: unknown): string | null {
	return isUuid(value) ? value.toLowerCase() : null
}

/**
 * A zod (mini) schema for a UUID field. A function, not a constant, so that code importing only
 * isUuid (the cart, in every page's bundle) does not pull zod into the browser (ADR 0014).
 */
export function uuidSchema(error?: string) {
	return z.string().check(z.regex(UUID_PATTERN, error))
}
