import type { ObjectStorage } from './storage/storage.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { runMigrations, withAdvisoryLock } from '#db/migrate.ts'
import { seedDemoCatalog, type SeedResult } from './seed/seed.ts'
import { registerCatalogImages, type CatalogImageRegistration } from './media/register-catalog-images.ts'

/** Any number that is the same for every instance: it names the advisory lock guarding seeding. */
const SEED_LOCK_KEY = 7_310_552

/**
 * Brings a database up to date at start: migrations, the demo catalogue if it is empty, then every
 * catalogue picture registered in the media library (pictures from before the library, ADR 0139).
 */
export async function prepareDatabase(
	handle: DatabaseHandle,
	options: { seedDemo: boolean; storage: ObjectStorage },
): Promise<{ seed: SeedResult | null; images: CatalogImageRegistration }> {
	await runMigrations(handle)
	const prepare = async () => ({
		seed: options.seedDemo ? await seedDemoCatalog(handle.db, options.storage) : null,
		images: await registerCatalogImages({ db: handle.db, storage: options.storage }),
	})
	return handle.engine === 'postgres' ? withAdvisoryLock(handle, SEED_LOCK_KEY, prepare) : prepare()
}
