import { StorefrontQueryCache, uncachedStorefrontQueries, type StorefrontQueries } from './cache/storefront-queries.ts'
import { createSaleBoundaryTimer, nextSaleBoundary } from './cache/sale-boundaries.ts'
import { refreshPricesNow } from './catalog/sale-prices.ts'
import path from 'node:path'
import { invoicingConfig } from './invoices/config.ts'
import { emailAttachments } from './invoices/documents.ts'
import { openDatabase, type Database, type DatabaseHandle } from '#db/client.ts'
import { withAdvisoryLock } from '#db/migrate.ts'
import { STOREFRONT_CHANGED_CHANNEL, type NotificationListener } from '#db/notifications.ts'
import { prepareDatabase } from '#server/prepare-database.ts'
import { startOrderErasure } from './account/order-erasure.ts'
import { createAuth, type ShopAuth } from './auth/auth.ts'
import { ensureAdminFromEnv, logAdminHint } from './auth/bootstrap.ts'
import type { Env } from './config/env.ts'
import { createFileTransport } from './email/file-transport.ts'
import { createEmailSender, type EmailSender } from './email/sender.ts'
import { createSmtpTransport } from './email/smtp-transport.ts'
import { PageCache } from './http/page-cache.ts'
import { countRequestQuery, noteDatabaseHold } from './http/server-timing.ts'
import type { Logger } from './logger.ts'
import type { OrderEmailContext } from './orders/emails.ts'
import { createPeriodicJob, type PeriodicJob } from './jobs/periodic-job.ts'
import { createStockAlertJob } from './marketing/stock-alerts.ts'
import { createCheckoutReminderJob } from './marketing/checkout-reminders.ts'
import { createCampaignJob } from './marketing/campaigns.ts'
import { eFacturaSettings } from './efactura/config.ts'
import { eFacturaEnabledSince } from './efactura/upload-job.ts'
import { createEFacturaUploads, type EFacturaUploads } from './efactura/uploads.ts'
import { reconcilePendingOrders } from './orders/reconcile.ts'
import { createPaymentProvider } from './payments/configure.ts'
import type { PaymentProvider } from './payments/provider.ts'
import { loadAppSecret } from './secret.ts'
import { startScheduledBackups } from './backup/schedule.ts'
import { createExpiredRowsJob } from './security/expired-rows.ts'
import { createCustomerFiguresJob } from './customers/customer-figures-job.ts'
import { createLocalStorage } from './storage/local-storage.ts'
import { createTaxServices } from './tax/configure.ts'
import type { VatNumberChecker } from './tax/vies.ts'
import { createS3Storage, defaultS3PublicUrl } from './storage/s3-storage.ts'
import { createTranslationProvider } from './translation/providers.ts'
import { createTranslationService, type TranslationService } from './translation/service.ts'
import { createTranslationWorker, type TranslationWorker } from './translation/worker.ts'
import type { ObjectStorage } from './storage/storage.ts'
import { startUploadRetention, type UploadRetention } from './uploads/portrait-uploads.ts'

/** Everything a request handler may use; made once at start, shared by every request. */
export type AppServices = {
	env: Env
	log: Logger
	database: DatabaseHandle
	db: Database
	storage: ObjectStorage
	email: EmailSender
	/** Deletes portrait photos no order claimed (UPLOAD_RETENTION_DAYS). */
	uploadRetention: UploadRetention
	/** Signs cookies; see loadAppSecret. */
	secret: string
	/** Content translation (server/translation): cache reads for pages, the provider and its background job. */
	translation: ContentTranslation
	/** Card payments (Stripe or the test card page); null when checkout is closed (ADR 0040). */
	payments: PaymentProvider | null
	/** Checks buyers' EU VAT numbers (VIES, or nothing: VAT_NUMBER_CHECK, ADR 0150). */
	vatNumbers: VatNumberChecker
	/** Shop details every order email carries. */
	orderMail: OrderEmailContext
	/** The e-Factura upload (ADR 0160); null without ANAF credentials: documents are then uploaded by hand. */
	eFactura: EFacturaUploads | null
	/** Queues newsletter campaigns' emails at their pace (ADR 0270); nudge it when a campaign starts. */
	newsletterCampaigns: PeriodicJob<number>
	/** Stops background jobs other than the email sender. */
	stopJobs: () => Promise<void>
	/** Accounts and sessions (better-auth on our database); see server/auth. */
	auth: ShopAuth
	/** Storefront pages for anonymous visitors, dropped on every catalogue change (ADR 0091); null when off. */
	pageCache: PageCache | null
	/** Hears the database announce catalogue changes for the page cache and the storefront reads. */
	pageCacheListener: NotificationListener | null
	/** Catalogue reads shared by every request, dropped on every catalogue change (ADR 0122). */
	storefrontQueries: StorefrontQueries
}

