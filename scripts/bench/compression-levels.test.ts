import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { measureCompression, SETTINGS } from './compression-levels.ts'

describe('measureCompression', () => {
	it('reports every setting with a size that decompresses back to the page', () => {
		const page = Buffer.from('<li class="product">Vanilla candle</li>'.repeat(500))
		const figures = measureCompression(page, 2)
		expect(figures.map((row) => row.label)).toEqual(SETTINGS.map((setting) => setting.label))
		for (const row of figures) {
			expect(row.bytes).toBeGreaterThan(0)
			expect(row.bytes).toBeLessThan(page.length)
			expect(row.cpuMsPerPage).toBeGreaterThanOrEqual(0)
		}
		const brotli2 = SETTINGS.find((setting) => setting.label === 'brotli 2')!.compress(page)
		expect(zlib.brotliDecompressSync(brotli2).equals(page)).toBe(true)
	})
})
