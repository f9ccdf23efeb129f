import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { demoImageExtras, demoImageSpecs, type DemoImageSpec } from '#server/seed/demo-catalog.ts'
import { buildScene } from './scenes.ts'

const all = [...demoImageSpecs, ...demoImageExtras]
const find = (file: string): DemoImageSpec => all.find((spec) => spec.file === file)!

describe('the demo pictures’ POV-Ray scenes', () => {
	it.each(demoImageSpecs.map((spec) => [spec.file, spec] as const))('%s: a scene on the studio, its artwork valid SVG', async (_file, spec) => {
		for (const shown of spec.kind === 'group' ? spec.shows : spec.kind === 'bundle' ? spec.holds : []) expect(find(shown), shown).toBeDefined()
		const scene = buildScene(spec, find)
		expect(scene.pov).toContain('#include "studio.inc"')
		expect(scene.pov).toContain('Table(')
		expect(scene.focus).toBeGreaterThan(20)
		for (const asset of scene.assets) {
			expect(scene.pov).toContain(`"${asset.name}"`)
			const meta = await sharp(Buffer.from(asset.svg)).metadata()
			expect(meta.format).toBe('svg')
		}
	})
})
