import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { appSettings } from '#db/schema/index.ts'

const KEY = 'app_secret'

/**
 * The secret that signs cookies. APP_SECRET wins when set; otherwise one is generated on first
 * start and kept in the database, so every instance on that database signs alike.
 */
export async function loadAppSecret(db: Database, fromEnv: string | undefined): Promise<string> {
	if (fromEnv) return fromEnv
	await db
		.insert(appSettings)
		.values({ key: KEY, value: crypto.randomBytes(32).toString('base64url') })
		.onConflictDoNothing({ target: appSettings.key })
	const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
	if (!row) throw new Error('app secret missing after insert')
	return row.value
}