/** Names the advisory lock under which instances make sure the first administrator exists (db/ holds the others). */
const ADMIN_BOOTSTRAP_LOCK_KEY = 7_310_553

export type ContentTranslation = TranslationService & { worker: TranslationWorker }

/** The translation service and its background job (not started: main.ts starts it once the server listens). */
export function createContentTranslation(env: Env, db: Database, log: Logger): ContentTranslation {
	const service = createTranslationService({ db, provider: createTranslationProvider(env), log: log.child({ component: 'translation' }) })
	return Object.assign(service, { worker: createTranslationWorker({ db, service }) })
}

export function createStorage(env: Env): ObjectStorage {
	if (env.S3_BUCKET) {
		return createS3Storage({
			bucket: env.S3_BUCKET,
			region: env.S3_REGION,
			endpoint: env.S3_ENDPOINT,
			accessKeyId: env.S3_ACCESS_KEY_ID,
			secretAccessKey: env.S3_SECRET_ACCESS_KEY,
			publicUrl: env.S3_PUBLIC_URL ?? defaultS3PublicUrl({ bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT }),
		})
	}
	return createLocalStorage(path.join(env.DATA_DIR, 'uploads'))
}

export function mailFolder(env: Pick<Env, 'DATA_DIR'>) {
	return path.join(env.DATA_DIR, 'mail')
}

