import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { userRoles, users } from '#db/schema/index.ts'
import { signInOverHttp } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { PROJECT_ROOT, startShop } from '../support/shop-process.ts'

const ADMIN = 'First.Admin@Example.test'
const PASSWORD = 'owner-lantern-orchard-1'

async function rolesOf(url: string, email: string) {
	const handle = await openDatabase({ engine: 'postgres', url, poolSize: 1 })
	try {
		const rows = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
		const roles = rows[0] ? await handle.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, rows[0].id)) : []
		return { accounts: rows.length, roles: roles.map((row) => row.role) }
	} finally {
		await handle.close()
	}
}

describe('first administrator from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
	it('is created once with the admin role; later starts never change its password', async () => {
		const database = await createTemporaryPostgresDatabase('bootstrap')
		try {
			const env = { DATABASE_URL: database.url, SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD }
			let shop = await startShop({ env })
			try {
				const cookie = await signInOverHttp(shop.url, ADMIN.toLowerCase(), PASSWORD)
				expect((await fetch(`${shop.url}/admin`, { redirect: 'manual', headers: { Cookie: cookie } })).status).toBe(200)
			} finally {
				await shop.stop()
			}
			expect(await rolesOf(database.url, ADMIN.toLowerCase())).toEqual({ accounts: 1, roles: ['admin'] })

			// A second start, with another password in the variable: nothing changes.
			shop = await startShop({ env: { ...env, ADMIN_PASSWORD: 'a-different-password-2' } })
			try {
				await signInOverHttp(shop.url, ADMIN.toLowerCase(), PASSWORD)
				await expect(signInOverHttp(shop.url, ADMIN.toLowerCase(), 'a-different-password-2')).rejects.toThrow(/401/)
			} finally {
				await shop.stop()
			}
			expect(await rolesOf(database.url, ADMIN.toLowerCase())).toEqual({ accounts: 1, roles: ['admin'] })
		} finally {
			await database.drop()
		}
	})

	it('refuses to start with a common password, or with only one of the two variables', async () => {
		const database = await createTemporaryPostgresDatabase('bootstrapweak')
		try {
			const common = await startShop({
				env: { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: 'sunshine', SEED_DEMO_CATALOG: 'false' },
				waitUntilReady: false,
			})
			expect(await common.exited).toBe(1)
			expect(common.output()).toContain('the password is one of the 1,000 most common passwords')
			await fs.rm(common.dataDir, { recursive: true, force: true })
		} finally {
			await database.drop()
		}

		const half = await startShop({ env: { ADMIN_EMAIL: ADMIN }, waitUntilReady: false })
		expect(await half.exited).toBe(1)
		expect(half.output().trim()).toBe('Invalid environment variable ADMIN_PASSWORD: must be set when ADMIN_EMAIL is')
		await fs.rm(half.dataDir, { recursive: true, force: true })
	})

	it('sends a Secure, __Secure- prefixed cookie when PUBLIC_URL is https', async () => {
		const database = await createTemporaryPostgresDatabase('securecookie')
		const shop = await startShop({
			env: { DATABASE_URL: database.url, SEED_DEMO_CATALOG: 'false', PUBLIC_URL: 'https://shop.example.test', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD },
		})
		try {
			const response = await fetch(`${shop.url}/en/login`, {
				method: 'POST',
				redirect: 'manual',
				// Behind its https proxy the browser's origin is the request's own; here that is the loopback address.
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url },
				body: new URLSearchParams({ intent: 'login', email: ADMIN, password: PASSWORD }),
			})
			expect(response.status).toBe(302)
			const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='))!
			expect(cookie).toMatch(/^__Secure-shop\.session_token=/)
			expect(cookie).toMatch(/; Secure/i)
			expect(cookie).toMatch(/HttpOnly/i)
			expect(cookie).toMatch(/SameSite=Lax/i)
		} finally {
			await shop.stop()
			await database.drop()
		}
	})
})

function users_(args: string[], dataDir: string) {
	const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/cli/users.ts', ...args], {
		cwd: PROJECT_ROOT,
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
		encoding: 'utf8',
	})
	return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() }
}

describe('npm run users on the embedded database', () => {
	// Each command opens the embedded database in its own process: slow on a loaded machine.
	it('creates accounts, grants and revokes roles, refuses bad input, and works while the shop runs (through it)', { timeout: 300_000 }, async () => {
		const dataDir = await fs.mkdtemp(path.join(PROJECT_ROOT, 'node_modules/.cache-users-'))
		try {
			expect(users_(['create', '--email', 'ed@example.test', '--password', 'editor-lantern-44', '--role', 'editor'], dataDir)).toEqual({
				status: 0,
				out: 'Created ed@example.test with the editor role.',
			})
			expect(users_(['create', '--email', 'ed@example.test', '--password', 'editor-lantern-44'], dataDir)).toMatchObject({
				status: 1,
				out: 'An account with the email ed@example.test already exists.',
			})
			expect(users_(['create', '--email', 'x@example.test', '--password', 'short'], dataDir)).toEqual({
				status: 1,
				out: 'Refused: the password must have at least 8 characters.',
			})
			expect(users_(['create', '--email', 'x@example.test', '--password', 'sunshine'], dataDir)).toEqual({
				status: 1,
				out: 'Refused: the password is one of the 1,000 most common passwords.',
			})
			expect(users_(['grant', '--email', 'ed@example.test', '--role', 'owner'], dataDir)).toMatchObject({
				status: 1,
				out: '--role must be one of: admin, editor.',
			})
			expect(users_(['grant', '--email', 'not-an-email', '--role', 'admin'], dataDir).status).toBe(1)
			expect(users_(['grant', '--email', 'ED@example.test', '--role', 'admin'], dataDir)).toEqual({ status: 0, out: 'Granted admin to ed@example.test.' })
			expect(users_(['revoke', '--email', 'ed@example.test', '--role', 'editor'], dataDir)).toEqual({ status: 0, out: 'Revoked editor from ed@example.test.' })

			const shop = await startShop({ dataDir, env: { SEED_DEMO_CATALOG: 'false' } })
			try {
				// While the shop owns the data folder the command goes through it (its control socket, ADR 0112).
				expect(users_(['grant', '--email', 'ed@example.test', '--role', 'editor'], dataDir)).toEqual({ status: 0, out: 'Granted editor to ed@example.test.' })
				expect(users_(['list'], dataDir)).toEqual({ status: 0, out: 'ed@example.test\tadmin, editor' })
				const cookie = await signInOverHttp(shop.url, 'ed@example.test', 'editor-lantern-44')
				expect((await fetch(`${shop.url}/admin`, { redirect: 'manual', headers: { Cookie: cookie } })).status).toBe(200)
			} finally {
				await shop.stop()
			}
		} finally {
			await fs.rm(dataDir, { recursive: true, force: true })
		}
	})
})
