import fs from 'node:fs'
import path from 'node:path'
import { parseMoneyCents } from '#domain/locale-number.ts'
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

/** The words a yes/no variable takes (docs/configuration.md names them once). */
export const FLAG = z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be true or false' })

const flag = FLAG.transform((value) => value === '1' || value === 'true' || value === 'yes')

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
	.transform((value) => parseMoneyCents(value))
	.refine((cents) => cents !== null && cents <= 99_999_900, 'must be an amount in euro such as 4.99')
	.transform((cents) => cents!)

/** The shop's company details printed on invoices (ADR 0118); demo values until the owner sets them. */
const sellerText = (max: number) => z.string().trim().min(2, 'must not be empty').max(max, `must be at most ${max} characters`)

/** Empty strings count as unset, so `FOO=` in an .env file behaves like leaving FOO out. */
/** S3_PUBLIC_URL's value for a bucket browsers cannot reach: the shop serves its public objects under /uploads. */
export const SHOP_SERVED_UPLOADS = '/uploads'

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const envSchema = z
	.object({
		NODE_ENV: z
			.enum(['production', 'development', 'test'], { error: 'must be production, development or test' })
			.default('production')
			.describe('The mode the shop runs in; `npm run dev` sets `development`.'),
		PORT: port.default(3000).describe('HTTP port.'),
		HOST: z.string().trim().min(1).default('0.0.0.0').describe('Interface to listen on.'),
		DATA_DIR: z
			.string()
			.trim()
			.min(1)
			.default('./data')
			.describe('Embedded database (`pgdata/`), uploaded files (`uploads/`) and outgoing mail (`mail/`). One process owns it at a time.'),
		DATABASE_URL: optional(postgresUrl).meta({
			description: '`postgres://…` to use PostgreSQL instead of the embedded database (PGlite). Same schema and migrations.',
			whenUnset: 'the embedded database in `DATA_DIR`',
		}),
		PUBLIC_URL: optional(httpUrl).meta({
			description: 'The address customers use; links in emails and payment redirects are built from it. `https://` turns on HSTS and secure cookies.',
			whenUnset: '`http://localhost:PORT`',
		}),
		LOG_LEVEL: z
			.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
			.default('info')
			.describe('How much is logged: JSON lines (pino) with a request id. Health probes (`/healthz`) are logged at `debug`.'),
		TRUST_PROXY: z
			.string()
			.trim()
			.default('false')
			.transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value))
			.describe('Express `trust proxy` behind a load balancer: `true`, a hop count, or addresses such as `loopback` or `10.0.0.0/8`.'),
		APP_SECRET: optional(z.string().min(32, 'must be at least 32 characters')).meta({
			description:
				'Signs cookies (at least 32 characters). When unset, one is generated on first start and kept in the database, so every instance on that database shares it.',
			whenUnset: 'generated and kept in the database',
		}),
		SEED_DEMO_CATALOG: flag.default(true).describe('Load the demo catalogue when the database has no catalogue. It never writes into a database that has one.'),
		SMTP_URL: optional(smtpUrl).meta({
			description: '`smtp://user:password@host:587` (or `smtps://`) to send email.',
			whenUnset: 'each email is written to `DATA_DIR/mail/*.eml`',
		}),
		MAIL_FROM: z.string().trim().min(3).default('Lumină & Carton <shop@localhost>').describe('Sender of every email.'),
		EMAIL_POLL_INTERVAL_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(50)
			.max(600_000)
			.default(2000)
			.describe('How often the email sender looks for due messages (it is also woken right after a change queues one).'),
		EMAIL_LEASE_SECONDS: z.coerce
			.number({ error: 'must be a number of seconds' })
			.int('must be a whole number of seconds')
			.min(10, 'must be between 10 and 3600')
			.max(3600, 'must be between 10 and 3600')
			.default(60)
			.describe(
				'How long a sender holds a message it is delivering before another instance may take it over (10–3600). The SMTP timeouts are set to fit inside it, so a hanging mail server makes a delivery fail and retry instead of being sent twice.',
			),
		NEWSLETTER_SENDS_PER_MINUTE: z.coerce
			.number({ error: 'must be a number of emails' })
			.int('must be a whole number of emails')
			.min(1, 'must be between 1 and 10000')
			.max(10_000, 'must be between 1 and 10000')
			.default(60)
			.describe(
				'How many newsletter campaign emails all instances together queue in any minute (1–10000): a campaign goes out at this pace, so the mail server and its sending limits are never flooded (ADR 0270).',
			),
		UPLOAD_RETENTION_DAYS: z.coerce
			.number({ error: 'must be a number of days' })
			.int('must be a whole number of days')
			.min(1, 'must be between 1 and 365')
			.max(365, 'must be between 1 and 365')
			.default(7)
			.describe('Portrait photos that no order claimed are deleted after this many days (checked hourly).'),
		S3_BUCKET: optional(
			z
				.string()
				.trim()
				.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots or hyphens)'),
		).meta({
			description: 'Store uploads in this S3 (or S3-compatible) bucket instead of `DATA_DIR/uploads`.',
			whenUnset: 'uploads stay in `DATA_DIR/uploads`',
		}),
		S3_ENDPOINT: optional(httpUrl).meta({
			description: 'Endpoint of an S3-compatible service (MinIO, Cloudflare R2, …); turns on path-style addressing.',
			whenUnset: 'AWS',
		}),
		S3_REGION: z.string().trim().min(1).default('us-east-1').describe('Bucket region (`auto` for R2).'),
		S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)).meta({
			description: 'S3 access key; set it and `S3_SECRET_ACCESS_KEY` together, or neither.',
			whenUnset: "the AWS SDK's usual sources (environment, instance role)",
		}),
		S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)).meta({
			description: 'S3 secret key; set it and `S3_ACCESS_KEY_ID` together, or neither.',
			whenUnset: "the AWS SDK's usual sources (environment, instance role)",
		}),
		S3_PUBLIC_URL: optional(
			z.union([z.literal(SHOP_SERVED_UPLOADS), httpUrl], { error: 'must be an http(s) URL, or /uploads for the shop to serve the files' }),
		).meta({
			description:
				"Base URL browsers load images from (a CDN or the bucket's public URL), or `/uploads` for the shop to serve a private bucket's public files itself (ADR 0172). An absolute URL's origin is added to the CSP `img-src`.",
			whenUnset: '`S3_ENDPOINT/S3_BUCKET`, or `https://S3_BUCKET.s3.S3_REGION.amazonaws.com`',
		}),
		TRANSLATE_PROVIDER: z
			.enum(['none', 'libretranslate', 'deepl'], { error: 'must be none, libretranslate or deepl' })
			.default('none')
			.describe(
				"Machine translation of content (names and descriptions, written in Romanian) into English and Spanish. With `none`, content shows in Romanian, apart from the demo catalogue's own translations.",
			),
		LIBRETRANSLATE_URL: optional(httpUrl).describe(
			'LibreTranslate server, e.g. `http://translate.internal:5000`; required with `TRANSLATE_PROVIDER=libretranslate`.',
		),
		LIBRETRANSLATE_API_KEY: optional(z.string().trim().min(1)).describe('API key, when the LibreTranslate server needs one.'),
		DEEPL_API_KEY: optional(z.string().trim().min(1)).describe('DeepL API key; required with `TRANSLATE_PROVIDER=deepl`.'),
		DEEPL_API_URL: optional(httpUrl).meta({
			description: "DeepL's API base URL.",
			whenUnset: '`https://api-free.deepl.com` for keys ending in `:fx`, `https://api.deepl.com` otherwise',
		}),
		TRANSLATE_TIMEOUT_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(100)
			.max(120_000)
			.default(10_000)
			.describe('Timeout of one request to the translation provider (two retries follow on timeouts, 429 and 5xx).'),
		INVOICE_SERIES: z
			.string()
			.trim()
			.toUpperCase()
			.regex(INVOICE_SERIES_PATTERN, 'must be 1-8 capital letters or digits, starting with a letter (parts may be joined by hyphens, e.g. LC or LC-S)')
			.default('LC')
			.describe(
				'Invoice series (ADR 0118): numbers are `LC-2026-000123`, a new sequence each year, no gaps. Credit notes share the series; orders paid with test money are numbered `TEST-LC-…` and marked as no fiscal document.',
			),
		SELLER_NAME: optional(sellerText(200)).meta({
			description: 'The company name printed on invoices. Required, with the other seller details, when `STRIPE_SECRET_KEY` is a live key.',
			whenUnset: 'demo company',
		}),
		SELLER_TAX_ID: optional(
			z
				.string()
				.trim()
				.transform(
					(value, ctx) =>
						normaliseRomanianTaxId(value) ??
						(ctx.addIssue({ code: 'custom', message: 'must be a Romanian CUI such as RO18547290 (its control digit did not match)' }), z.NEVER),
				),
		).meta({ description: "The seller's CUI / CIF, with `RO` in front when registered for VAT (the control digit is checked).", whenUnset: 'demo company' }),
		SELLER_TRADE_REGISTER: optional(sellerText(40)).meta({
			description: "The seller's trade register number, printed on invoices.",
			whenUnset: 'demo company',
		}),
		SELLER_STREET: optional(sellerText(200)).meta({ description: "The seller's street address on invoices.", whenUnset: 'demo address in Cluj' }),
		SELLER_CITY: optional(sellerText(100)).meta({ description: "The seller's city on invoices.", whenUnset: 'demo address in Cluj' }),
		SELLER_COUNTY: optional(
			z
				.string()
				.trim()
				.toUpperCase()
				.regex(/^RO-[A-Z]{1,2}$/, 'must be a Romanian county code such as RO-CJ or RO-B'),
		).meta({ description: "The seller's county as the ISO 3166-2 code e-Factura wants: `RO-CJ`, `RO-B` (Bucharest) …", whenUnset: 'demo address in Cluj' }),
		SELLER_POSTAL_CODE: optional(
			z
				.string()
				.trim()
				.regex(/^\d{6}$/, 'must be a Romanian postal code of 6 digits'),
		).meta({ description: "The seller's postal code (6 digits).", whenUnset: 'demo address in Cluj' }),
		SELLER_IBAN: optional(
			z
				.string()
				.trim()
				.transform(
					(value, ctx) => normaliseIban(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be an IBAN (its check digits did not match)' }), z.NEVER),
				),
		).meta({ description: 'The bank account printed on invoices (the IBAN checksum is checked).', whenUnset: 'demo account' }),
		SELLER_BANK: optional(sellerText(100)).meta({ description: "The seller's bank, printed on invoices.", whenUnset: 'demo account' }),
		VAT_REGISTERED: flag
			.default(true)
			.describe(
				'`false` for a shop not registered for VAT: no VAT is charged or shown, and checkout, emails and invoices say "Scutit de TVA conform art. 310 Cod fiscal" (ADR 0119, 0150).',
			),
		VAT_RATE: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce.number({ error: 'must be a percent such as 21' }).min(0, 'must be between 0 and 50').max(50, 'must be between 0 and 50').default(21),
			)
			.describe("The shop's VAT rate in percent; prices include it. Checkout, emails and invoices show the VAT contained."),
		VAT_OSS: flag.default(false).describe("EU one-stop shop: consumers in another EU country pay their country's standard rate (built-in table)."),
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
			})
			.describe('Rates per destination that replace the built-in EU table, e.g. `ES:21,DE:19`.'),
		VAT_NUMBER_CHECK: z
			.enum(['none', 'vies'], { error: 'must be none or vies' })
			.default('none')
			.describe(
				"Checks a buyer's EU VAT number in VIES, the European Commission's register, when it decides the sale (ADR 0150): `vies` for a shop registered for VAT that sells to EU businesses (a number of another member state VIES confirms makes the sale an intra-community supply, charged without VAT); `none`: no number is confirmed, so such buyers pay VAT.",
			),
		VIES_URL: httpUrl.default('https://ec.europa.eu/taxation_customs/vies/rest-api').describe("VIES's REST interface; another address for a test server."),
		VIES_TIMEOUT_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(500)
			.max(60_000)
			.default(8000)
			.describe('How long a checkout waits for VIES; without an answer by then the sale bears VAT and the answer is kept as "could not check".'),
		EXCHANGE_RATES: z
			.enum(['none', 'bnr'], { error: 'must be none or bnr' })
			.default('none')
			.describe(
				"Where an invoice's VAT in lei takes its exchange rate (ADR 0151): `bnr` for a real shop (BNR's reference rate, read from its daily feed into the database; each document takes the rate published before its day), `none`: `RON_PER_EUR`, and the document says so.",
			),
		BNR_RATES_URL: httpUrl.default('https://www.bnr.ro/nbrfxrates.xml').describe("BNR's daily XML feed of reference rates; another address for a test server."),
		EXCHANGE_RATES_REFRESH_MINUTES: z.coerce
			.number({ error: 'must be a number of minutes' })
			.int()
			.min(1)
			.max(1440)
			.default(60)
			.describe('How often the BNR feed is read with `EXCHANGE_RATES=bnr` (BNR publishes once a working day, early in the afternoon).'),
		SHOP_ADDRESS: z.string().trim().min(2).max(300).default('România').describe("The shop's postal address, printed in order emails."),
		STRIPE_SECRET_KEY: optional(
			z
				.string()
				.trim()
				.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
		).meta({ description: '`sk_…`: take card payments with Stripe Checkout.', whenUnset: 'the built-in test card page, see `PAYMENTS_TEST_MODE`' }),
		STRIPE_WEBHOOK_SECRET: optional(
			z
				.string()
				.trim()
				.regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
		).describe(
			'`whsec_…`: verifies `POST /api/webhooks/stripe` (events `checkout.session.completed`, `…async_payment_succeeded`, `…async_payment_failed`, `…expired`).',
		),
		STRIPE_API_URL: optional(httpUrl).meta({ description: 'Another Stripe-compatible API base URL (a local mock server).', whenUnset: "Stripe's API" }),
		PAYMENTS_TEST_MODE: flag
			.default(false)
			.describe(
				'Allow the built-in test card page (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined) when `NODE_ENV=production` and no Stripe key is set; without either, checkout is closed in production. `npm start`, the demo launcher, sets it to `1` when neither it nor `STRIPE_SECRET_KEY` is set (with a warning); `node server.js` does not.',
			),
		SHIPPING_RO: optional(euroCents).meta({
			description:
				'Shipping to Romania in euro, e.g. `9.90`: the rate of the Romania zone a new shop starts with (ADR 0240). Once the zones exist the owner sets rates in the admin (/admin/shipping) and this is no longer read.',
			whenUnset: 'free',
		}),
		SHIPPING_ES: optional(euroCents).meta({
			description: 'Shipping to Spain in euro: the Spain zone a new shop starts with (see `SHIPPING_RO`).',
			whenUnset: 'free',
		}),
		SHIPPING_EU: optional(euroCents).meta({
			description: 'Shipping to the rest of the EU in euro: the rest-of-the-EU zone a new shop starts with (see `SHIPPING_RO`).',
			whenUnset: 'free',
		}),
		SHIPPING_WORLD: optional(euroCents).meta({
			description: 'Shipping to the rest of the world in euro: the rest-of-the-world zone a new shop starts with (see `SHIPPING_RO`).',
			whenUnset: 'free',
		}),
		FREE_SHIPPING_FROM: optional(euroCents).meta({
			description: 'Subtotal in euro from which shipping is free: the threshold each zone of a new shop starts with (see `SHIPPING_RO`; ADR 0241).',
			whenUnset: 'never free by subtotal',
		}),
		SHIP_TO_COUNTRIES: optional(countryList).meta({
			description:
				"Comma-separated ISO codes of the countries the shop ships to, e.g. `RO,ES,MD`. The checkout offers only these (named in the customer's language) and refuses any other.",
			whenUnset: 'the 27 EU countries',
		}),
		RECONCILE_INTERVAL_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(1000)
			.max(86_400_000)
			.default(60_000)
			.describe(
				'How often unpaid orders whose payment session should have ended are re-checked with the provider (stock released or order marked paid). A delayed payment still settling keeps its stock and is asked about less often; a payment that arrives for units no longer there is refunded (ADR 0095).',
			),
		STOCK_ALERT_INTERVAL_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(100)
			.max(86_400_000)
			.default(60_000)
			.describe(
				'How often back-in-stock alerts that became due are looked for (ADR 0269). Each instance is also woken by every catalogue change it hears, so an alert usually goes out within seconds of the stock rising from 0.',
			),
		CHECKOUT_REMINDER_DELAY_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(1000)
			.max(7 * 86_400_000)
			.default(3_600_000)
			.describe(
				'How long after an unpaid checkout its one reminder is sent, when the customer ticked the box asking for it (ADR 0269). None is sent once the order is paid or the customer placed another order.',
			),
		CHECKOUT_REMINDER_INTERVAL_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(100)
			.max(86_400_000)
			.default(60_000)
			.describe('How often unpaid checkouts due a reminder are looked for (ADR 0269).'),
		SHOP_EMAIL: z
			.preprocess((value) => (value === '' ? undefined : value), z.email({ error: 'must be an email address' }).default('contact@luminasicarton.ro'))
			.describe("The shop's own address: contact-form messages are sent to it."),
		OWNER_EMAIL: z
			.preprocess((value) => (value === '' ? undefined : value), z.email({ error: 'must be an email address' }).optional())
			.meta({
				description:
					'Where the owner is told of each paid order (its lines, the customer and a link to it in the admin), once per order, and of a payment that arrived after the stock ran out, each kind under its own subject (ADR 0116, 0232).',
				whenUnset: '`SHOP_EMAIL`',
			}),
		RON_PER_EUR: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce.number({ error: 'must be a number such as 4.97' }).positive('must be greater than 0').max(100, 'must be at most 100').default(4.97),
			)
			.describe(
				"Lei per euro for the approximate lei price shown to Romanian visitors on product pages (prices are in euro), and for an invoice's VAT in lei when no BNR rate was ever read (ADR 0151).",
			),
		ADMIN_EMAIL: optional(z.string().trim().max(255, 'must be an email address').pipe(z.email('must be an email address'))).describe(
			'With `ADMIN_PASSWORD`: at every start, make sure this account exists and has the admin role. An existing account keeps its password.',
		),
		ADMIN_PASSWORD: optional(z.string().min(8, 'must have at least 8 characters').max(128, 'must have at most 128 characters')).describe(
			"The first administrator's password (8–128 characters, not a common one); only used when the account does not exist yet.",
		),
		SERVER_TIMING: flag
			.default(false)
			.describe(
				'Count each request\'s database queries and send them in a `Server-Timing: db;desc="N queries", total;dur=…` header (browser developer tools show it; `npm run bench` reads it). Off, it costs nothing.',
			),
		HEAP_GROWING_PERCENT: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce
					.number({ error: 'must be a whole number of percent' })
					.int('must be a whole number of percent')
					.min(0, 'must be between 0 and 400')
					.max(400, 'must be between 0 and 400')
					.default(50),
			)
			.describe(
				"V8 collects garbage once the heap has grown this much past what survived the last collection, which keeps a busy shop's memory down; `0` leaves it to V8 (faster rendering, more memory; ADR 0092).",
			),
		BACKUP_INTERVAL_HOURS: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce
					.number({ error: 'must be a number of hours' })
					.min(0, 'must be 0 (off) or between 1 and 720')
					.max(720, 'must be 0 (off) or between 1 and 720')
					.refine((hours) => hours === 0 || hours >= 1, 'must be 0 (off) or between 1 and 720')
					.default(0),
			)
			.describe('Scheduled backups every this many hours (1–720), written by one instance into `BACKUP_DIR`; `0` turns them off (ADR 0111).'),
		BACKUP_DIR: optional(z.string().trim().min(1)).meta({
			description: 'Where scheduled backups and `npm run backup` without a file name go.',
			whenUnset: '`DATA_DIR/backups`',
		}),
		BACKUP_KEY: optional(z.string().min(32, 'must be at least 32 characters')).describe(
			'Signs every backup (and, with `BACKUP_ENCRYPT`, encrypts it); a restore refuses a backup whose signature it cannot check (ADR 0166). 32 characters or more; keep it apart from the backups.',
		),
		BACKUP_ENCRYPT: flag.default(false).describe('Encrypts backups (AES-256-GCM) with a key derived from `BACKUP_KEY`, which it needs (ADR 0166).'),
		BACKUP_KEEP: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce
					.number({ error: 'must be a whole number' })
					.int('must be a whole number')
					.min(1, 'must be between 1 and 1000')
					.max(1000, 'must be between 1 and 1000')
					.default(14),
			)
			.describe('How many scheduled backups to keep; older ones are deleted after each new one.'),
		ANAF_CLIENT_ID: optional(z.string().trim().min(1)).meta({
			description:
				"e-Factura upload (ADR 0160): the OAuth client registered in ANAF's SPV. Set it with `ANAF_CLIENT_SECRET` and `ANAF_REFRESH_TOKEN` (all three, or none); `SELLER_TAX_ID` is then required.",
			whenUnset: 'invoices and credit notes are uploaded to ANAF by hand',
		}),
		ANAF_CLIENT_SECRET: optional(z.string().trim().min(8, 'must be the client secret ANAF gave (at least 8 characters)')).describe(
			"The OAuth client's secret given by ANAF (with `ANAF_CLIENT_ID`).",
		),
		ANAF_REFRESH_TOKEN: optional(z.string().trim().min(8, 'must be the refresh token obtained from ANAF (at least 8 characters)')).describe(
			"A refresh token obtained in ANAF's SPV with the company's certificate; the shop keeps the newer ones ANAF returns in its database.",
		),
		ANAF_ENVIRONMENT: z
			.enum(['prod', 'test'], { error: 'must be prod or test' })
			.default('prod')
			.describe("`prod` uploads for real; `test` uses ANAF's test environment (nothing reaches the buyer or counts legally)."),
		ANAF_API_URL: optional(httpUrl).meta({ description: "Another base URL for ANAF's e-Factura API (a local stand-in in tests).", whenUnset: "ANAF's own" }),
		ANAF_OAUTH_URL: optional(httpUrl).meta({ description: "Another base URL for ANAF's OAuth server (a local stand-in in tests).", whenUnset: "ANAF's own" }),
		ANAF_POLL_INTERVAL_MS: z.coerce
			.number({ error: 'must be a number of milliseconds' })
			.int()
			.min(50)
			.max(3_600_000)
			.default(30_000)
			.describe('How often the e-Factura job looks for documents to upload or answers to fetch.'),
		ANAF_LEASE_SECONDS: z.coerce
			.number({ error: 'must be a number of seconds' })
			.int('must be a whole number of seconds')
			.min(10, 'must be between 10 and 3600')
			.max(3600, 'must be between 10 and 3600')
			.default(120)
			.describe("How long an instance holds a document it is uploading; ANAF's request timeouts fit inside it."),
		DATABASE_STATEMENT_TIMEOUT_MS: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce
					.number({ error: 'must be a number of milliseconds' })
					.int('must be a whole number of milliseconds')
					.min(0, 'must be 0 (off) or between 100 and 600000')
					.max(600_000, 'must be 0 (off) or between 100 and 600000')
					.refine((ms) => ms === 0 || ms >= 100, 'must be 0 (off) or between 100 and 600000')
					.default(10_000),
			)
			.describe(
				'Longest a PostgreSQL statement may run before the database cancels it and the request answers 503 (ADR 0165); `0` turns the guard off. Backups and migrations lift it for their own work. PGlite cannot interrupt a running query.',
			),
		PAGE_CACHE_MB: z
			.preprocess(
				(value) => (value === '' ? undefined : value),
				z.coerce
					.number({ error: 'must be a number of megabytes' })
					.int('must be a whole number of megabytes')
					.min(0, 'must be between 0 and 4096')
					.max(4096, 'must be between 0 and 4096')
					.default(64),
			)
			.describe(
				'Memory for storefront pages kept for anonymous visitors (rendered once, served again until the catalogue changes; ADR 0091). `0` turns the cache off; it is always off with `npm run dev`.',
			),
	})
	.superRefine((env, ctx) => {
		if (env.TRANSLATE_PROVIDER === 'libretranslate' && !env.LIBRETRANSLATE_URL) {
			ctx.addIssue({ code: 'custom', path: ['LIBRETRANSLATE_URL'], message: 'is required when TRANSLATE_PROVIDER=libretranslate' })
		}
		if (env.TRANSLATE_PROVIDER === 'deepl' && !env.DEEPL_API_KEY) {
			ctx.addIssue({ code: 'custom', path: ['DEEPL_API_KEY'], message: 'is required when TRANSLATE_PROVIDER=deepl' })
		}
		if (env.BACKUP_ENCRYPT && !env.BACKUP_KEY)
			ctx.addIssue({ code: 'custom', path: ['BACKUP_KEY'], message: 'must be set when BACKUP_ENCRYPT is: backups are encrypted with it' })
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
		const anafCredentials = [env.ANAF_CLIENT_ID, env.ANAF_CLIENT_SECRET, env.ANAF_REFRESH_TOKEN]
		if (anafCredentials.some(Boolean)) {
			for (const name of ['ANAF_CLIENT_ID', 'ANAF_CLIENT_SECRET', 'ANAF_REFRESH_TOKEN'] as const) {
				if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with the other ANAF_ credentials (set all three, or none)' })
			}
			// Uploads go out under the seller's CUI: the demo one would be refused.
			if (!env.SELLER_TAX_ID)
				ctx.addIssue({ code: 'custom', path: ['SELLER_TAX_ID'], message: 'is required with ANAF credentials: documents are uploaded under it' })
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

/**
 * `NAME_FILE=/path` stands for `NAME` set to that file's content (trailing newline dropped), the
 * container convention for secrets: compose.yaml hands the shop generated credentials this way
 * (ADR 0172). A variable set directly wins; an unreadable file is a clear start-up error.
 */
export function withFileSecrets(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const result = { ...source }
	for (const [key, file] of Object.entries(source)) {
		if (!key.endsWith('_FILE') || !file) continue
		const name = key.slice(0, -'_FILE'.length)
		if (!(name in envSchema.shape) || (source[name] !== undefined && source[name] !== '')) continue
		try {
			result[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '')
		} catch (error) {
			throw new EnvError(`Invalid environment variable ${key}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
		}
	}
	return result
}

/** Values of these may hold credentials, so errors never echo them. */
export const SENSITIVE_VARIABLE = /SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL/

export class EnvError extends Error {
	override name = 'EnvError'
}

/** Parses the environment; throws an EnvError whose message is one line naming the variable and the problem. */
export function parseEnv(given: NodeJS.ProcessEnv = process.env): Env {
	const source = withFileSecrets(given)
	const result = envSchema.safeParse(source)
	if (!result.success) {
		const issue = result.error.issues[0]!
		const name = String(issue.path[0] ?? 'environment')
		const raw = source[name]
		const shown = raw === undefined || SENSITIVE_VARIABLE.test(name) ? '' : ` (got ${JSON.stringify(raw.length > 60 ? raw.slice(0, 60) + '…' : raw)})`
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