export async function createServices(env: Env, log: Logger): Promise<AppServices> {
	// SERVER_TIMING counts each request's queries and, on PGlite, times its holds (server/http/server-timing.ts); off, no hook at all.
	const onQuery = env.SERVER_TIMING ? countRequestQuery : undefined
	const database = await openDatabase(
		env.DATABASE_URL
			? { engine: 'postgres', url: env.DATABASE_URL, onQuery, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS }
			: { engine: 'pglite', dataDir: env.DATA_DIR, onQuery, onHold: env.SERVER_TIMING ? noteDatabaseHold : undefined },
	)
	try {
		const storage = createStorage(env)
		const { shippingSeeded, seed, images, privatizedPhotos } = await prepareDatabase(database, { seedDemo: env.SEED_DEMO_CATALOG, storage, shipping: env })
		if (shippingSeeded) log.info('shipping zones created from the SHIPPING_* settings')
		if (privatizedPhotos > 0) log.info({ count: privatizedPhotos }, 'portrait photos moved to private storage')
		if (seed?.seeded) log.info({ categories: seed.categories, products: seed.products }, 'demo catalogue loaded')
		if (images.registered > 0) log.info({ registered: images.registered }, 'catalogue pictures added to the media library')
		if (images.skipped.length > 0)
			log.warn({ urls: images.skipped.slice(0, 20), count: images.skipped.length }, 'catalogue pictures not in storage: not added to the media library')
		const secret = await loadAppSecret(database.db, env.APP_SECRET)
		const auth = createAuth({ db: database.db, env, secret, log: log.child({ component: 'auth' }) })
		// Instances starting together would both create the account, and the loser's unique-key
		// error would be logged as a failure; one at a time, the later ones find it there.
		const ensureAdmin = () => ensureAdminFromEnv({ db: database.db, auth, env, log })
		await (database.engine === 'postgres' ? withAdvisoryLock(database, ADMIN_BOOTSTRAP_LOCK_KEY, ensureAdmin) : ensureAdmin())
		await logAdminHint({ db: database.db, env, log })
		// A stock raise is a catalogue change: every instance hearing one looks for the back-in-stock alerts it
		// made due (the alert job, made below once the email sender exists, takes this over).
		const catalogueChanged = { nudge: () => {} }
		const { pageCache, pageCacheListener, storefrontQueries } = await createStorefrontCaches(env, database, log, () => catalogueChanged.nudge())

		const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, { leaseSeconds: env.EMAIL_LEASE_SECONDS }) : createFileTransport(mailFolder(env))
		const email = createEmailSender({
			db: database.db,
			transport,
			from: env.MAIL_FROM,
			messageIdDomain: new URL(env.PUBLIC_URL).hostname,
			log: log.child({ component: 'email' }),
			pollIntervalMs: env.EMAIL_POLL_INTERVAL_MS,
			leaseSeconds: env.EMAIL_LEASE_SECONDS,
			makeAttachments: (refs) => emailAttachments(database.db, refs),
		})
		const uploadRetention = startUploadRetention(
			{ db: database.db, storage, log: log.child({ component: 'upload-retention' }) },
			{ retentionDays: env.UPLOAD_RETENTION_DAYS },
		)
		const orderErasure = startOrderErasure({ db: database.db, storage, log: log.child({ component: 'order-erasure' }) })
		const translation = createContentTranslation(env, database.db, log)
		const payments = createPaymentProvider(env, database.db)
		if (!payments) log.warn('checkout is closed: set STRIPE_SECRET_KEY (or PAYMENTS_TEST_MODE=1 for the test card page)')
		else log.info({ provider: payments.name }, 'card payments ready')
		const orderMail: OrderEmailContext = {
			shopAddress: env.SHOP_ADDRESS,
			publicUrl: env.PUBLIC_URL,
			invoicing: invoicingConfig(env),
			ownerEmail: env.OWNER_EMAIL ?? env.SHOP_EMAIL,
			linkSecret: secret,
		}
		const reconcileLog = log.child({ component: 'reconcile' })
		const reconciler = createPeriodicJob({
			name: 'payment reconciliation',
			round: () => reconcilePendingOrders({ db: database.db, mail: orderMail, payments, nudgeEmail: () => email.nudge(), log: reconcileLog }),
			onFailure: null,
			intervalMs: env.RECONCILE_INTERVAL_MS,
			log: reconcileLog,
		})
		// The first pass waits one interval too, so a CLI run or a test right after start never races it.
		reconciler.start()
		const expiredRows = createExpiredRowsJob({ db: database.db, log: log.child({ component: 'expired-rows' }) })
		expiredRows.start()
		const customerFigures = createCustomerFiguresJob({ db: database.db, log: log.child({ component: 'customer-figures' }) })
		customerFigures.start()
		const stockAlerts = createStockAlertJob({
			db: database.db,
			mail: orderMail,
			nudgeEmail: () => email.nudge(),
			intervalMs: env.STOCK_ALERT_INTERVAL_MS,
			log: log.child({ component: 'stock-alerts' }),
		})
		stockAlerts.start()
		catalogueChanged.nudge = () => stockAlerts.nudge()
		const checkoutReminders = createCheckoutReminderJob({
			db: database.db,
			mail: orderMail,
			delayMs: env.CHECKOUT_REMINDER_DELAY_MS,
			nudgeEmail: () => email.nudge(),
			intervalMs: env.CHECKOUT_REMINDER_INTERVAL_MS,
			log: log.child({ component: 'checkout-reminders' }),
		})
		checkoutReminders.start()
		const newsletterCampaigns = createCampaignJob({
			db: database.db,
			settings: { publicUrl: env.PUBLIC_URL, sendsPerMinute: env.NEWSLETTER_SENDS_PER_MINUTE },
			nudgeEmail: () => email.nudge(),
			log: log.child({ component: 'newsletter-campaigns' }),
		})
		const efacturaSettings = eFacturaSettings(env)
		const eFactura = efacturaSettings ? createEFacturaUploads({ db: database.db, settings: efacturaSettings, log: log.child({ component: 'efactura' }) }) : null
		if (efacturaSettings) {
			// Marked before the shop answers anyone: every document issued from here on is uploaded,
			// even one issued before the job's first round.
			await eFacturaEnabledSince(database.db, new Date())
			log.info({ environment: efacturaSettings.environment }, 'e-Factura upload configured')
		}
		const tax = createTaxServices(env, database.db, log)
		// Soon after start, so a shop that was down for days has today's rate before its first sale.
		tax.exchangeRates?.start(2000)
		const scheduledBackups = startScheduledBackups({ database, storage, env, log: log.child({ component: 'backup' }) })
		return {
			env,
			log,
			database,
			db: database.db,
			storage,
			email,
			uploadRetention,
			secret,
			translation,
			auth,
			payments,
			vatNumbers: tax.vatNumbers,
			orderMail,
			eFactura,
			newsletterCampaigns,
			stopJobs: async () => {
				await newsletterCampaigns.stop()
				await eFactura?.job.stop()
				await reconciler.stop()
				await tax.exchangeRates?.stop()
				await orderErasure.stop()
				await expiredRows.stop()
				await customerFigures.stop()
				await stockAlerts.stop()
				await checkoutReminders.stop()
				await scheduledBackups?.stop()
			},
			pageCache,
			pageCacheListener,
			storefrontQueries,
		}
	} catch (error) {
		await database.close()
		throw error
	}
}

