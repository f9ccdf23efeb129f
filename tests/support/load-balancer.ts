import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A round-robin HTTP reverse proxy on loopback: the load balancer in front of several shop
 * instances. Like common load balancers it adds X-Forwarded-For, -Proto and -Host, so the shops
 * run with TRUST_PROXY as they would in production. It starts before the shops (their PUBLIC_URL
 * is its address) and is given its backends once they listen.
 */
export async function startLoadBalancer() {
	let backends: string[] = []
	let next = 0
	/** How many requests each backend received through the balancer. */
	const served = new Map<string, number>()
	const agent = new http.Agent({ keepAlive: true })
	const sockets = new Set<Socket>()

	const server = http.createServer((req, res) => {
		if (backends.length === 0) {
			res.writeHead(503, { 'Content-Type': 'text/plain' }).end('no backend')
			return
		}
		const backend = backends[next++ % backends.length]!
		served.set(backend, (served.get(backend) ?? 0) + 1)
		const target = new URL(req.url ?? '/', backend)
		const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
		const upstream = http.request(
			target,
			{
				method: req.method,
				agent,
				headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' },
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
				answer.pipe(res)
			},
		)
		upstream.on('error', () => {
			if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
			res.end('bad gateway')
		})
		req.pipe(upstream)
	})
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.address() as AddressInfo

	return {
		url: `http://127.0.0.1:${port}`,
		served,
		setBackends(urls: string[]) {
			backends = [...urls]
		},
		async close() {
			for (const socket of sockets) socket.destroy()
			agent.destroy()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

export type LoadBalancer = Awaited<ReturnType<typeof startLoadBalancer>>
