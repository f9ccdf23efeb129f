import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import type { Role } from '#domain/enums.ts'
import type { Env } from '../config/env.ts'
import type { Logger } from '../logger.ts'
import type { ShopAuth } from './auth.ts'
import { passwordProblem } from './password-policy.ts'
import { countAdmins, grantRole } from './roles.ts'

export class AccountError extends Error {
	override name = 'AccountError'
}

export const PASSWORD_PROBLEMS: Record<string, string> = {
	'auth.passwordTooShort': 'the password must have at least 8 characters',
	'auth.passwordTooLong': 'the password must have at most 128 characters',
	'auth.commonPassword': 'the password is one of the 1,000 most common passwords',
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
	const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()))
	return row?.id ?? null
}

/** Creates an email+password account (CLI and first admin). Throws AccountError when it may not. */
export async function createAccount(
	services: { db: Database; auth: ShopAuth },
	input: { email: string; password: string; name?: string; role?: Role },
): Promise<string> {
	const email = input.email.trim().toLowerCase()
	const problem = passwordProblem(input.password)
	if (problem) throw new AccountError(`Refused: ${PASSWORD_PROBLEMS[problem] ?? problem}.`)
	if (await findUserIdByEmail(services.db, email)) throw new AccountError(`An account with the email ${email} already exists.`)
	await services.auth.api.signUpEmail({ body: { email, password: input.password, name: input.name ?? '' } })
	const id = await findUserIdByEmail(services.db, email)
	if (!id) throw new AccountError(`The account ${email} could not be created.`)
	if (input.role) await grantRole(services.db, id, input.role)
	return id
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: make sure that account exists and is an admin. Idempotent; an
 * existing account keeps its password (the variable is only the first password).
 */
export async function ensureAdminFromEnv(services: { db: Database; auth: ShopAuth; env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>; log: Logger }) {
	const { db, env, log } = services
	if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return
	let id = await findUserIdByEmail(db, env.ADMIN_EMAIL)
	if (!id) {
		try {
			id = await createAccount(services, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
			log.info({ email: env.ADMIN_EMAIL }, 'administrator account created from ADMIN_EMAIL')
		} catch (error) {
			// Another instance starting at the same moment may have created it first.
			id = await findUserIdByEmail(db, env.ADMIN_EMAIL)
			if (!id) throw error
		}
	}
	if (await grantRole(db, id, 'admin')) log.info({ email: env.ADMIN_EMAIL }, 'admin role granted from ADMIN_EMAIL')
}

/** In development, say how to make the first administrator when there is none. */
export async function logAdminHint(services: { db: Database; env: Pick<Env, 'NODE_ENV'>; log: Logger }) {
	if (services.env.NODE_ENV !== 'development') return
	if ((await countAdmins(services.db)) > 0) return
	services.log.info(
		"No administrator yet. Create one with: npm run users -- create --email you@example.com --password '<a long password>' --role admin " +
			'(stop the dev server first on the embedded database), or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.',
	)
}
