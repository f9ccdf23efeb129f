import { describe, expect, it } from 'vitest'
import { uuidField } from './forms/fields.ts'
import { isUuid, normaliseUuid } from './ids.ts'

const id = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b'

describe('ids', () => {
	it('accepts UUIDs in either case and any version, as PostgreSQL does', () => {
		expect(isUuid(id)).toBe(true)
		expect(isUuid(id.toUpperCase())).toBe(true)
		expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true)
	})

	it('rejects anything else', () => {
		for (const value of ['', 'candle-vanilla', `${id}x`, ` ${id}`, id.replaceAll('-', ''), null, undefined, 42]) expect(isUuid(value)).toBe(false)
	})

	it('normalises to lower case', () => {
		expect(normaliseUuid(id.toUpperCase())).toBe(id)
		expect(normaliseUuid('nope')).toBeNull()
	})

	it('has a zod schema with the same rule', () => {
		expect(uuidField().safeParse(id).success).toBe(true)
		expect(uuidField('Element invalid').safeParse('nope').error?.issues[0]?.message).toBe('Element invalid')
	})
})
