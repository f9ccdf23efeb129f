import path from 'node:path'
import { isRegionCode } from '#domain/shipping.ts'
import { z } from 'zod'
import { INVOICE_SERIES_PATTERN } from '../../domain/invoices/invoice.ts'
import { normaliseIban, normaliseRomanianTaxId } from '../../domain/invoices/tax-ids.ts'
import { parseVatRates } from '../../domain/invoices/vat.ts'

const port = z.coerce
	.number({ error: 'must be a port number' })
	.int('must be a whole number')
	.min(1, 'must be between 1 and 65535')
	.max(65535, 'must be between 1 and 65535')

const postgresUrl = z
	.string()
	.trim()
	.refine((value) => {
		try {
			const url = new URL(value)
			return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
		} catch {
			return false
		}
	}, 'must be a URL like postgres://user:password@host:5432/database')

const httpUrl = z
	.string()
	.trim()
	.refine((value) => {
		try {
			const url = new URL(value)
			return url.protocol === 'http:' || url.protocol === 'https:'
		} catch {
			return false
		}
	}, 'must be an http:// or https:// URL')
	.transform((value) => value.replace(/\/+$/, ''))

const smtpUrl = z
	.string()
	.trim()
	.refine((value) => /^smtps?:\/\/[^/]+/.test(value), 'must be a URL like smtp://user:password@host:587')

const flag = z
	.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be true or false' })
	.transform((value) => value === '1' || value === 'true' || value === 'yes')

/** A euro amount such as 4.99 (or 4,99), kept as integer cents. */
/** 'RO, ES,de' → ['RO', 'ES', 'DE']: ISO 3166-1 alpha-2 codes that name a real region. */
const countryList = z
	.string()
	.transform((value) => [
		...new Set(
			value
				.split(',')
				.map((code) => code.trim().toUpperCase())
				.filter(Boolean),
		),
	])
	.pipe(
		z
			.array(z.string().refine((code) => isRegionCode(code), { error: (issue) => `${String(issue.input)} is not an ISO 3166-1 country code` }))
			.min(1, 'must name at least one country, e.g. RO,ES'),
	)

const euroCents = z
	.string()
	.trim()
	.refine((value) => /^\d{1,6}([.,]\d{1,2})?$/.test(value), 'must be an amount in euro such as 4.99')
	.transform((value) => Math.round(Number(value.replace(',', '.')) * 100))

/** The shop's company details printed on invoices (ADR 0118); demo values until the owner sets them. */
const sellerText = (max: number) => z.string().trim().min(2, 'must not be empty').max(max, `must be at most ${max} characters`)

