import type { AddressInfo } from 'node:net'

/** Addresses that mean "every interface": the shop is then reached as localhost on this machine. */
const ALL_INTERFACES = new Set(['0.0.0.0', '::'])

/**
 * The address the server really listens on, as a URL for the start-up log: a specific HOST
 * (127.0.0.1, ::1, a LAN address) is shown as it is, every interface as localhost.
 */
export function listeningUrl(address: AddressInfo | string | null, fallbackPort: number): string {
	if (address === null || typeof address === 'string') return `http://localhost:${fallbackPort}`
	if (ALL_INTERFACES.has(address.address)) return `http://localhost:${address.port} (all interfaces)`
	const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
	return `http://${host}:${address.port}`
}
