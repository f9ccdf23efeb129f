import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

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

	it('chooses PostgreSQL when DATABASE_URL is set', () => {
		expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).databaseEngine).toBe('postgres')
		expect(parseEnv({ DATABASE_URL: 'postgresql://db/shop' }).databaseEngine).toBe('postgres')
		expect(parseEnv({ DATABASE_URL: '' }).databaseEngine).toBe('pglite')
	})

	it('normalises PUBLIC_URL and derives it from PORT', () => {
		expect(parseEnv({ PUBLIC_URL: 'https://shop.example/' }).PUBLIC_URL).toBe('https://shop.example')
		expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
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
	])('refuses %j with one line naming the variable', (source, message) => {
		expect(() => parseEnv(source)).toThrow(message)
		try {
			parseEnv(source)
		} catch (error) {
			expect((error as Error).message).toBe(message)
		}
	})
})
