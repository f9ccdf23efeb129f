import path from 'node:path'
import { z } from 'zod'

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

/** Empty strings count as unset, so `FOO=` in an .env file behaves like leaving FOO out. */
const optional = <T extends z.ZodType>(schema: T) =>
	z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const envSchema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).default('production'),
	PORT: port.default(3000),
	HOST: z.string().trim().min(1).default('0.0.0.0'),
	DATA_DIR: z.string().trim().min(1).default('./data'),
	DATABASE_URL: optional(postgresUrl),
	PUBLIC_URL: optional(httpUrl),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
	/** Express "trust proxy": false, true, a hop count, or addresses (loopback, 10.0.0.0/8, …). */
	TRUST_PROXY: z
		.string()
		.trim()
		.default('false')
		.transform((value): boolean | number | string =>
			value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
		),
	APP_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
	SEED_DEMO_CATALOG: flag.default(true),
	SMTP_URL: optional(smtpUrl),
	MAIL_FROM: z.string().trim().min(3).default('Lumină & Carton <shop@localhost>'),
	EMAIL_POLL_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(50).max(600_000).default(2000),
})

type ParsedEnv = z.infer<typeof envSchema>

export type Env = Omit<ParsedEnv, 'PUBLIC_URL' | 'DATA_DIR'> & {
	/** Absolute path. */
	DATA_DIR: string
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
		PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
		databaseEngine: env.DATABASE_URL ? 'postgres' : 'pglite',
	}
}
