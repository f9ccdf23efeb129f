import { describe, expect, it } from 'vitest'
import { applyDepthOfField } from './depth-of-field.ts'

/** A 40 by 20 picture: a white product in focus on the left half, a black wall far behind on the right. */
function productAgainstWall() {
	const width = 40
	const height = 20
	const pixels = new Uint8Array(width * height * 3)
	const depth = new Float32Array(width * height)
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const product = x < 20
			pixels.fill(product ? 255 : 0, (y * width + x) * 3, (y * width + x) * 3 + 3)
			depth[y * width + x] = product ? 50 : 200
		}
	return { width, height, pixels, channels: 3, depth, focus: 50, blur: 6 }
}

describe('the depth of field added after the render', () => {
	it('keeps what is in focus sharp, to its edge, and does not spill it onto the blurred wall behind', () => {
		const input = productAgainstWall()
		const out = applyDepthOfField(input)
		const at = (x: number, y: number) => out[(y * input.width + x) * 3]!
		for (const x of [0, 10, 19]) expect(at(x, 10)).toBe(255)
		for (const x of [20, 21, 30, 39]) expect(at(x, 10)).toBe(0)
	})

	it('blurs what lies away from the focus', () => {
		const input = productAgainstWall()
		// Stripes on the wall: blurred, they come out grey.
		for (let y = 0; y < input.height; y++)
			for (let x = 20; x < input.width; x++) input.pixels.fill(x % 2 ? 255 : 0, (y * input.width + x) * 3, (y * input.width + x) * 3 + 3)
		const out = applyDepthOfField(input)
		const wall = out[(10 * input.width + 30) * 3]!
		expect(wall).toBeGreaterThan(120)
		expect(wall).toBeLessThan(220)
	})
})
