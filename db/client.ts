import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Logger, SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { listenPostgres, type NotificationEvents, type NotificationListener } from './notifications.ts'
import * as schema from './schema/index.ts'
import { withTimeout } from './timeout.ts'

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
	/** LISTENs on a channel (see db/notifications.ts); PGlite delivers at commit, before the writer's query returns. */
	listen(channel: string, events: NotificationEvents): Promise<NotificationListener>
	/** Present for PostgreSQL: some work (advisory locks) needs one dedicated connection. */
	pool?: pg.Pool
	/** Present for PGlite: backups use its own data dump (server/backup). */
	pglite?: PGlite
}

export type OpenDatabaseOptions =
	| {
			engine: 'pglite'
			dataDir: string | 'memory://'
			onQuery?: (query: string) => void
			/** Told how long each query or transaction held the database, every other one waiting meanwhile. */
			onHold?: (ms: number) => void
	  }
	| {
			engine: 'postgres'
			url: string
			poolSize?: number
			onQuery?: (query: string) => void
			/** PostgreSQL cancels any statement running longer (SQLSTATE 57014); unset or 0: no limit. */
			statementTimeoutMs?: number
	  }

/**
 * The embedded database serves one small shop from inside the app process, and its buffers live in
 * the process's memory: PostgreSQL's default 128 MB of shared buffers would be most of the app's
 * footprint (ADR 0091). The data files stay in the operating system's file cache as well.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** The contrib extensions the migrations create: PGlite loads an extension's code only when it is opened with it. */
export const PGLITE_EXTENSIONS = { pg_trgm }

function queryLogger(onQuery?: (query: string) => void): Logger | undefined {
	return onQuery ? { logQuery: (query) => onQuery(query) } : undefined
}

/** PGlite's lock: every query, and every transaction for its whole length, runs under it, one at a time. */
type ExclusiveRunner = { _runExclusiveTransaction?: <T>(work: () => Promise<T>) => Promise<T> }

/**
 * Times each hold of PGlite's lock from when it is taken (a wait in the queue is not counted) until
 * it is let go: how long that query or transaction kept every other one waiting. The lock is not a
 * documented API; without it nothing is timed, and the callers' figures say so by their absence.
 */
function timeHolds(client: PGlite, onHold: (ms: number) => void) {
	const runner = client as unknown as ExclusiveRunner
	const runExclusive = runner._runExclusiveTransaction?.bind(client)
	if (!runExclusive) return
	runner._runExclusiveTransaction = (work) =>
		runExclusive(async () => {
			const takenAt = performance.now()
			try {
				return await work()
			} finally {
				onHold(performance.now() - takenAt)
			}
		})
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
		const settings = { ...(target ? { dataDir: target } : {}), startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS }
		const fresh = target !== undefined && !fs.existsSync(path.join(target, 'PG_VERSION'))
		let client = await PGlite.create(settings)
		if (fresh) {
			// Creating the cluster (initdb) leaves ≈ 400 MB referenced by that first instance for as long
			// as it lives; the same cluster opened again starts without it (ADR 0092).
			await client.close()
			client = await PGlite.create(settings)
		}
		if (options.onHold) timeHolds(client, options.onHold)
		const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Database
		return {
			db,
			engine: 'pglite',
			pglite: client,
			ping: (timeoutMs = 2_000) => databaseAnswers(client.query('select 1'), timeoutMs),
			close: async () => {
				if (!client.closed) await client.close()
			},
			async listen(channel, events) {
				const unlisten = await client.listen(channel, (payload) => events.onNotification(payload))
				events.onReady()
				return {
					close: async () => {
						if (!client.closed) await unlisten()
					},
				}
			},
		}
	}

	const pool = new pg.Pool({
		connectionString: options.url,
		max: options.poolSize ?? 10,
		connectionTimeoutMillis: 5_000,
		idleTimeoutMillis: 30_000,
		// Sent when each connection opens, so it holds for every statement on it (ADR 0165).
		...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
		// The shop's queries are short: compiling one with JIT, which PostgreSQL does for any whose
		// estimate is high (a report over a long history), cost more than it saved in the scale benchmark.
		options: '-c jit=off',
	})
	// An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
	pool.on('error', () => {})
	// Nor one that a transaction holds between two statements (a background job rendering an email):
	// its holder gets the error from its next statement, and the pool drops the broken client on release.
	pool.on('connect', (client) => client.on('error', () => {}))
	const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Database
	let closed = false
	return {
		db,
		engine: 'postgres',
		pool,
		ping: (timeoutMs = 2_000) => databaseAnswers(pool.query('select 1'), timeoutMs),
		listen: (channel, events) => listenPostgres(options.url, channel, events),
		close: async () => {
			if (closed) return
			closed = true
			await pool.end()
		},
	}
}

async function databaseAnswers(work: Promise<unknown>, timeoutMs: number): Promise<void> {
	await withTimeout(work, timeoutMs, `database did not answer within ${timeoutMs} ms`)
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
	const result = (await db.execute(query)) as unknown as { rows: T[] }
	return result.rows
}
