/**
 * The shallow focus of a real lens, added after the render: each pixel is blurred by its distance
 * from the focus (from the depth pass). POV-Ray's own focal blur traces every pixel dozens of times;
 * this costs a second of arithmetic. A pixel gathers the neighbours whose blur disc reaches it, and
 * never a sharper neighbour in front of it nor one behind it further than its own disc, so a product
 * in focus keeps a crisp edge against the blurred wall behind it.
 */

/** Offsets in the unit disc, spread evenly (a golden-angle spiral). */
function discSamples(count: number) {
	const golden = Math.PI * (3 - Math.sqrt(5))
	return Array.from({ length: count }, (_, index) => {
		const radius = Math.sqrt((index + 0.5) / count)
		return [Math.cos(index * golden) * radius, Math.sin(index * golden) * radius] as const
	})
}

const SAMPLES = discSamples(160)
const TILE = 8

const toLinear = Float32Array.from({ length: 256 }, (_, value) => {
	const c = value / 255
	return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
})

function toSrgb(linear: number) {
	const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055
	return Math.max(0, Math.min(255, Math.round(c * 255)))
}

export type DepthOfField = {
	width: number
	height: number
	/** 8-bit sRGB pixels, `channels` a pixel. */
	pixels: Uint8Array
	channels: number
	/** Distance from the camera of each pixel, in centimetres. */
	depth: Float32Array
	/** Distance in focus, in centimetres. */
	focus: number
	/** Blur radius in pixels of what lies twice as far as the focus. */
	blur: number
}

/** The blurred picture, as 8-bit sRGB RGB pixels. */
export function applyDepthOfField({ width, height, pixels, channels, depth, focus, blur }: DepthOfField): Uint8Array {
	const count = width * height
	const maxRadius = blur * 1.6
	const radius = new Float32Array(count)
	for (let i = 0; i < count; i++) {
		const d = Math.max(depth[i]!, 1)
		radius[i] = Math.min(maxRadius, (blur * 2 * Math.abs(d - focus)) / d)
	}
	// The largest disc that can reach each tile: how far a pixel there must look.
	const tilesX = Math.ceil(width / TILE)
	const tilesY = Math.ceil(height / TILE)
	const tileMax = new Float32Array(tilesX * tilesY)
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const t = Math.floor(y / TILE) * tilesX + Math.floor(x / TILE)
			tileMax[t] = Math.max(tileMax[t]!, radius[y * width + x]!)
		}
	const reach = Math.ceil(maxRadius / TILE)
	const tileSearch = new Float32Array(tilesX * tilesY)
	for (let ty = 0; ty < tilesY; ty++)
		for (let tx = 0; tx < tilesX; tx++) {
			let most = 0
			for (let dy = -reach; dy <= reach; dy++)
				for (let dx = -reach; dx <= reach; dx++) {
					const nx = tx + dx
					const ny = ty + dy
					if (nx >= 0 && ny >= 0 && nx < tilesX && ny < tilesY) most = Math.max(most, tileMax[ny * tilesX + nx]!)
				}
			tileSearch[ty * tilesX + tx] = most
		}

	const linear = new Float32Array(count * 3)
	for (let i = 0; i < count; i++) for (let c = 0; c < 3; c++) linear[i * 3 + c] = toLinear[pixels[i * channels + c]!]!
	const out = new Uint8Array(count * 3)
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const p = y * width + x
			const search = tileSearch[Math.floor(y / TILE) * tilesX + Math.floor(x / TILE)]!
			const ownRadius = radius[p]!
			const ownWeight = 1 / Math.max(ownRadius, 0.5) ** 2
			let r = linear[p * 3]! * ownWeight
			let g = linear[p * 3 + 1]! * ownWeight
			let b = linear[p * 3 + 2]! * ownWeight
			let total = ownWeight
			if (search >= 0.75)
				for (const [ox, oy] of SAMPLES) {
					const qx = Math.round(x + ox * search)
					const qy = Math.round(y + oy * search)
					if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue
					const q = qy * width + qx
					// A neighbour behind this pixel shows only as far as this pixel's own blur.
					const reachQ = depth[q]! > depth[p]! ? Math.min(radius[q]!, ownRadius) : radius[q]!
					const away = Math.hypot(qx - x, qy - y)
					const cover = Math.min(1, Math.max(0, reachQ + 0.5 - away))
					if (cover <= 0) continue
					const weight = cover / Math.max(reachQ, 0.5) ** 2
					r += linear[q * 3]! * weight
					g += linear[q * 3 + 1]! * weight
					b += linear[q * 3 + 2]! * weight
					total += weight
				}
			out[p * 3] = toSrgb(r / total)
			out[p * 3 + 1] = toSrgb(g / total)
			out[p * 3 + 2] = toSrgb(b / total)
		}
	return out
}
