import fs from 'node:fs'
import type { Env } from '../config/env.ts'
import { askRunningShop, controlSocketPath } from '../control/control-socket.ts'
import { dataDirHolder } from '../data-dir-lock.ts'

export function fail(message: string): never {
	process.stderr.write(`${message}\n`)
	process.exit(1)
}

/**
 * On PGlite a running shop owns DATA_DIR: a command that needs the database asks it through its
 * control socket. Returns the answer, or null when no shop runs (the command opens the data itself).
 */
export async function viaRunningShop(env: Env, route: '/backup' | '/users', body: unknown): Promise<Record<string, unknown> | null> {
	if (env.databaseEngine !== 'pglite') return null
	const pid = await dataDirHolder(env.DATA_DIR)
	if (pid === null) return null
	const socket = controlSocketPath(env.DATA_DIR)
	if (!fs.existsSync(socket)) {
		fail(
			`The shop (process ${pid}) is running on DATA_DIR ${env.DATA_DIR} without a control socket (an older version?). Stop it, run this command again, then start it.`,
		)
	}
	const answer = await askRunningShop(socket, route, body).catch((error: Error) =>
		fail(`Could not reach the running shop (process ${pid}) through ${socket}: ${error.message}. Stop the shop and run this command again.`),
	)
	if (answer.status !== 200) fail(String(answer.body.error ?? `the shop answered ${answer.status}`))
	return answer.body
}
