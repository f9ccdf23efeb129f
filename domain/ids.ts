/**
 * Ids: every row id is a UUID made by PostgreSQL (`gen_random_uuid()`) or `crypto.randomUUID()`.
 * One check for all of them, in the shape PostgreSQL's uuid type accepts (any version, either case),
 * so that a value that passes can always be compared with an id column without a database error.
 * Free of zod: the cart, in every page's bundle, uses isUuid (ADR 0014); the zod schema is
 * uuidField in forms/fields.ts.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** The id in lower case (as PostgreSQL prints it), or null when the value is not a UUID. */
export function normaliseUuid(value: unknown): string | null {
	return isUuid(value) ? value.toLowerCase() : null
}
