import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { z } from 'zod'
import { ROLES } from '#domain/enums.ts'
import { AccountError } from '../auth/bootstrap.ts'
import { runUsersCommand } from '../auth/staff.ts'
import { BackupError } from '../backup/archive.ts'
import { createBackup } from '../backup/backup.ts'
import type { AppServices } from '../services.ts'

/**
 * On the embedded database the shop owns DATA_DIR, so `npm run backup` and `npm run users` ask the
 * running shop to do the work through this socket (ADR 0111). It is a file in DATA_DIR with mode
 * 0600: only someone who may read the shop's data can use it, and it is never on the network.
 */
export function controlSocketPath(dataDir: string) {
	return path.join(dataDir, 'control.sock')
}

const role = z.enum(ROLES)
const email = z.email().transform((value) => value.toLowerCase())
const usersCommand = z.discriminatedUnion('command', [
	z.object({ command: z.literal('create'), email, password: z.string().min(1), name: z.string().optional(), role: role.optional() }),
	z.object({ command: z.literal('grant'), email, role }),
	z.object({ command: z.literal('revoke'), email, role }),
	z.object({ command: z.literal('list') }),
])
const backupRequest = z.object({
	file: z
		.string()
		.min(1)
		.refine((file) => path.isAbsolute(file), 'must be an absolute path'),
})

async function readBody(request: http.IncomingMessage): Promise<unknown> {
	let raw = ''
	for await (const chunk of request) {
		raw += String(chunk)
		if (raw.length > 64 * 1024) throw new BackupError('request too large')
	}
	return JSON.parse(raw || '{}')
}

export async function startControlSocket(services: AppServices): Promise<{ close(): Promise<void> }> {
	const socket = controlSocketPath(services.env.DATA_DIR)
	// A socket file left by a shop that died: the DATA_DIR lock says this process owns the folder now.
	fs.rmSync(socket, { force: true })
	const log = services.log.child({ component: 'control-socket' })
	const server = http.createServer((request, response) => {
		const answer = (status: number, body: unknown) => {
			response.writeHead(status, { 'content-type': 'application/json' })
			response.end(JSON.stringify(body))
		}
		void (async () => {
			try {
				const body = await readBody(request)
				if (request.method === 'POST' && request.url === '/backup') {
					const { file } = backupRequest.parse(body)
					const warnings: string[] = []
					const result = await createBackup(
						{
							database: services.database,
							storage: services.storage,
							key: services.env.BACKUP_KEY,
							encrypt: services.env.BACKUP_ENCRYPT,
							warn: (message) => warnings.push(message),
						},
						file,
					)
					log.info({ file, bytes: result.bytes }, 'backup written')
					return answer(200, { ...result, warnings })
				}
				if (request.method === 'POST' && request.url === '/users') {
					const command = usersCommand.parse(body)
					return answer(200, { message: await runUsersCommand({ db: services.db, auth: () => services.auth }, command) })
				}
				answer(404, { error: 'unknown command' })
			} catch (error) {
				if (error instanceof z.ZodError) return answer(400, { error: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') })
				if (error instanceof AccountError || error instanceof BackupError) return answer(400, { error: error.message })
				log.error({ err: error }, 'control request failed')
				answer(500, { error: (error as Error).message })
			}
		})()
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(socket, () => resolve())
	})
	fs.chmodSync(socket, 0o600)
	return {
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

/** The CLI side: sends one command to the running shop and returns its answer. */
export function askRunningShop(socket: string, route: '/backup' | '/users', body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
	return new Promise((resolve, reject) => {
		const request = http.request({ socketPath: socket, path: route, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
			let raw = ''
			response.on('data', (chunk: Buffer) => (raw += chunk.toString()))
			response.on('end', () => {
				try {
					resolve({ status: response.statusCode ?? 0, body: JSON.parse(raw) as Record<string, unknown> })
				} catch (error) {
					reject(error as Error)
				}
			})
		})
		request.on('error', reject)
		request.end(JSON.stringify(body))
	})
}
