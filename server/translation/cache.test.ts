import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { LruCache, sourceHash } from './cache.ts'

describe('sourceHash', () => {
	it('is the sha256 of the UTF-8 text, as PostgreSQL computes it', () => {
		expect(sourceHash('Lumânare')).toBe(crypto.createHash('sha256').update(Buffer.from('Lumânare', 'utf8')).digest('hex'))
		expect(sourceHash('a')).not.toBe(sourceHash('a '))
	})
})

describe('LruCache', () => {
	it('drops the least recently used entry beyond its size', () => {
		const cache = new LruCache<string>(2, 1000)
		cache.set('a', '1')
		cache.set('b', '2')
		expect(cache.get('a')).toBe('1')
		cache.set('c', '3')
		expect(cache.get('b')).toBeUndefined()
		expect(cache.get('a')).toBe('1')
		expect(cache.get('c')).toBe('3')
		expect(cache.size).toBe(2)
	})

	it('forgets entries after their time to live', () => {
		let now = 0
		const cache = new LruCache<string>(10, 100, () => now)
		cache.set('a', '1')
		now = 99
		expect(cache.get('a')).toBe('1')
		now = 200
		expect(cache.get('a')).toBeUndefined()
		expect(cache.size).toBe(0)
	})
})
