import { and, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { userRoles } from '#db/schema/index.ts'
import { ROLES, type Role } from '#domain/enums.ts'

export function isRole(value: unknown): value is Role {
	return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** Roles are read from user_roles by the user's id. */
export async function getRoles(db: DbExecutor, userId: string): Promise<Role[]> {
	const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
	return rows.map((row) => row.role).sort()
}

/** isAdmin when the list includes admin, isEditor when it includes editor. */
export function roleFlags(roles: readonly Role[]) {
	return { isAdmin: roles.includes('admin'), isEditor: roles.includes('editor') }
}

/** Editor-only areas are open to editors and admins. */
export function canEdit(flags: { isAdmin: boolean; isEditor: boolean }) {
	return flags.isAdmin || flags.isEditor
}

/** Idempotent: granting a role the user has changes nothing. Returns whether it was added. */
export async function grantRole(db: DbExecutor, userId: string, role: Role): Promise<boolean> {
	const rows = await db.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning({ role: userRoles.role })
	return rows.length > 0
}

/** Returns whether the user had the role. */
export async function revokeRole(db: DbExecutor, userId: string, role: Role): Promise<boolean> {
	const rows = await db
		.delete(userRoles)
		.where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
		.returning({ role: userRoles.role })
	return rows.length > 0
}

export async function countAdmins(db: DbExecutor): Promise<number> {
	const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'))
	return rows.length
}
