import { describe, expect, it } from 'vitest'
import { contentDisposition, safeFileName } from './download.ts'

describe('contentDisposition', () => {
	it('keeps a plain ASCII name as is', () => {
		expect(contentDisposition('comanda-1a2b3c4d.jpg')).toBe('attachment; filename="comanda-1a2b3c4d.jpg"')
		expect(contentDisposition('a.png', 'inline')).toBe('inline; filename="a.png"')
	})

	it('adds the exact UTF-8 name in filename* and an ASCII fallback', () => {
		expect(contentDisposition('Poză Ștefan.jpg')).toBe(`attachment; filename="Poza Stefan.jpg"; filename*=UTF-8''Poz%C4%83%20%C8%98tefan.jpg`)
	})

	it('never lets quotes, separators or control characters into the header', () => {
		const value = contentDisposition('a"b\\c/d\r\ne.jpg')
		expect(value).not.toMatch(/[\r\n]/)
		expect(value).toContain('filename="a_b_c_de.jpg"')
	})
})

describe('safeFileName', () => {
	it('falls back to "download" for names that are empty or only dots', () => {
		expect(safeFileName('')).toBe('download')
		expect(safeFileName('..')).toBe('download')
		expect(safeFileName('\u0000')).toBe('download')
	})

	it('cuts long names', () => {
		expect(safeFileName('x'.repeat(500))).toHaveLength(150)
	})
})