/** Empty strings count as unset, so `FOO=` in an .env file behaves like leaving FOO out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const envSchema = z
	.object({
		NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).default('production'),
		PORT: port.default(3000),
		HOST: z.string().trim().min(1).default('0.0.0.0'),
		DATA_DIR: z.string().trim().min(1).default('./data'),
		DATABASE_URL: optional(postgresUrl),
		PUBLIC_URL: optional(httpUrl),
		LOG_LEVEL: z
			.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
			.default('info'),
		/** Express "trust proxy": false, true, a hop count, or addresses (loopback, 10.0.0.0/8, …). */
		TRUST_PROXY: z
			.string()
			.trim()
			.default('false')
			.transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value)),
		APP_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
		SEED_DEMO_CATALOG: flag.default(true),
		SMTP_URL: optional(smtpUrl),
		MAIL_FROM: z.string().trim().min(3).default('Lumină & Carton <shop@localhost>'),
		EMAIL_POLL_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(50).max(600_000).default(2000),
		/** How long a sender holds a message it is delivering; the SMTP timeouts are set to fit inside it. */
		EMAIL_LEASE_SECONDS: z.coerce
			.number({ error: 'must be a number of seconds' })
			.int('must be a whole number of seconds')
			.min(10, 'must be between 10 and 3600')
			.max(3600, 'must be between 10 and 3600')
			.default(60),
		/** Portrait photos that no order claimed are deleted after this many days. */
		UPLOAD_RETENTION_DAYS: z.coerce
			.number({ error: 'must be a number of days' })
			.int('must be a whole number of days')
			.min(1, 'must be between 1 and 365')
			.max(365, 'must be between 1 and 365')
			.default(7),
		/** S3-compatible storage instead of DATA_DIR/uploads when S3_BUCKET is set. */
		S3_BUCKET: optional(
			z
				.string()
				.trim()
				.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots or hyphens)'),
		),
		S3_ENDPOINT: optional(httpUrl),
		S3_REGION: z.string().trim().min(1).default('us-east-1'),
		S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
		S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
		S3_PUBLIC_URL: optional(httpUrl),
		/** Machine translation of content (names, descriptions) from Romanian. */
		TRANSLATE_PROVIDER: z.enum(['none', 'libretranslate', 'deepl'], { error: 'must be none, libretranslate or deepl' }).default('none'),
		LIBRETRANSLATE_URL: optional(httpUrl),
		LIBRETRANSLATE_API_KEY: optional(z.string().trim().min(1)),
		DEEPL_API_KEY: optional(z.string().trim().min(1)),
		DEEPL_API_URL: optional(httpUrl),
		TRANSLATE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(120_000).default(10_000),
		/** Invoices (ADR 0118): the series, e.g. LC gives LC-2026-000123. */
		INVOICE_SERIES: z
			.string()
			.trim()
			.toUpperCase()
			.regex(INVOICE_SERIES_PATTERN, 'must be 1-8 capital letters or digits, starting with a letter (parts may be joined by hyphens, e.g. LC or LC-S)')
			.default('LC'),
		SELLER_NAME: optional(sellerText(200)),
		/** CUI / CIF, with RO in front when registered for VAT. */
		SELLER_TAX_ID: optional(
			z
				.string()
				.trim()
				.transform(
					(value, ctx) =>
						normaliseRomanianTaxId(value) ??
						(ctx.addIssue({ code: 'custom', message: 'must be a Romanian CUI such as RO18547290 (its control digit did not match)' }), z.NEVER),
				),
		),
		SELLER_TRADE_REGISTER: optional(sellerText(40)),
		SELLER_STREET: optional(sellerText(200)),
		SELLER_CITY: optional(sellerText(100)),
		/** ISO 3166-2 county code for e-Factura: RO-CJ, RO-B (Bucharest) … */
		SELLER_COUNTY: optional(
			z
				.string()
				.trim()
				.toUpperCase()
				.regex(/^RO-[A-Z]{1,2}$/, 'must be a Romanian county code such as RO-CJ or RO-B'),
		),
		SELLER_POSTAL_CODE: optional(
			z
				.string()
				.trim()
				.regex(/^\d{6}$/, 'must be a Romanian postal code of 6 digits'),
		),
		SELLER_IBAN: optional(
			z
				.string()
				.trim()
				.transform(
					(value, ctx) => normaliseIban(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be an IBAN (its check digits did not match)' }), z.NEVER),
				),
		),
		SELLER_BANK: optional(sellerText(100)),
		/** VAT (ADR 0119): false for a shop not registered for VAT; invoices then say VAT is not applicable. */
		VAT_REGISTERED: flag.default(true),
		VAT_RATE: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce.number({ error: 'must be a percent such as 21' }).min(0, 'must be between 0 and 50').max(50, 'must be between 0 and 50').default(21),
		),
		/** EU one-stop shop: consumers in other EU countries pay their country's rate. */
		VAT_OSS: flag.default(false),
		/** Rates per destination that replace the built-in EU table, e.g. ES:21,DE:19. */
		VAT_RATES: z
			.string()
			.default('')
			.transform((value, ctx) => {
				const parsed = parseVatRates(value)
				if (typeof parsed === 'string') {
					ctx.addIssue({ code: 'custom', message: parsed })
					return z.NEVER
				}
				return parsed
			}),
		/** Shop postal address printed in order emails. */
		SHOP_ADDRESS: z.string().trim().min(2).max(300).default('România'),
		STRIPE_SECRET_KEY: optional(
			z
				.string()
				.trim()
				.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
		),
		STRIPE_WEBHOOK_SECRET: optional(
			z
				.string()
				.trim()
				.regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
		),
		/** Another Stripe-compatible API base URL (a local mock server); the real API when unset. */
		STRIPE_API_URL: optional(httpUrl),
		/** Allows the built-in test card page when NODE_ENV=production (it is the default elsewhere). */
		PAYMENTS_TEST_MODE: flag.default(false),
		SHIPPING_RO: optional(euroCents),
		SHIPPING_ES: optional(euroCents),
		SHIPPING_EU: optional(euroCents),
		SHIPPING_WORLD: optional(euroCents),
		FREE_SHIPPING_FROM: optional(euroCents),
		/** ISO codes of the countries the shop ships to (comma-separated); the EU by default. */
		SHIP_TO_COUNTRIES: optional(countryList),
		/** How often pending payments whose session should have ended are re-checked. */
		RECONCILE_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1000).max(86_400_000).default(60_000),
		/** Where contact-form messages go. */
		SHOP_EMAIL: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.email({ error: 'must be an email address' }).default('contact@luminasicarton.ro'),
		),
		/** Where the owner is told of each paid order (ADR 0116); SHOP_EMAIL when unset. */
		OWNER_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email({ error: 'must be an email address' }).optional()),
		/** Lei per euro for the approximate price shown to Romanian visitors on product pages. */
		RON_PER_EUR: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce.number({ error: 'must be a number such as 4.97' }).positive('must be greater than 0').max(100, 'must be at most 100').default(4.97),
		),
		/** First administrator: ensured at start (created with ADMIN_PASSWORD if missing, given the admin role). */
		ADMIN_EMAIL: optional(z.string().trim().max(255, 'must be an email address').pipe(z.email('must be an email address'))),
		ADMIN_PASSWORD: optional(z.string().min(8, 'must have at least 8 characters').max(128, 'must have at most 128 characters')),
		/** Count each request's database queries and send them in a Server-Timing header (benchmarks, profiling). */
		SERVER_TIMING: flag.default(false),
		/** V8 collects garbage once the heap has grown this much past what survived the last collection; 0 leaves it to V8 (ADR 0092). */
		HEAP_GROWING_PERCENT: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce
				.number({ error: 'must be a whole number of percent' })
				.int('must be a whole number of percent')
				.min(0, 'must be between 0 and 400')
				.max(400, 'must be between 0 and 400')
				.default(50),
		),
		/** Scheduled backups (ADR 0111): one every this many hours, by one instance; 0 or unset: off. */
		BACKUP_INTERVAL_HOURS: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce
				.number({ error: 'must be a number of hours' })
				.min(0, 'must be 0 (off) or between 1 and 720')
				.max(720, 'must be 0 (off) or between 1 and 720')
				.refine((hours) => hours === 0 || hours >= 1, 'must be 0 (off) or between 1 and 720')
				.default(0),
		),
		/** Where scheduled backups (and `npm run backup` without a file name) go; DATA_DIR/backups by default. */
		BACKUP_DIR: optional(z.string().trim().min(1)),
		/** How many scheduled backups to keep; older ones are deleted after each new one. */
		BACKUP_KEEP: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce
				.number({ error: 'must be a whole number' })
				.int('must be a whole number')
				.min(1, 'must be between 1 and 1000')
				.max(1000, 'must be between 1 and 1000')
				.default(14),
		),
		/** Memory for ready-made storefront pages served to anonymous visitors; 0 turns the page cache off. */
		PAGE_CACHE_MB: z.preprocess(
			(value) => (value === '' ? undefined : value),
			z.coerce
				.number({ error: 'must be a number of megabytes' })
				.int('must be a whole number of megabytes')
				.min(0, 'must be between 0 and 4096')
				.max(4096, 'must be between 0 and 4096')
				.default(64),
		),
	})
	.superRefine((env, ctx) => {
		if (env.TRANSLATE_PROVIDER === 'libretranslate' && !env.LIBRETRANSLATE_URL) {
			ctx.addIssue({ code: 'custom', path: ['LIBRETRANSLATE_URL'], message: 'is required when TRANSLATE_PROVIDER=libretranslate' })
		}
		if (env.TRANSLATE_PROVIDER === 'deepl' && !env.DEEPL_API_KEY) {
			ctx.addIssue({ code: 'custom', path: ['DEEPL_API_KEY'], message: 'is required when TRANSLATE_PROVIDER=deepl' })
		}
		if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
			const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
			ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other S3 access key variable is set' })
		}
		// A shop taking real money issues real invoices: the demo seller will not do.
		if (env.STRIPE_SECRET_KEY?.includes('_live_')) {
			for (const name of SELLER_REQUIRED_LIVE) {
				if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with a live Stripe key: invoices carry it' })
			}
		}
		if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be set when ADMIN_EMAIL is' })
		if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set when ADMIN_PASSWORD is' })
	})

