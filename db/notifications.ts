import pg from 'pg'
import { withTimeout } from './timeout.ts'

/** The channel migration 0002's triggers notify after every committed change to what storefront pages show. */
export const STOREFRONT_CHANGED_CHANNEL = 'storefront_changed'

/** What a listener hears. Between onLost and the next onReady, notifications may have been missed. */
export type NotificationEvents = {
	/** `payload` is the notification's text: empty from the triggers, anything from a `pg_notify` call (a test's drain marker). */
	onNotification(payload: string): void
	/** Listening: every commit from now on will be reported. */
	onReady(): void
	/** The connection is gone; the listener reconnects by itself and calls onReady again. */
	onLost(): void
}

export type NotificationListener = { close(): Promise<void> }

export type PostgresListenerOptions = {
	/** How often the connection is checked, so a silently dead one is noticed (notifications would just stop). */
	heartbeatMs?: number
	/** Waits before successive reconnection attempts; the last one repeats. */
	retryDelaysMs?: number[]
}

const QUERY_TIMEOUT_MS = 2_000

/**
 * LISTENs on one dedicated connection (a pooled one would be handed to other work). A lost or
 * unresponsive connection is reported (onLost) and replaced with backoff. Resolves once the
 * first attempt has either succeeded or failed, so a shop starting normally is listening before
 * it serves.
 */
export async function listenPostgres(
	url: string,
	channel: string,
	events: NotificationEvents,
	options: PostgresListenerOptions = {},
): Promise<NotificationListener> {
	const heartbeatMs = options.heartbeatMs ?? 5_000
	const retryDelaysMs = options.retryDelaysMs ?? [250, 1_000, 5_000]
	let stopped = false
	let client: pg.Client | null = null
	let retryTimer: NodeJS.Timeout | undefined
	let failures = 0

	async function connect(): Promise<void> {
		const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true })
		client = connection
		const heartbeat: { timer?: NodeJS.Timeout } = {}
		let lost = false
		const lose = () => {
			if (lost) return
			lost = true
			clearInterval(heartbeat.timer)
			connection.end().catch(() => {})
			if (stopped) return
			events.onLost()
			retryTimer = setTimeout(() => void connect(), retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)])
			failures++
		}
		connection.on('error', lose)
		connection.on('end', lose)
		connection.on('notification', (message) => {
			if (message.channel === channel) events.onNotification(message.payload ?? '')
		})
		try {
			await connection.connect()
			await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
		} catch {
			lose()
			return
		}
		if (stopped || lost) return
		failures = 0
		events.onReady()
		heartbeat.timer = setInterval(() => {
			withTimeout(connection.query('select 1'), QUERY_TIMEOUT_MS).catch(lose)
		}, heartbeatMs)
		heartbeat.timer.unref()
	}

	await connect()
	return {
		async close() {
			stopped = true
			clearTimeout(retryTimer)
			await client?.end().catch(() => {})
		},
	}
}
