import fs from 'node:fs'
import path from 'node:path'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { PoolClient } from 'pg'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { DatabaseHandle } from './client.ts'

/** Any number that is the same for every instance: it names the advisory lock guarding migrations. */
const MIGRATION_LOCK_KEY = 7_310_551

/**
 * Finds db/migrations from wherever this code runs: from source (db/) or bundled (build/server/).
 */
export function findProjectFolder(relative: string, from = import.meta.dirname): string {
	let dir = from
	for (;;) {
		const candidate = path.join(dir, relative)
		if (fs.existsSync(candidate)) return candidate
		const parent = path.dirname(dir)
		if (parent === dir) throw new Error(`Could not find ${relative} above ${from}`)
		dir = parent
	}
}

/**
 * The migrations this code was built with. The build copies db/migrations next to the server
 * bundle (build/server/db/migrations), and the walk up from the bundle finds that copy before the
 * source tree's, so a server never applies migrations newer than its own code (ADR 0110). From
 * source (dev server, CLI, tests) it finds db/migrations.
 */
export function migrationsFolder(from = import.meta.dirname) {
	return findProjectFolder(path.join('db', 'migrations'), from)
}

/**
 * Applies the committed SQL migrations. On PostgreSQL several instances may start at once,
 * so they queue on an advisory lock and each later one finds nothing left to do.
 */
export async function runMigrations(handle: DatabaseHandle) {
	const folder = migrationsFolder()
	if (handle.engine === 'pglite') {
		await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder })
		return
	}
	await withAdvisoryLock(handle, MIGRATION_LOCK_KEY, async (client) => {
		// A migration may rewrite a large table: the pool's statement timeout is for requests, not for it.
		await client.query('set statement_timeout = 0')
		try {
			await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder })
		} finally {
			await client.query('reset statement_timeout')
		}
	})
}

/** Runs work while holding a session-level advisory lock on one dedicated connection. */
export async function withAdvisoryLock<T>(handle: DatabaseHandle, key: number, work: (client: PoolClient) => Promise<T>): Promise<T> {
	if (!handle.pool) throw new Error('advisory locks need PostgreSQL')
	const client = await handle.pool.connect()
	try {
		await client.query('select pg_advisory_lock($1)', [key])
		try {
			return await work(client)
		} finally {
			await client.query('select pg_advisory_unlock($1)', [key])
		}
	} finally {
		client.release()
	}
}
