import { describe, expect, it } from 'vitest'
import { EMBEDDED_DATABASE_PRODUCTS, nearsEmbeddedDatabaseSize } from './embedded-database.ts'

describe('the embedded database size warning', () => {
	it('starts at four fifths of the size the embedded database serves well', () => {
		expect(nearsEmbeddedDatabaseSize(EMBEDDED_DATABASE_PRODUCTS * 0.8 - 1)).toBe(false)
		expect(nearsEmbeddedDatabaseSize(EMBEDDED_DATABASE_PRODUCTS * 0.8)).toBe(true)
		expect(nearsEmbeddedDatabaseSize(EMBEDDED_DATABASE_PRODUCTS * 3)).toBe(true)
		expect(nearsEmbeddedDatabaseSize(7, 10)).toBe(false)
		expect(nearsEmbeddedDatabaseSize(8, 10)).toBe(true)
	})
})
