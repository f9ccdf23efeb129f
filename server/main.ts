import type { Server } from 'node:http'
import path from 'node:path'
import v8 from 'node:v8'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { EnvError, parseEnv, type Env } from './config/env.ts'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts'
import { makePrivateFolder, secureDataFolders, setPrivateUmask } from './private-files.ts'
import { createHttpApp } from './http/create-app.ts'
import { listeningUrl } from './http/listening-url.ts'
import { createLogger } from './logger.ts'
import { startControlSocket } from './control/control-socket.ts'
import { closeServices, createServices } from './services.ts'
import { announceReady, supervisionOf, withdrawRecord } from './supervision.ts'
import { buildId } from '../scripts/build-stamp.mjs'
import { RESTART_EXIT_CODE } from '../scripts/shop-process.mjs'

/**
 * A stop lets requests in flight finish for this long, then closes their connections; the whole
 * stop (jobs, database, lock) ends within SHUTDOWN_DEADLINE_MS, under the 10 s a container engine
 * waits before SIGKILL (ADR 0171).
 */
const REQUEST_GRACE_MS = 7_000
const SHUTDOWN_DEADLINE_MS = 9_000
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
	// Everything this process creates is owner-only, whatever umask it was started with (ADR 0167).
	setPrivateUmask()
	const env = loadEnvOrExit()
	// Under steady traffic V8 lets the heap reach about four times what is alive before collecting
	// (ADR 0092). V8 reads this flag at every collection, so setting it now takes effect.
	if (env.HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${env.HEAP_GROWING_PERCENT}`)
	const log = createLogger(env)
	if (env.NODE_ENV === 'production' && process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
		// glibc reads this only when the process starts, so the shop cannot set it for itself (ADR 0092).
		log.info('MALLOC_ARENA_MAX is not set: under load this process may hold about 100 MB more than it needs; start it with MALLOC_ARENA_MAX=2 (docs/deploy.md)')
	}

	makePrivateFolder(env.DATA_DIR)
	// PGlite serves one process per data directory: claim it before anything opens the database.
	let lock: { release(): void } | undefined
	if (env.databaseEngine === 'pglite') {
		try {
			lock = await acquireDataDirLock(env.DATA_DIR)
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

	secureDataFolders([env.DATA_DIR, env.BACKUP_DIR], (details, message) => log.warn(details, message))

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
	// Upload issued documents to ANAF (when credentials are set); the first round soon after start.
	services.eFactura?.job.start(1_000)
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
			// The address customers' links use, apart from the one this process binds (the message's).
			publicUrl: env.PUBLIC_URL,
			port: env.PORT,
			db: services.database.engine,
			translation: services.translation.providerName,
			startupMs: Math.round(performance.now() - startedAt),
		},
		`shop listening on ${listeningUrl(server.address(), env.PORT)}`,
	)

	const supervision = supervisionOf(process.env)
	const buildName = options.vite ? 'dev' : (buildId(path.dirname(options.clientBuildDir)) ?? 'unknown')
	announceReady(supervision, { dataDir: env.DATA_DIR, port: env.PORT, build: buildName })

	let stopping = false
	// SIGTERM and SIGINT stop the shop; SIGHUP stops it as a restart (exit code RESTART_EXIT_CODE), which
	// npm start's supervisor and systemd (Restart=on-failure) answer by starting it again.
	const shutdown = async (signal: NodeJS.Signals) => {
		if (stopping) return
		stopping = true
		const exitCode = signal === 'SIGHUP' ? RESTART_EXIT_CODE : 0
		log.info({ signal }, 'shutting down: finishing requests in flight')
		// Whatever hangs (a request, a job, the database), the process ends in bounded time; the
		// lock goes with it (a dead owner's lock is taken over at the next start).
		const deadline = setTimeout(() => {
			log.error({ signal }, `shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms: exiting now`)
			lock?.release()
			process.exit(exitCode || 1)
		}, SHUTDOWN_DEADLINE_MS)
		deadline.unref()
		const forced = setTimeout(() => server.closeAllConnections(), REQUEST_GRACE_MS)
		forced.unref()
		// Stop accepting, let requests in flight finish (and commit), then stop the jobs and close the database.
		const closed = new Promise<void>((resolve) => server.close(() => resolve()))
		server.closeIdleConnections()
		await closed
		clearTimeout(forced)
		await control?.close()
		try {
			await closeServices(services)
		} catch (error) {
			log.error({ err: error }, 'error while closing services')
		}
		lock?.release()
		withdrawRecord(supervision, env.DATA_DIR)
		log.info('stopped')
		process.exit(exitCode)
	}
	// `on`, not `once`: a terminal's Ctrl-C reaches both npm start's supervisor and the shop, which then
	// hears SIGINT twice; the second must not kill it mid-stop.
	for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal))
	return server
}
