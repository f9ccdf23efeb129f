/** Small helpers for writing POV-Ray scene text. */

export type Vec3 = [number, number, number]

/** A number as POV-Ray reads it: short, and never in exponent notation. */
export function num(value: number) {
	return String(Math.round(value * 1000) / 1000)
}

export function vec([x, y, z]: Vec3) {
	return `<${num(x)}, ${num(y)}, ${num(z)}>`
}

function channel(hex: string, at: number) {
	return parseInt(hex.slice(at, at + 2), 16) / 255
}

/** An sRGB colour (#rrggbb) as the linear rgb POV-Ray lights with (the scenes use assumed_gamma 1). */
export function colour(hex: string, scale = 1) {
	if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`)
	const linear = [1, 3, 5].map((at) => {
		const c = channel(hex, at)
		return (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * scale
	})
	return `rgb ${vec(linear as Vec3)}`
}

/** A colour mixed with another (0 keeps `hex`, 1 gives `other`), in sRGB, for painted shades. */
export function mix(hex: string, other: string, amount: number) {
	return `#${[1, 3, 5]
		.map((at) =>
			Math.round((channel(hex, at) * (1 - amount) + channel(other, at) * amount) * 255)
				.toString(16)
				.padStart(2, '0'),
		)
		.join('')}`
}

/** A POV-Ray string literal. */
export function str(text: string) {
	return `"${text.replace(/["\\]/g, '')}"`
}

/** Text made safe for an SVG text node or attribute. */
export function xml(text: string) {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
