import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Logger, SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The one database type the app codes against; PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: services that write take either. */
export type DbExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>

export type DatabaseEngine = 'pglite' | 'postgres'

export type DatabaseHandle = {
	db: Database
	engine: DatabaseEngine
	/** Throws when the database does not answer within the timeout. */
	ping(timeoutMs?: number): Promise<void>
	close(): Promise<void>
	/** Present for PostgreSQL: some work (advisory locks) needs one dedicated connection. */
	pool?: pg.Pool
}

export type OpenDatabaseOptions =
	| { engine: 'pglite'; dataDir: string | 'memory://'; onQuery?: (query: string) => void }
	| { engine: 'postgres'; url: string; poolSize?: number; onQuery?: (query: string) => void }

function queryLogger(onQuery?: (query: string) => void): Logger | undefined {
	return onQuery ? { logQuery: (query) => onQuery(query) } : undefined
}

/** Where the PGlite cluster lives inside DATA_DIR. */
export function pgliteDirectory(dataDir: string) {
	return path.join(dataDir, 'pgdata')
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
	const logger = queryLogger(options.onQuery)
	if (options.engine === 'pglite') {
		let target: string | undefined
		if (options.dataDir !== 'memory://') {
			target = pgliteDirectory(options.dataDir)
			fs.mkdirSync(target, { recursive: true })
		}
		const client = await PGlite.create(target ? { dataDir: target } : {})
		const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Database
		return {
			db,
			engine: 'pglite',
			ping: (timeoutMs = 2_000) => withTimeout(client.query('select 1'), timeoutMs),
			close: async () => {
				if (!client.closed) await client.close()
			},
		}
	}

	const pool = new pg.Pool({
		connectionString: options.url,
		max: options.poolSize ?? 10,
		connectionTimeoutMillis: 5_000,
		idleTimeoutMillis: 30_000,
	})
	// An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
	pool.on('error', () => {})
	const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Database
	let closed = false
	return {
		db,
		engine: 'postgres',
		pool,
		ping: (timeoutMs = 2_000) => withTimeout(pool.query('select 1'), timeoutMs),
		close: async () => {
			if (closed) return
			closed = true
			await pool.end()
		},
	}
}

async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs)
	})
	try {
		await Promise.race([work, timeout])
	} finally {
		clearTimeout(timer)
	}
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
	const result = (await db.execute(query)) as unknown as { rows: T[] }
	return result.rows
}
