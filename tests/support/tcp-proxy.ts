import net from 'node:net'

/**
 * A TCP relay on a free local port in front of another server (PostgreSQL in the fault tests), so a
 * test can take the server "off the network" and bring it back without touching the real one,
 * which other tests share. While cut, open connections are reset and new ones are refused.
 */
export type TcpProxy = {
	port: number
	/** Resets every relayed connection and refuses new ones until restore(). */
	cut(): void
	restore(): void
	close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
	const open = new Set<net.Socket>()
	let cut = false

	const server = net.createServer((client) => {
		if (cut) {
			client.resetAndDestroy()
			return
		}
		const upstream = net.connect(target.port, target.host)
		open.add(client)
		open.add(upstream)
		const teardown = () => {
			open.delete(client)
			open.delete(upstream)
			client.destroy()
			upstream.destroy()
		}
		client.on('error', teardown).on('close', teardown)
		upstream.on('error', teardown).on('close', teardown)
		client.pipe(upstream)
		upstream.pipe(client)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => resolve())
	})
	const { port } = server.address() as net.AddressInfo

	return {
		port,
		cut() {
			cut = true
			for (const socket of open) socket.resetAndDestroy()
			open.clear()
		},
		restore() {
			cut = false
		},
		close() {
			cut = true
			for (const socket of open) socket.destroy()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** Where a postgres:// URL points, and the same URL sent through a proxy on 127.0.0.1:port instead. */
export function postgresTarget(url: string) {
	const parsed = new URL(url)
	return { host: parsed.hostname, port: Number(parsed.port || 5432) }
}

export function throughProxy(url: string, proxyPort: number) {
	const parsed = new URL(url)
	parsed.hostname = '127.0.0.1'
	parsed.port = String(proxyPort)
	return parsed.toString()
}
