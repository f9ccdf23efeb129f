import type http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * Starts a fake's HTTP server on a free loopback port: its URL, and a close that drops open
 * connections first (a fake told never to answer would otherwise hold close() forever).
 */
export async function listenOnLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
	const sockets = new Set<Socket>()
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})
	server.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		async close() {
			for (const socket of sockets) socket.destroy()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}
