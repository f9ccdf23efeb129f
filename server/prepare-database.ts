import type { ObjectStorage } from './storage/storage.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { runMigrations, withAdvisoryLock } from '#db/migrate.ts'
import { seedDemoCatalog, type SeedResult } from './seed/seed.ts'
import { privatizeLegacyPortraits } from './uploads/portrait-uploads.ts'
import { registerCatalogImages, type CatalogImageRegistration } from './media/register-catalog-images.ts'
import { seedShippingZones, type ShippingEnv } from './shipping/rates.ts'
import { refreshPricesNow } from './catalog/sale-prices.ts'

/** Any number that is the same for every instance: it names the advisory lock guarding seeding. */
const SEED_LOCK_KEY = 7_310_552

/**
 * Brings a database up to date at start: migrations, the prices charged now (ADR 0262), the demo catalogue if it is empty, then every
 * catalogue picture registered in the media library (pictures from before the library, ADR 0139), then
 * customers' photos stored before they were private moved under the private prefix (ADR 0173), and
 * a new shop's shipping zones from the SHIPPING_* settings (ADR 0240).
 */
export async function prepareDatabase(
	handle: DatabaseHandle,
	options: { seedDemo: boolean; storage: ObjectStorage; shipping?: ShippingEnv },
): Promise<{ shippingSeeded: boolean; seed: SeedResult | null; images: CatalogImageRegistration; privatizedPhotos: number }> {
	await runMigrations(handle)
	// A sale may have started or ended while the shop was stopped.
	await refreshPricesNow(handle.db)
	const prepare = async () => ({
		shippingSeeded: await seedShippingZones(handle.db, options.shipping ?? {}),
		seed: options.seedDemo ? await seedDemoCatalog(handle.db, options.storage) : null,
		images: await registerCatalogImages({ db: handle.db, storage: options.storage }),
		privatizedPhotos: await privatizeLegacyPortraits({ db: handle.db, storage: options.storage }),
	})
	return handle.engine === 'postgres' ? withAdvisoryLock(handle, SEED_LOCK_KEY, prepare) : prepare()
}
