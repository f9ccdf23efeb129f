import type { Server } from 'node:http'
import v8 from 'node:v8'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { EnvError, parseEnv, type Env } from './config/env.ts'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts'
import { createHttpApp } from './http/create-app.ts'
import { createLogger } from './logger.ts'
import { startControlSocket } from './control/control-socket.ts'
import { closeServices, createServices } from './services.ts'

const SHUTDOWN_GRACE_MS = 10_000
/** Idle keep-alive connections stay open this long (above the 60 s idle timeout of common load balancers). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** Prints one line and exits: the way start-up refuses bad configuration. */
function refuse(message: string): never {
	process.stderr.write(`${message}\n`)
	process.exit(1)
}

export function loadEnvOrExit(): Env {
	try {
		return parseEnv(process.env)
	} catch (error) {
		if (error instanceof EnvError) refuse(error.message)
		throw error
	}
}

export async function startServer(options: { clientBuildDir: string; loadBuild: () => Promise<ServerBuild>; vite?: ViteDevServer }): Promise<Server> {
	const startedAt = performance.now()
	const env = loadEnvOrExit()
	// Under steady traffic V8 lets the heap reach about four times what is alive before collecting
	// (ADR 0092). V8 reads this flag at every collection, so setting it now takes effect.
	if (env.HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${env.HEAP_GROWING_PERCENT}`)
	const log = createLogger(env)
	if (env.NODE_ENV === 'production' && process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
		// glibc reads this only when the process starts, so the shop cannot set it for itself (ADR 0092).
		log.info('MALLOC_ARENA_MAX is not set: under load this process may hold about 100 MB more than it needs; start it with MALLOC_ARENA_MAX=2 (docs/deploy.md)')
	}

	// PGlite serves one process per data directory: claim it before anything opens the database.
	let lock: { release(): void } | undefined
	if (env.databaseEngine === 'pglite') {
		try {
			lock = acquireDataDirLock(env.DATA_DIR)
		} catch (error) {
			if (error instanceof DataDirLockedError) refuse(error.message)
			throw error
		}
	}

	let services: Awaited<ReturnType<typeof createServices>>
	try {
		services = await createServices(env, log)
	} catch (error) {
		lock?.release()
		log.fatal({ err: error }, 'could not start')
		refuse(`Could not start: ${(error as Error).message}`)
	}

	// Production hands React Router the build itself: given a loader, it re-derives its routes per request.
	const build = options.vite ? options.loadBuild : await options.loadBuild()
	const app = createHttpApp(services, { clientBuildDir: options.clientBuildDir, vite: options.vite, build })
	const server = app.listen(env.PORT, env.HOST)
	// Keep idle connections longer than clients and proxies do (load balancers commonly idle at 60 s;
	// Node's 5 s default lets a client reuse a socket the server is closing: ECONNRESET / 502).
	server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
	server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
	await new Promise<void>((resolve, reject) => {
		server.once('listening', resolve)
		server.once('error', reject)
	}).catch(async (error: NodeJS.ErrnoException) => {
		await closeServices(services)
		lock?.release()
		refuse(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use; set PORT to a free port.` : `Could not listen: ${error.message}`)
	})
	// Translate content in the background: everything missing is queued now (no page waits on it).
	services.translation.worker.start()
	// On PGlite, `npm run backup` and `npm run users` reach the database through the running shop.
	const control =
		services.database.engine === 'pglite'
			? await startControlSocket(services).catch((error: Error) => {
					log.warn({ err: error.message }, 'control socket not started: `npm run backup` and `npm run users` need the shop stopped')
					return null
				})
			: null
	log.info(
		{
			url: env.PUBLIC_URL,
			port: env.PORT,
			db: services.database.engine,
			translation: services.translation.providerName,
			startupMs: Math.round(performance.now() - startedAt),
		},
		`shop listening on http://localhost:${env.PORT}`,
	)

	let stopping = false
	const shutdown = async (signal: string) => {
		if (stopping) return
		stopping = true
		log.info({ signal }, 'shutting down: finishing requests in flight')
		const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
		forced.unref()
		// Stop accepting, let requests in flight finish (and commit), then close the database.
		await new Promise<void>((resolve) => server.close(() => resolve()))
		server.closeIdleConnections()
		clearTimeout(forced)
		await control?.close()
		try {
			await closeServices(services)
		} catch (error) {
			log.error({ err: error }, 'error while closing services')
		}
		lock?.release()
		log.info('stopped')
		process.exit(0)
	}
	process.once('SIGTERM', () => void shutdown('SIGTERM'))
	process.once('SIGINT', () => void shutdown('SIGINT'))
	return server
}
