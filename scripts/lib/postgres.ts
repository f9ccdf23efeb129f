import crypto from 'node:crypto'
import pg from 'pg'

/** The server tests make their temporary databases on: TEST_DATABASE_URL, or the local one. */
export function adminDatabaseUrl() {
	return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
}

function withDatabase(url: string, database: string) {
	const next = new URL(url)
	next.pathname = `/${database}`
	return next.toString()
}

/** Fails loudly (never skips) when PostgreSQL cannot be reached. */
export async function assertPostgresReachable() {
	const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5_000 })
	try {
		await client.connect()
		await client.query('select 1')
	} catch (error) {
		const safeUrl = adminDatabaseUrl().replace(/\/\/[^@/]*@/, '//…@')
		throw new Error(
			`PostgreSQL is not reachable at ${safeUrl} (${(error as Error).message}). ` +
				'Start it, or set TEST_DATABASE_URL to a server where the tests may create databases.',
		)
	} finally {
		await client.end().catch(() => {})
	}
}

/** Creates a database with a unique name, empty or a copy of `template`; drop() removes it again. */
export async function createTemporaryPostgresDatabase(label = 'test', template?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
	const name = `shop_${label
		.replace(/[^a-z0-9]/gi, '')
		.toLowerCase()
		.slice(0, 20)}_${crypto.randomBytes(5).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5_000 })
	await admin.connect()
	try {
		await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`)
	} finally {
		await admin.end()
	}
	return {
		name,
		url: withDatabase(adminDatabaseUrl(), name),
		async drop() {
			const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5_000 })
			await client.connect()
			try {
				await client.query(`drop database if exists "${name}" with (force)`)
			} finally {
				await client.end()
			}
		},
	}
}