/**
 * The page cache (off with PAGE_CACHE_MB=0) and the shared storefront reads, both emptied by every
 * announced catalogue change, and at the moment a scheduled sale starts or ends (ADR 0247). Neither
 * in development, where code changes with every save.
 */
async function createStorefrontCaches(env: Env, database: DatabaseHandle, log: Logger, onCatalogueChanged: () => void) {
	if (env.NODE_ENV === 'development') return { pageCache: null, pageCacheListener: null, storefrontQueries: uncachedStorefrontQueries }
	const pageCache = env.PAGE_CACHE_MB === 0 ? null : new PageCache({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 })
	const storefrontQueries = new StorefrontQueryCache()
	const saleBoundaries = createSaleBoundaryTimer({
		nextBoundary: (now) => nextSaleBoundary(database.db, now),
		onBoundary: () => {
			pageCache?.invalidate()
			storefrontQueries.invalidate()
			// The catalogue's order by price follows the sale (ADR 0262); the write is announced, so caches filled meanwhile go too.
			refreshPricesNow(database.db).catch((error: unknown) => log.warn({ err: error }, 'prices charged now could not be refreshed'))
		},
		onError: (error) => log.warn({ err: error }, 'next sale start or end could not be read'),
	})
	const listener = await database.listen(STOREFRONT_CHANGED_CHANNEL, {
		onNotification: () => {
			pageCache?.invalidate()
			storefrontQueries.invalidate()
			saleBoundaries.reschedule()
			onCatalogueChanged()
		},
		onReady: () => {
			pageCache?.listeningStarted()
			storefrontQueries.listeningStarted()
			saleBoundaries.reschedule()
		},
		onLost: () => {
			pageCache?.listeningStopped()
			storefrontQueries.listeningStopped()
		},
	})
	const pageCacheListener: NotificationListener = {
		close: async () => {
			saleBoundaries.stop()
			await listener.close()
		},
	}
	return { pageCache, pageCacheListener, storefrontQueries }
}

export async function closeServices(services: AppServices) {
	await services.pageCacheListener?.close()
	await services.stopJobs()
	await services.translation.worker.stop()
	await services.email.stop()
	await services.uploadRetention.stop()
	await services.database.close()
}
