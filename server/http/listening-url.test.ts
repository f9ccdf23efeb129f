import { describe, expect, it } from 'vitest'
import { listeningUrl } from './listening-url.ts'

describe('listeningUrl', () => {
	it('shows the address a specific HOST binds to', () => {
		expect(listeningUrl({ address: '127.0.0.1', family: 'IPv4', port: 4100 }, 4100)).toBe('http://127.0.0.1:4100')
		expect(listeningUrl({ address: '::1', family: 'IPv6', port: 4100 }, 4100)).toBe('http://[::1]:4100')
	})

	it('says localhost on every interface', () => {
		expect(listeningUrl({ address: '0.0.0.0', family: 'IPv4', port: 3000 }, 3000)).toBe('http://localhost:3000 (all interfaces)')
		expect(listeningUrl({ address: '::', family: 'IPv6', port: 3000 }, 3000)).toBe('http://localhost:3000 (all interfaces)')
	})
})
