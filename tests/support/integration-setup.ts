import { assertPostgresReachable } from './postgres.ts'
import { ensureBuild } from './shop-process.ts'

/**
 * Integration tests run on PGlite and on PostgreSQL; without PostgreSQL they fail, never skip.
 * Some start the built server as a process, so the build must be current.
 */
export default async function setup() {
	await assertPostgresReachable()
	ensureBuild()
}
