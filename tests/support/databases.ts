import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '#db/client.ts'
import { copyOfPgliteTemplate, postgresTemplate } from './database-templates.ts'
import { createTemporaryPostgresDatabase } from './postgres.ts'

const ALL_ENGINES: DatabaseEngine[] = ['pglite', 'postgres']
/**
 * The engines the suites run on: both, unless TEST_ENGINES names some (the Node 22 and 24 CI lines
 * split the engines between them, so together they cover both without doubling the run).
 */
export const ENGINES: DatabaseEngine[] = process.env.TEST_ENGINES
	? ALL_ENGINES.filter((engine) => process.env.TEST_ENGINES!.split(',').includes(engine))
	: ALL_ENGINES

export type TestDatabase = {
	handle: DatabaseHandle
	engine: DatabaseEngine
	/** Set for PostgreSQL: where a second connection (or a spawned server) can reach the same data. */
	url?: string
	/** Opens one more handle on the same database (PostgreSQL only), like a second app instance would. */
	openAnother(): Promise<DatabaseHandle>
	cleanup(): Promise<void>
}

/**
 * A fresh, migrated database on the given engine: PGlite in a temporary folder, or a temporary
 * PostgreSQL database that cleanup() drops. Migrated ones are copies of a template migrated once.
 */
export async function createTestDatabase(engine: DatabaseEngine, options: { migrate?: boolean; label?: string } = {}): Promise<TestDatabase> {
	const extraHandles: DatabaseHandle[] = []
	if (engine === 'pglite') {
		const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pglite-'))
		if (options.migrate !== false) await copyOfPgliteTemplate(dataDir)
		const handle = await openDatabase({ engine: 'pglite', dataDir })
		return {
			handle,
			engine,
			async openAnother() {
				throw new Error('PGlite serves one process per data directory; use PostgreSQL for several handles')
			},
			async cleanup() {
				await handle.close()
				await fs.rm(dataDir, { recursive: true, force: true })
			},
		}
	}
	const template = options.migrate === false ? undefined : await postgresTemplate()
	const database = await createTemporaryPostgresDatabase(options.label, template)
	const handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 20 })
	return {
		handle,
		engine,
		url: database.url,
		async openAnother() {
			const another = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 20 })
			extraHandles.push(another)
			return another
		},
		async cleanup() {
			await Promise.all([handle, ...extraHandles].map((h) => h.close()))
			await database.drop()
		},
	}
}
