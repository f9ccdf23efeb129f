import pino, { type Logger } from 'pino'
import type { Env } from './config/env.ts'

export type { Logger }

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
	return pino({
		level: env.LOG_LEVEL,
		base: undefined,
		redact: {
			paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
			censor: '[redacted]',
		},
	})
}
