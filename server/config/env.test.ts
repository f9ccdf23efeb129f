import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eFacturaSettings } from '../efactura/config.ts'
import { EnvError, parseEnv, SHOP_SERVED_UPLOADS } from './env.ts'

describe('parseEnv', () => {
	it('has working defaults for an empty environment', () => {
		const env = parseEnv({})
		expect(env).toMatchObject({
			NODE_ENV: 'production',
			PORT: 3000,
			HOST: '0.0.0.0',
			DATA_DIR: path.resolve('./data'),
			PUBLIC_URL: 'http://localhost:3000',
			LOG_LEVEL: 'info',
			databaseEngine: 'pglite',
			SEED_DEMO_CATALOG: true,
			TRUST_PROXY: false,
		})
	})

	it('reads the countries the shop ships to as ISO codes, and names a bad one', () => {
		expect(parseEnv({}).SHIP_TO_COUNTRIES).toBeUndefined()
		expect(parseEnv({ SHIP_TO_COUNTRIES: 'ro, es,de,ES' }).SHIP_TO_COUNTRIES).toEqual(['RO', 'ES', 'DE'])
		expect(() => parseEnv({ SHIP_TO_COUNTRIES: 'RO,Narnia' })).toThrow(/SHIP_TO_COUNTRIES: NARNIA is not an ISO 3166-1 country code/)
		expect(() => parseEnv({ SHIP_TO_COUNTRIES: 'RO,UK' })).toThrow(/SHIP_TO_COUNTRIES: UK is not an ISO 3166-1 country code/)
		expect(() => parseEnv({ SHIP_TO_COUNTRIES: ' , ' })).toThrow(/SHIP_TO_COUNTRIES/)
	})

	it('chooses PostgreSQL when DATABASE_URL is set', () => {
		expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).databaseEngine).toBe('postgres')
		expect(parseEnv({ DATABASE_URL: 'postgresql://db/shop' }).databaseEngine).toBe('postgres')
		expect(parseEnv({ DATABASE_URL: '' }).databaseEngine).toBe('pglite')
	})

	it('normalises PUBLIC_URL and derives it from PORT', () => {
		expect(parseEnv({ PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example')
		expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
	})

	it('reads the shop address and the lei rate, with defaults', () => {
		expect(parseEnv({})).toMatchObject({ SHOP_EMAIL: 'contact@luminasicarton.ro', RON_PER_EUR: 4.97 })
		expect(parseEnv({ SHOP_EMAIL: 'owner@shop.example', RON_PER_EUR: '5.1' })).toMatchObject({ SHOP_EMAIL: 'owner@shop.example', RON_PER_EUR: 5.1 })
		expect(() => parseEnv({ SHOP_EMAIL: 'nope' })).toThrow('Invalid environment variable SHOP_EMAIL: must be an email address (got "nope")')
		expect(parseEnv({}).OWNER_EMAIL).toBeUndefined()
		expect(parseEnv({ OWNER_EMAIL: 'boss@shop.example' }).OWNER_EMAIL).toBe('boss@shop.example')
		expect(() => parseEnv({ OWNER_EMAIL: 'boss' })).toThrow('Invalid environment variable OWNER_EMAIL: must be an email address (got "boss")')
		expect(() => parseEnv({ RON_PER_EUR: '-1' })).toThrow('Invalid environment variable RON_PER_EUR: must be greater than 0')
	})

	it('reads the invoicing and VAT settings, with demo defaults, and checks them (ADR 0118, 0119)', () => {
		expect(parseEnv({})).toMatchObject({ INVOICE_SERIES: 'LC', VAT_REGISTERED: true, VAT_RATE: 21, VAT_OSS: false, VAT_RATES: {} })
		expect(parseEnv({ INVOICE_SERIES: 'lc-s', VAT_RATE: '19', VAT_OSS: '1', VAT_RATES: 'DE:7', SELLER_TAX_ID: 'ro 18547290' })).toMatchObject({
			INVOICE_SERIES: 'LC-S',
			VAT_RATE: 19,
			VAT_OSS: true,
			VAT_RATES: { DE: 7 },
			SELLER_TAX_ID: 'RO18547290',
		})
		expect(() => parseEnv({ SELLER_TAX_ID: 'RO18547291' })).toThrow('Invalid environment variable SELLER_TAX_ID: must be a Romanian CUI')
		expect(() => parseEnv({ SELLER_IBAN: 'RO49AAAA1B31007593840001' })).toThrow('Invalid environment variable SELLER_IBAN: must be an IBAN')
		expect(() => parseEnv({ VAT_RATE: '75' })).toThrow('Invalid environment variable VAT_RATE: must be between 0 and 50')
		expect(() => parseEnv({ VAT_RATES: 'US:5' })).toThrow('Invalid environment variable VAT_RATES: US is not an EU country')
		expect(() => parseEnv({ SELLER_COUNTY: 'Cluj' })).toThrow('Invalid environment variable SELLER_COUNTY: must be a Romanian county code')
		expect(() => parseEnv({ INVOICE_SERIES: 'L C' })).toThrow('Invalid environment variable INVOICE_SERIES')
		expect(parseEnv({ VAT_REGISTERED: 'false' }).VAT_REGISTERED).toBe(false)
	})

	it('refuses to take real money with the demo seller on invoices', () => {
		expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow('Invalid environment variable SELLER_NAME: is required with a live Stripe key')
		expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' }).SELLER_NAME).toBeUndefined()
	})

	it('keeps Server-Timing off unless SERVER_TIMING asks for it', () => {
		expect(parseEnv({}).SERVER_TIMING).toBe(false)
		expect(parseEnv({ SERVER_TIMING: '1' }).SERVER_TIMING).toBe(true)
		expect(() => parseEnv({ SERVER_TIMING: 'sometimes' })).toThrow('Invalid environment variable SERVER_TIMING: must be true or false')
	})

	it('gives the page cache 64 MB unless PAGE_CACHE_MB says otherwise (0 turns it off)', () => {
		expect(parseEnv({}).PAGE_CACHE_MB).toBe(64)
		expect(parseEnv({ PAGE_CACHE_MB: '' }).PAGE_CACHE_MB).toBe(64)
		expect(parseEnv({ PAGE_CACHE_MB: '0' }).PAGE_CACHE_MB).toBe(0)
		expect(parseEnv({ PAGE_CACHE_MB: '256' }).PAGE_CACHE_MB).toBe(256)
		expect(() => parseEnv({ PAGE_CACHE_MB: 'lots' })).toThrow('Invalid environment variable PAGE_CACHE_MB: must be a number of megabytes (got "lots")')
		expect(() => parseEnv({ PAGE_CACHE_MB: '-1' })).toThrow('Invalid environment variable PAGE_CACHE_MB: must be between 0 and 4096 (got "-1")')
	})

	it('lets V8 grow the heap by half before collecting unless HEAP_GROWING_PERCENT says otherwise (0: V8 decides)', () => {
		expect(parseEnv({}).HEAP_GROWING_PERCENT).toBe(50)
		expect(parseEnv({ HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0)
		expect(() => parseEnv({ HEAP_GROWING_PERCENT: '2.5' })).toThrow(
			'Invalid environment variable HEAP_GROWING_PERCENT: must be a whole number of percent (got "2.5")',
		)
	})

	it('reads TRUST_PROXY as express expects it', () => {
		expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
		expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
		expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback')
	})

	it.each([
		[{ PORT: 'abc' }, 'Invalid environment variable PORT: must be a port number (got "abc")'],
		[{ PORT: '0' }, 'Invalid environment variable PORT: must be between 1 and 65535 (got "0")'],
		[{ PORT: '3.5' }, 'Invalid environment variable PORT: must be a whole number (got "3.5")'],
		[{ NODE_ENV: 'staging' }, 'Invalid environment variable NODE_ENV: must be production, development or test (got "staging")'],
		[{ PUBLIC_URL: 'shop.example' }, 'Invalid environment variable PUBLIC_URL: must be an http:// or https:// URL (got "shop.example")'],
		[{ SMTP_URL: 'mail.example' }, 'Invalid environment variable SMTP_URL: must be a URL like smtp://user:password@host:587'],
		[{ DATABASE_URL: 'postgres://' }, 'Invalid environment variable DATABASE_URL: must be a URL like postgres://user:password@host:5432/database'],
		[{ APP_SECRET: 'short' }, 'Invalid environment variable APP_SECRET: must be at least 32 characters'],
		[{ SEED_DEMO_CATALOG: 'maybe' }, 'Invalid environment variable SEED_DEMO_CATALOG: must be true or false (got "maybe")'],
		[{ TRANSLATE_PROVIDER: 'google' }, 'Invalid environment variable TRANSLATE_PROVIDER: must be none, libretranslate or deepl (got "google")'],
		[{ TRANSLATE_PROVIDER: 'libretranslate' }, 'Invalid environment variable LIBRETRANSLATE_URL: is required when TRANSLATE_PROVIDER=libretranslate'],
		[{ TRANSLATE_PROVIDER: 'deepl' }, 'Invalid environment variable DEEPL_API_KEY: is required when TRANSLATE_PROVIDER=deepl'],
		[
			{ TRANSLATE_PROVIDER: 'deepl', DEEPL_API_KEY: 'k', DEEPL_API_URL: 'api.deepl.com' },
			'Invalid environment variable DEEPL_API_URL: must be an http:// or https:// URL (got "api.deepl.com")',
		],
		[
			{ S3_BUCKET: 'Bad_Bucket' },
			'Invalid environment variable S3_BUCKET: must be a bucket name (3-63 lowercase letters, digits, dots or hyphens) (got "Bad_Bucket")',
		],
		[
			{ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'id' },
			'Invalid environment variable S3_SECRET_ACCESS_KEY: is required when the other S3 access key variable is set',
		],
		[{ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough pass' }, 'Invalid environment variable ADMIN_EMAIL: must be an email address (got "boss")'],
		[{ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }, 'Invalid environment variable ADMIN_PASSWORD: must have at least 8 characters'],
		[{ ADMIN_EMAIL: 'boss@example.com' }, 'Invalid environment variable ADMIN_PASSWORD: must be set when ADMIN_EMAIL is'],
		[{ ADMIN_PASSWORD: 'long enough pass' }, 'Invalid environment variable ADMIN_EMAIL: must be set when ADMIN_PASSWORD is'],
	])('refuses %j with one line naming the variable', (source, message) => {
		expect(() => parseEnv(source)).toThrow(message)
		try {
			parseEnv(source)
		} catch (error) {
			expect((error as Error).message).toBe(message)
		}
	})

	it('reads the translation provider settings', () => {
		expect(parseEnv({}).TRANSLATE_PROVIDER).toBe('none')
		const env = parseEnv({ TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: 'http://translate.internal:5000/' })
		expect(env).toMatchObject({ TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: 'http://translate.internal:5000', TRANSLATE_TIMEOUT_MS: 10_000 })
	})

	it('never echoes S3 or provider keys in errors', () => {
		expect(() => parseEnv({ S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: 'super-secret' })).toThrow(/^Invalid environment variable S3_ACCESS_KEY_ID: [^(]*$/)
	})

	it("takes ANAF credentials all together, with the seller's CUI, and never echoes them", () => {
		const anaf = { ANAF_CLIENT_ID: 'client', ANAF_CLIENT_SECRET: 'secret-value', ANAF_REFRESH_TOKEN: 'refresh-token-value', SELLER_TAX_ID: 'RO18547290' }
		expect(parseEnv(anaf)).toMatchObject({ ANAF_ENVIRONMENT: 'prod', ANAF_LEASE_SECONDS: 120 })
		expect(eFacturaSettings(parseEnv({}))).toBeNull()
		expect(eFacturaSettings(parseEnv({ ...anaf, ANAF_ENVIRONMENT: 'test' }))).toMatchObject({ environment: 'test', apiUrl: 'https://api.anaf.ro' })
		expect(() => parseEnv({ ...anaf, ANAF_REFRESH_TOKEN: '' })).toThrow(
			'Invalid environment variable ANAF_REFRESH_TOKEN: is required with the other ANAF_ credentials (set all three, or none)',
		)
		expect(() => parseEnv({ ...anaf, SELLER_TAX_ID: undefined })).toThrow(/SELLER_TAX_ID: is required with ANAF credentials/)
		expect(() => parseEnv({ ...anaf, ANAF_CLIENT_SECRET: 'short' })).toThrow(
			new EnvError('Invalid environment variable ANAF_CLIENT_SECRET: must be the client secret ANAF gave (at least 8 characters)'),
		)
		expect(() => parseEnv({ ...anaf, ANAF_ENVIRONMENT: 'sandbox' })).toThrow('must be prod or test')
	})
})

describe('NAME_FILE variables (container secrets, ADR 0172)', () => {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-files-'))
	afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))
	const file = (name: string, content: string) => {
		fs.writeFileSync(path.join(folder, name), content)
		return path.join(folder, name)
	}

	it('reads a variable from the file NAME_FILE names, without its trailing newline', () => {
		const env = parseEnv({
			DATABASE_URL_FILE: file('database-url', 'postgres://shop:s3cret@db:5432/shop\n'),
			APP_SECRET_FILE: file('app-secret', 'x'.repeat(40)),
			S3_PUBLIC_URL: SHOP_SERVED_UPLOADS,
		})
		expect(env.DATABASE_URL).toBe('postgres://shop:s3cret@db:5432/shop')
		expect(env.databaseEngine).toBe('postgres')
		expect(env.APP_SECRET).toBe('x'.repeat(40))
		expect(env.S3_PUBLIC_URL).toBe('/uploads')
	})

	it('lets a variable set directly win, ignores unknown names, and refuses an unreadable file without echoing it', () => {
		expect(parseEnv({ APP_SECRET: 'y'.repeat(40), APP_SECRET_FILE: file('other', 'z'.repeat(40)) }).APP_SECRET).toBe('y'.repeat(40))
		expect(() => parseEnv({ NOT_A_SETTING_FILE: '/nonexistent' })).not.toThrow()
		expect(() => parseEnv({ APP_SECRET_FILE: path.join(folder, 'missing') })).toThrow(
			/^Invalid environment variable APP_SECRET_FILE: cannot read .*missing \(ENOENT\)$/,
		)
		// A value from a file is checked like any other, and a secret is never echoed.
		expect(() => parseEnv({ APP_SECRET_FILE: file('short', 'short-secret') })).toThrow(
			/^Invalid environment variable APP_SECRET: must be at least 32 characters$/,
		)
	})
})
