/** `npm run db:seed`: loads the demo catalogue into the configured database if it has no catalogue. */
import { seedDemoCatalog } from '#server/seed/seed.ts'
import { createStorage } from '../services.ts'
import { openDatabaseForCli } from './open-for-cli.ts'

const { env, handle, close } = await openDatabaseForCli()
try {
	const result = await seedDemoCatalog(handle.db, createStorage(env))
	console.log(
		result.seeded
			? `Demo catalogue loaded: ${result.categories} categories, ${result.products} products.`
			: 'The database already has a catalogue; nothing was changed.',
	)
} finally {
	await close()
}
