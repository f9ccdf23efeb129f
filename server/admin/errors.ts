/** A refusal the admin can act on: the HTTP status and the Romanian message to show. */
export class AdminInputError extends Error {
	override name = 'AdminInputError'
	constructor(
		message: string,
		readonly status: 400 | 404 | 409 = 400,
		readonly field?: string,
	) {
		super(message)
	}
}

/** True when the error (or its cause, as drizzle wraps driver errors) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
	for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
		if (current.code === '23505') return true
		current = current.cause as typeof current
	}
	return false
}
