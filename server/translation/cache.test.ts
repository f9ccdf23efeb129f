import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sourceHash } from './cache.ts'

describe('sourceHash', () => {
	it('is the sha256 of the UTF-8 text, as PostgreSQL computes it', () => {
		expect(sourceHash('Lumânare')).toBe(crypto.createHash('sha256').update(Buffer.from('Lumânare', 'utf8')).digest('hex'))
		expect(sourceHash('a')).not.toBe(sourceHash('a '))
	})
})
