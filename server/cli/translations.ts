/**
 * `npm run translations -- backfill`: queues every content text that has no translation yet and
 * translates it now, retrying earlier failures at once. `npm run translations -- status` counts.
 */
import { sql } from 'drizzle-orm'
import { queryRows } from '#db/client.ts'
import { translations } from '#db/schema/index.ts'
import { createLogger } from '../logger.ts'
import { createContentTranslation } from '../services.ts'
import { syncTranslations } from '../translation/sync.ts'
import { openDatabaseForCli } from './open-for-cli.ts'

const USAGE = 'Usage: npm run translations -- backfill | status'
const command = process.argv[2]
if (command !== 'backfill' && command !== 'status') {
	process.stderr.write(`${USAGE}\n`)
	process.exit(1)
}

const { env, handle, close } = await openDatabaseForCli()
let exitCode = 0
try {
	const log = createLogger({ LOG_LEVEL: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL })
	const translation = createContentTranslation(env, handle.db, log)
	if (command === 'backfill') {
		if (!translation.provider) {
			process.stderr.write('Machine translation is off: set TRANSLATE_PROVIDER (libretranslate or deepl) first.\n')
			exitCode = 1
		} else {
			const { queued } = await syncTranslations(handle.db)
			// Everything missing is due now, earlier failures included.
			await handle.db.execute(
				sql`update ${translations} set attempts = 0, next_attempt_at = now(), last_error = null where translated_text is null and not stale`,
			)
			const translated = await translation.worker.runOnce()
			const [left] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${translations} where translated_text is null and not stale`)
			console.log(`Queued ${queued} new texts; translated ${translated} with ${translation.providerName}; ${left?.n ?? 0} still missing.`)
			if ((left?.n ?? 0) > 0) {
				console.log('The missing ones failed (see the log lines above); the server retries them, or run this again.')
				exitCode = 1
			}
		}
	}
	if (command === 'status') {
		await syncTranslations(handle.db)
		const rows = await queryRows<{ locale: string; translated: number; overridden: number; missing: number }>(
			handle.db,
			sql`select locale, count(*) filter (where translated_text is not null)::int as translated,
				count(*) filter (where override_text is not null)::int as overridden,
				count(*) filter (where translated_text is null)::int as missing
			from ${translations} where not stale group by locale order by locale`,
		)
		console.log(`Provider: ${translation.providerName}`)
		for (const row of rows) console.log(`${row.locale}: ${row.translated} translated, ${row.overridden} overridden, ${row.missing} missing`)
	}
	await translation.worker.stop()
} finally {
	await close()
}
process.exit(exitCode)
