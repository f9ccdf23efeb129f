export type ShopProcessRecord = {
	/** Who restarts the shop: `npm start`'s own supervisor, or systemd. */
	supervisor: 'npm-start' | 'systemd'
	/** The process to signal: the supervisor (npm start) or the server (systemd). */
	pid: number
	port: number
	/** `starting`, `ready`, or `stopped` (npm start's supervisor waiting after a failed start or a pause). */
	state: 'starting' | 'ready' | 'stopped'
	/** The build the ready shop runs (the first characters of its source stamp). */
	build?: string
	/** How the last shop process ended, when one did. */
	lastExit?: { code: number | null; signal: string | null; at: string }
}
export const RECORD_FILE: string
export const RESTART_SIGNAL: 'SIGHUP'
export const PAUSE_SIGNAL: 'SIGUSR2'
export const RESTART_EXIT_CODE: number
export function dataDirFromEnv(env?: NodeJS.ProcessEnv): string
export function recordPath(dataDir: string): string
export function writeRecord(dataDir: string, record: ShopProcessRecord): void
export function readLiveRecord(dataDir: string): ShopProcessRecord | null
export function removeRecord(dataDir: string, pid?: number): void
