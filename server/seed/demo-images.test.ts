import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DEMO_HOME_HERO, demoCategories, demoImageMaxBytes, demoImageSpecs, demoProducts } from './demo-catalog.ts'

const folder = path.join(import.meta.dirname, 'images')

describe('the committed demo pictures (rendered by `npm run images:demo`, ADR 0273)', () => {
	it('are exactly the pictures the specs render, and every picture the catalogue and the home page name is one of them', () => {
		const files = fs.readdirSync(folder).sort()
		expect(files).toEqual(demoImageSpecs.map((spec) => `${spec.file}.webp`).sort())
		const named = [
			...demoCategories.flatMap((category) => (category.image ? [category.image] : [])),
			...demoProducts.flatMap((product) => [...product.images, ...(product.variants ?? []).map((variant) => variant.image)]),
			DEMO_HOME_HERO,
		]
		for (const name of named) expect(files, name).toContain(`${name}.webp`)
	})

	it.each(demoImageSpecs.map((spec) => [spec.file, spec] as const))('%s is a WebP of its size, under the weight the storefront allows', async (file, spec) => {
		const bytes = fs.readFileSync(path.join(folder, `${file}.webp`))
		const meta = await sharp(bytes).metadata()
		expect(meta.format).toBe('webp')
		const [width, height] = spec.kind === 'group' && spec.width && spec.height ? [spec.width, spec.height] : [800, 800]
		expect([meta.width, meta.height]).toEqual([width, height])
		expect(bytes.length).toBeLessThanOrEqual(demoImageMaxBytes(spec))
	})
})