/** Seller details a live shop must give (the demo values stand in elsewhere). */
const SELLER_REQUIRED_LIVE = [
	'SELLER_NAME',
	'SELLER_TAX_ID',
	'SELLER_TRADE_REGISTER',
	'SELLER_STREET',
	'SELLER_CITY',
	'SELLER_COUNTY',
	'SELLER_IBAN',
	'SELLER_BANK',
] as const

type ParsedEnv = z.infer<typeof envSchema>

export type Env = Omit<ParsedEnv, 'PUBLIC_URL' | 'DATA_DIR' | 'BACKUP_DIR'> & {
	/** Absolute path. */
	DATA_DIR: string
	/** Absolute path: BACKUP_DIR, or DATA_DIR/backups. */
	BACKUP_DIR: string
	/** Always set: defaults to http://localhost:PORT. No trailing slash. */
	PUBLIC_URL: string
	databaseEngine: 'pglite' | 'postgres'
}

/** Values of these may hold credentials, so errors never echo them. */
const SENSITIVE = /SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL/

export class EnvError extends Error {
	override name = 'EnvError'
}

/** Parses the environment; throws an EnvError whose message is one line naming the variable and the problem. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const result = envSchema.safeParse(source)
	if (!result.success) {
		const issue = result.error.issues[0]!
		const name = String(issue.path[0] ?? 'environment')
		const raw = source[name]
		const shown = raw === undefined || SENSITIVE.test(name) ? '' : ` (got ${JSON.stringify(raw.length > 60 ? raw.slice(0, 60) + '…' : raw)})`
		throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${shown}`)
	}
	const env = result.data
	return {
		...env,
		DATA_DIR: path.resolve(env.DATA_DIR),
		BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
		PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
		databaseEngine: env.DATABASE_URL ? 'postgres' : 'pglite',
	}
}
