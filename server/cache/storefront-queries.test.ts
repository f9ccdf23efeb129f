import { describe, expect, it } from 'vitest'
import { StorefrontQueryCache } from './storefront-queries.ts'

function counting<T>(value: T) {
	let reads = 0
	return { load: async () => (reads++, value), reads: () => reads }
}

describe('StorefrontQueryCache', () => {
	it('reads once per key while changes are heard, and again after a change', async () => {
		const cache = new StorefrontQueryCache()
		cache.listeningStarted()
		const catalog = counting(['a'])
		expect(await cache.read('catalog en', catalog.load)).toEqual(['a'])
		expect(await cache.read('catalog en', catalog.load)).toEqual(['a'])
		expect(catalog.reads()).toBe(1)
		await cache.read('catalog ro', catalog.load)
		expect(catalog.reads()).toBe(2)
		cache.invalidate()
		await cache.read('catalog en', catalog.load)
		expect(catalog.reads()).toBe(3)
	})

	it('shares one pending read, and never keeps a read a change interrupted', async () => {
		const cache = new StorefrontQueryCache()
		cache.listeningStarted()
		let release!: (value: string) => void
		let reads = 0
		const slow = () => (reads++, new Promise<string>((resolve) => (release = resolve)))
		const first = cache.read('product a', slow)
		const second = cache.read('product a', slow)
		expect(reads).toBe(1)
		cache.invalidate()
		release('old')
		expect(await Promise.all([first, second])).toEqual(['old', 'old'])
		const after = cache.read('product a', async () => (reads++, 'new'))
		expect(await after).toBe('new')
		expect(reads).toBe(2)
	})

	it('keeps nothing while changes cannot be heard, and forgets a failed read', async () => {
		const cache = new StorefrontQueryCache()
		const value = counting(1)
		await cache.read('k', value.load)
		await cache.read('k', value.load)
		expect(value.reads()).toBe(2)
		cache.listeningStarted()
		await expect(cache.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
		expect(await cache.read('k', value.load)).toBe(1)
		cache.listeningStopped()
		expect(cache.size).toBe(0)
		await cache.read('k', value.load)
		expect(value.reads()).toBe(4)
	})
})

describe('StorefrontQueryCache keep', () => {
	it('forgets a result it is told not to keep, once read', async () => {
		const cache = new StorefrontQueryCache()
		cache.listeningStarted()
		const partial = counting({ complete: false })
		await cache.read('k', partial.load, (value) => value.complete)
		await cache.read('k', partial.load, (value) => value.complete)
		expect(partial.reads()).toBe(2)
	})
})
