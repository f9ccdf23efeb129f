import type { ObjectStorage } from './storage/storage.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { runMigrations, withAdvisoryLock } from '#db/migrate.ts'
import { seedDemoCatalog, type SeedResult } from './seed/seed.ts'

/** Any number that is the same for every instance: it names the advisory lock guarding seeding. */
const SEED_LOCK_KEY = 7_310_552

/** Brings a database up to date at start: migrations, then the demo catalogue if it is empty. */
export async function prepareDatabase(handle: DatabaseHandle, options: { seedDemo: boolean; storage: ObjectStorage }): Promise<{ seed: SeedResult | null }> {
	await runMigrations(handle)
	if (!options.seedDemo) return { seed: null }
	const seed =
		handle.engine === 'postgres'
			? await withAdvisoryLock(handle, SEED_LOCK_KEY, () => seedDemoCatalog(handle.db, options.storage))
			: await seedDemoCatalog(handle.db, options.storage)
	return { seed }
}
