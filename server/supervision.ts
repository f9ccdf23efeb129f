import { removeRecord, writeRecord } from '../scripts/shop-process.mjs'

/** Who starts the shop again after a restart (ADR 0171): npm start's supervisor, systemd, or nobody. */
export type Supervision = 'npm-start' | 'systemd' | 'none'

/** npm start's supervisor says so in the environment; systemd sets INVOCATION_ID for every service it runs. */
export function supervisionOf(env: NodeJS.ProcessEnv): Supervision {
	if (env.SHOP_SUPERVISOR === 'npm-start') return 'npm-start'
	if (env.INVOCATION_ID) return 'systemd'
	return 'none'
}

/**
 * Tells whoever restarts the shop that it is serving, and with which build: npm start's supervisor
 * over its IPC channel (it keeps the record), or, under systemd, a record in DATA_DIR that
 * `npm run upgrade` reads. An unsupervised shop writes nothing.
 */
export function announceReady(supervision: Supervision, shop: { dataDir: string; port: number; build: string }) {
	if (supervision === 'npm-start' && process.send) {
		process.send({ type: 'shop-ready', build: shop.build })
		// The channel must not keep a stopping shop alive.
		process.channel?.unref()
	} else if (supervision === 'systemd') {
		writeRecord(shop.dataDir, { supervisor: 'systemd', pid: process.pid, port: shop.port, state: 'ready', build: shop.build })
	}
}

export function withdrawRecord(supervision: Supervision, dataDir: string) {
	if (supervision === 'systemd') removeRecord(dataDir)
}
