import { describe, expect, it } from 'vitest'
import { parseCatalogQuery } from './catalog-query.ts'

const q = (raw: string) => parseCatalogQuery(new URLSearchParams(raw)).q

describe('the catalogue query', () => {
	it('drops control characters from the search (a NUL from a crafted URL reaches no SQL), keeping the words apart', () => {
		expect(q('q=a%00b')).toBe('ab')
		expect(q('q=%00')).toBeUndefined()
		expect(q('q=%00%00%00')).toBeUndefined()
		expect(q('q=lum%00%07%1b%7fanare')).toBe('lumanare')
		expect(q('q=lumanare%09lavanda%0d%0a')).toBe('lumanare lavanda')
		expect(q(`q=${'x'.repeat(300)}`)).toHaveLength(100)
	})
})
