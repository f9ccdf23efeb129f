import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { startFakeLibreTranslate } from './fake-libretranslate.ts'
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts'
import { startLoadBalancer, type LoadBalancer } from './load-balancer.ts'
import { createTemporaryPostgresDatabase } from './postgres.ts'
import { startS3Server } from './s3.ts'
import { startShop, type ShopProcess } from './shop-process.ts'
import { startSmtpServer } from './smtp.ts'

/** The first administrator every instance is given through ADMIN_EMAIL / ADMIN_PASSWORD. */
export const CLUSTER_ADMIN = { email: 'owner@example.test', password: 'lantern-orchard-admin-42' }

export type ShopCluster = {
	/** The app processes, all with the same environment and each with its own empty DATA_DIR. */
	instances: ShopProcess[]
	/** The address customers use: PUBLIC_URL of every instance. */
	publicUrl: string
	loadBalancer: LoadBalancer
	/** The environment every instance shares (docs/deploy.md lists the same variables). */
	env: Record<string, string>
	/** The test's own connection to the shared database, for assertions. */
	database: DatabaseHandle
	s3: Awaited<ReturnType<typeof startS3Server>>
	stripe: FakeStripe
	translator: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	smtp: Awaited<ReturnType<typeof startSmtpServer>>
	/** Starts one more instance with the shared environment and a fresh DATA_DIR, and puts it behind the balancer. */
	addInstance(): Promise<ShopProcess>
	/** Stops one instance (SIGTERM, like a rolling restart) and takes it out of the balancer. */
	removeInstance(instance: ShopProcess): Promise<number | null>
	/** Log lines at error level or above (and uncaught exceptions) written by any instance since the last call. */
	takeLoggedErrors(): string[]
	close(): Promise<void>
}

/**
 * The production layout of docs/deploy.md on one machine: several shop processes on different
 * ports behind a load balancer, sharing one PostgreSQL database, one S3-compatible bucket
 * (s3rver), one SMTP relay, Stripe (the local fake) and a translation provider (the local fake).
 * The instances start at the same moment, so they race for migrations, seeding and the first
 * administrator as a real deployment does. Everything is torn down by close(), also when start-up fails.
 */
export async function startShopCluster(options: {
	instances: number
	label: string
	/** More variables, given to every instance alike (e.g. SEED_DEMO_CATALOG=false when the demo catalogue is not needed). */
	env?: Record<string, string>
}): Promise<ShopCluster> {
	const cleanups: (() => Promise<unknown>)[] = []
	const cleanUp = async () => {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
		cleanups.length = 0
	}
	try {
		const postgres = await createTemporaryPostgresDatabase(options.label)
		cleanups.push(() => postgres.drop())
		const s3 = await startS3Server()
		cleanups.push(() => s3.close())
		const stripe = await startFakeStripe()
		cleanups.push(() => stripe.close())
		const translator = await startFakeLibreTranslate()
		cleanups.push(() => translator.close())
		const smtp = await startSmtpServer()
		cleanups.push(() => smtp.close())
		const loadBalancer = await startLoadBalancer()
		cleanups.push(() => loadBalancer.close())

		const env: Record<string, string> = {
			DATABASE_URL: postgres.url,
			PUBLIC_URL: loadBalancer.url,
			// The shops listen on loopback and the balancer connects from there.
			TRUST_PROXY: 'loopback',
			S3_BUCKET: s3.bucket,
			S3_ENDPOINT: s3.endpoint,
			S3_ACCESS_KEY_ID: s3.accessKeyId,
			S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
			SMTP_URL: smtp.url,
			STRIPE_SECRET_KEY: 'sk_test_scaleoutfake',
			STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
			STRIPE_API_URL: stripe.url,
			TRANSLATE_PROVIDER: 'libretranslate',
			LIBRETRANSLATE_URL: translator.url,
			ADMIN_EMAIL: CLUSTER_ADMIN.email,
			ADMIN_PASSWORD: CLUSTER_ADMIN.password,
			// APP_SECRET is left out on purpose: the first instance stores one and the others read it.
			// Info level, so the test can see which instance loaded the demo catalogue.
			LOG_LEVEL: 'info',
			...options.env,
		}

		const instances: ShopProcess[] = []
		/** Every process started, with how much of its output has been checked for errors. */
		const everStarted = new Map<ShopProcess, number>()
		const launch = async () => {
			// Made here rather than by startShop, so it is removed even when the process never gets ready.
			const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-data-'))
			cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }))
			const shop = await startShop({ env, dataDir, timeoutMs: 120_000 })
			everStarted.set(shop, 0)
			cleanups.push(() => shop.stop('SIGKILL'))
			return shop
		}
		const started = await Promise.allSettled(Array.from({ length: options.instances }, launch))
		const failure = started.find((result) => result.status === 'rejected')
		if (failure) throw failure.reason
		for (const result of started) if (result.status === 'fulfilled') instances.push(result.value)
		loadBalancer.setBackends(instances.map((shop) => shop.url))

		const database = await openDatabase({ engine: 'postgres', url: postgres.url, poolSize: 5 })
		// Closed before the database is dropped (cleanups run last in, first out).
		cleanups.push(() => database.close())

		return {
			instances,
			publicUrl: loadBalancer.url,
			loadBalancer,
			env,
			database,
			s3,
			stripe,
			translator,
			smtp,
			async addInstance() {
				const shop = await launch()
				instances.push(shop)
				loadBalancer.setBackends(instances.map((instance) => instance.url))
				return shop
			},
			async removeInstance(instance) {
				const index = instances.indexOf(instance)
				if (index === -1) throw new Error("that process is not one of this cluster's instances")
				instances.splice(index, 1)
				loadBalancer.setBackends(instances.map((shop) => shop.url))
				return instance.stop('SIGTERM')
			},
			takeLoggedErrors() {
				const errors: string[] = []
				for (const [shop, checked] of everStarted) {
					// Whole lines only: the last one may still be being written.
					const complete = shop.output().lastIndexOf('\n') + 1
					errors.push(...shop.output().slice(checked, complete).split('\n').filter(isErrorLine))
					everStarted.set(shop, Math.max(checked, complete))
				}
				return errors
			},
			close: cleanUp,
		}
	} catch (error) {
		await cleanUp()
		throw error
	}
}

/**
 * pino writes one JSON object a line; level 50 is error, 60 fatal. Of the other lines, those that
 * start like a thrown error (an uncaught exception's message) count too; Node's own warnings do not.
 */
function isErrorLine(line: string) {
	if (!line.startsWith('{')) return /^\w*Error\b/.test(line)
	try {
		return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50
	} catch {
		return true
	}
}
