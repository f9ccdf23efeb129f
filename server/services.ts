import path from 'node:path'
import { openDatabase, type Database, type DatabaseHandle } from '#db/client.ts'
import { prepareDatabase } from '#db/prepare.ts'
import type { Env } from './config/env.ts'
import { createFileTransport } from './email/file-transport.ts'
import { createEmailSender, type EmailSender } from './email/sender.ts'
import { createSmtpTransport } from './email/smtp-transport.ts'
import type { Logger } from './logger.ts'
import { loadAppSecret } from './secret.ts'
import { createLocalStorage } from './storage/local-storage.ts'
import type { ObjectStorage } from './storage/storage.ts'

/** Everything a request handler may use; made once at start, shared by every request. */
export type AppServices = {
	env: Env
	log: Logger
	database: DatabaseHandle
	db: Database
	storage: ObjectStorage
	email: EmailSender
	/** Signs cookies; see loadAppSecret. */
	secret: string
}

export function createStorage(env: Env): ObjectStorage {
	return createLocalStorage(path.join(env.DATA_DIR, 'uploads'))
}

export function mailFolder(env: Pick<Env, 'DATA_DIR'>) {
	return path.join(env.DATA_DIR, 'mail')
}

export async function createServices(env: Env, log: Logger): Promise<AppServices> {
	const database = await openDatabase(
		env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.DATA_DIR },
	)
	try {
		const storage = createStorage(env)
		const { seed } = await prepareDatabase(database, { seedDemo: env.SEED_DEMO_CATALOG, storage })
		if (seed?.seeded) log.info({ categories: seed.categories, products: seed.products }, 'demo catalogue loaded')
		const secret = await loadAppSecret(database.db, env.APP_SECRET)

		const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFileTransport(mailFolder(env))
		const email = createEmailSender({
			db: database.db,
			transport,
			from: env.MAIL_FROM,
			messageIdDomain: new URL(env.PUBLIC_URL).hostname,
			log: log.child({ component: 'email' }),
			pollIntervalMs: env.EMAIL_POLL_INTERVAL_MS,
		})
		return { env, log, database, db: database.db, storage, email, secret }
	} catch (error) {
		await database.close()
		throw error
	}
}

export async function closeServices(services: AppServices) {
	await services.email.stop()
	await services.database.close()
}
