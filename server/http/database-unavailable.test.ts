import net from 'node:net'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { isDatabaseUnavailable } from './database-unavailable.ts'

/** A local port nothing listens on: connecting to it is refused at once. */
async function closedPort() {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.address() as net.AddressInfo
	await new Promise<void>((resolve) => server.close(() => resolve()))
	return port
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
	try {
		await work()
	} catch (error) {
		return error
	}
	throw new Error('expected the work to fail')
}

describe('isDatabaseUnavailable', () => {
	let unreachable: DatabaseHandle
	beforeAll(async () => {
		unreachable = await openDatabase({ engine: 'postgres', url: `postgres://postgres@127.0.0.1:${await closedPort()}/shop` })
	})
	afterAll(() => unreachable.close())

	it('recognises a refused connection, bare from pg and wrapped by Drizzle', async () => {
		const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 2_000 })
		expect(isDatabaseUnavailable(await failure(() => client.connect()))).toBe(true)
		const wrapped = await failure(() => unreachable.db.execute(sql`select 1`))
		expect((wrapped as Error).message).toMatch(/^Failed query/)
		expect(isDatabaseUnavailable(wrapped)).toBe(true)
	})

	it('recognises dropped connections, connect timeouts and PostgreSQL refusing service', () => {
		expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
		expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
		for (const code of ['08006', '08001', '57P01', '57P03', '57014', '53300']) {
			expect(isDatabaseUnavailable(Object.assign(new Error('server says no'), { code })), code).toBe(true)
		}
		expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(true)
	})

	it('leaves errors of the query itself, and everything else, alone', () => {
		const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })
		expect(isDatabaseUnavailable(new DrizzleQueryError('selec 1', [], syntax))).toBe(false)
		for (const code of ['23505', '40001', '42P01']) expect(isDatabaseUnavailable(Object.assign(new Error('query failed'), { code })), code).toBe(false)
		expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false)
		expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
		expect(isDatabaseUnavailable(null)).toBe(false)
	})
})
