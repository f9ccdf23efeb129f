import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { userRoles, users } from '#db/schema/index.ts'
import type { Role } from '#domain/enums.ts'
import type { ShopAuth } from './auth.ts'
import { AccountError, createAccount, findUserIdByEmail } from './bootstrap.ts'

export type StaffMember = { id: string; email: string; name: string; roles: Role[] }

/** Everyone with a role (admin or editor), by email. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
	const rows = await db
		.select({ id: users.id, email: users.email, name: users.name, role: userRoles.role })
		.from(userRoles)
		.innerJoin(users, eq(users.id, userRoles.userId))
		.orderBy(asc(users.email), asc(userRoles.role))
	const byId = new Map<string, StaffMember>()
	for (const row of rows) {
		const member = byId.get(row.id) ?? { id: row.id, email: row.email, name: row.name, roles: [] }
		member.roles.push(row.role)
		byId.set(row.id, member)
	}
	return [...byId.values()]
}

/** Why a role change was refused; the message is English (CLI), the staff screen words each reason in Romanian. */
export class StaffError extends AccountError {
	override name = 'StaffError'
	constructor(
		readonly reason: 'no-account' | 'no-such-account' | 'last-admin',
		readonly email: string,
		message: string,
	) {
		super(message)
	}
}

export type RoleChange = { changed: boolean; email: string }

export async function grantStaffRole(db: Database, email: string, role: Role): Promise<RoleChange> {
	const id = await findUserIdByEmail(db, email)
	if (!id) throw new StaffError('no-account', email.trim().toLowerCase(), `No account has the email ${email.trim().toLowerCase()}.`)
	const rows = await db.insert(userRoles).values({ userId: id, role }).onConflictDoNothing().returning({ role: userRoles.role })
	return { changed: rows.length > 0, email: email.trim().toLowerCase() }
}

/**
 * Revokes a role. The shop always keeps one administrator: taking admin from the last administrator is refused: the admin rows are locked
 * first, so two administrators removing each other at once cannot both succeed.
 */
export async function revokeStaffRole(db: Database, userId: string, role: Role): Promise<RoleChange> {
	return db.transaction(async (tx) => {
		const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
		if (!user) throw new StaffError('no-such-account', '', 'No such account.')
		if (role === 'admin') {
			const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).for('update')
			if (admins.length === 1 && admins[0]!.userId === userId)
				throw new StaffError('last-admin', user.email, `${user.email} is the last administrator; grant admin to someone else first.`)
		}
		const rows = await tx
			.delete(userRoles)
			.where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
			.returning({ role: userRoles.role })
		return { changed: rows.length > 0, email: user.email }
	})
}

export async function revokeStaffRoleByEmail(db: Database, email: string, role: Role): Promise<RoleChange> {
	const id = await findUserIdByEmail(db, email)
	if (!id) throw new StaffError('no-account', email.trim().toLowerCase(), `No account has the email ${email.trim().toLowerCase()}.`)
	return revokeStaffRole(db, id, role)
}

export type UsersCommand =
	| { command: 'create'; email: string; password: string; name?: string; role?: Role }
	| { command: 'grant' | 'revoke'; email: string; role: Role }
	| { command: 'list' }

/** `npm run users`, wherever it runs (the CLI on the database, or the running shop for it): one line of English. */
export async function runUsersCommand(services: { db: Database; auth: () => ShopAuth }, input: UsersCommand): Promise<string> {
	const { db } = services
	switch (input.command) {
		case 'create':
			await createAccount({ db, auth: services.auth() }, input)
			return `Created ${input.email}${input.role ? ` with the ${input.role} role` : ''}.`
		case 'grant': {
			const result = await grantStaffRole(db, input.email, input.role)
			return result.changed ? `Granted ${input.role} to ${result.email}.` : `${result.email} already has the ${input.role} role.`
		}
		case 'revoke': {
			const result = await revokeStaffRoleByEmail(db, input.email, input.role)
			return result.changed ? `Revoked ${input.role} from ${result.email}.` : `${result.email} did not have the ${input.role} role.`
		}
		case 'list': {
			const staff = await listStaff(db)
			return staff.length === 0 ? 'No staff accounts yet.' : staff.map((member) => `${member.email}\t${member.roles.join(', ')}`).join('\n')
		}
	}
}
