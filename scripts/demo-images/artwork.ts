/**
 * The flat artwork the scenes print or paint on their objects, as SVG (sharp turns it into PNG):
 * candle labels, the gift card, and the painted figures of a cardboard portrait together with the
 * outline its cardboard is cut along.
 */
import { mix, num, xml } from './pov.ts'

/** Pixels per centimetre of printed or painted artwork. */
export const ART_PX_PER_CM = 60

const INK = '#2b2420'

/** A candle's paper label: the shop, the scent in italics, the wax. */
/** A label's product name, one italic serif line per entry, centred on `x` from `top` down. */
function labelTitle(lines: string[], x: number, top: number, size: number): string {
	return lines
		.map(
			(line, index) =>
				`<text x="${x}" y="${top + index * size * 1.05 + size * 0.35}" font-family="DejaVu Serif" font-style="italic" font-size="${size}" text-anchor="middle" fill="${INK}">${xml(line)}</text>`,
		)
		.join('')
}

export function candleLabelSvg(title: string, accent: string, widthCm: number, heightCm: number) {
	const w = Math.round(widthCm * ART_PX_PER_CM)
	const h = Math.round(heightCm * ART_PX_PER_CM)
	const lines = title.split('\n')
	const titleSize = Math.min(h * 0.2, (w * 1.5) / Math.max(...lines.map((line) => line.length)))
	const titleTop = h * 0.5 - ((lines.length - 1) * titleSize * 1.05) / 2
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
	<rect width="${w}" height="${h}" fill="#f6efe2"/>
	<rect x="${w * 0.05}" y="${h * 0.06}" width="${w * 0.9}" height="${h * 0.88}" fill="none" stroke="${accent}" stroke-width="${h * 0.012}"/>
	<text x="${w / 2}" y="${h * 0.24}" font-family="DejaVu Sans" font-size="${h * 0.085}" letter-spacing="${h * 0.02}" text-anchor="middle" fill="${accent}">LUMINĂ &amp; CARTON</text>
	${labelTitle(lines, w / 2, titleTop, titleSize)}
	<text x="${w / 2}" y="${h * 0.85}" font-family="DejaVu Sans" font-size="${h * 0.07}" letter-spacing="${h * 0.015}" text-anchor="middle" fill="#6a5a4a">CEARĂ DE SOIA</text>
</svg>`
}

/** The handwritten card that comes in a gift set. */
export function giftCardSvg(widthCm: number, heightCm: number) {
	const w = Math.round(widthCm * ART_PX_PER_CM)
	const h = Math.round(heightCm * ART_PX_PER_CM)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
	<rect width="${w}" height="${h}" fill="#fbf6ec"/>
	<text x="${w * 0.12}" y="${h * 0.42}" font-family="DejaVu Serif" font-style="italic" font-size="${h * 0.2}" fill="#4a3426">Cu drag,</text>
	<path d="M${w * 0.14} ${h * 0.62} q ${w * 0.2} ${-h * 0.06} ${w * 0.42} 0 t ${w * 0.3} 0" stroke="#4a3426" stroke-width="${h * 0.02}" fill="none" stroke-linecap="round"/>
	<path d="M${w * 0.14} ${h * 0.76} q ${w * 0.15} ${-h * 0.05} ${w * 0.3} 0" stroke="#4a3426" stroke-width="${h * 0.02}" fill="none" stroke-linecap="round"/>
</svg>`
}

// ---------------------------------------------------------------------------------------------
// Cardboard portraits

/** A piece of the cut-out's outline, in centimetres (y up, the panel's foot on y = 0). */
export type OutlinePiece =
	| { shape: 'circle'; cx: number; cy: number; r: number }
	| { shape: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
	/** A rectangle from y = 0 up to `top`, its two upper corners rounded by r. */
	| { shape: 'column'; x0: number; x1: number; top: number; r: number }

export type Portrait = {
	/** The cardboard, its foot on y = 0, centred on x = 0. */
	outline: OutlinePiece[]
	width: number
	height: number
	svg: string
}

const SKIN = ['#e8b894', '#c98e66', '#f1cdb0', '#a86f4c']
const HAIR = ['#3b2417', '#7a4a26', '#1e1713', '#b8864a']
const HAIR_STYLES = ['short', 'long', 'bun', 'curly'] as const
/** Cardboard left bare round the paint, as cut by hand. */
const MARGIN = 0.32

type Figure = { cx: number; child: boolean; clothes: string; skin: string; hair: string; hairStyle: (typeof HAIR_STYLES)[number] }

/** Painted cardboard, every colour flat with a brush's streaks and a wobbly edge. */
function brushFilter(id: string, seed: number) {
	return `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%" color-interpolation-filters="sRGB">
		<feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="2" seed="${seed}" result="warp"/>
		<feDisplacementMap in="SourceGraphic" in2="warp" scale="9" xChannelSelector="R" yChannelSelector="G" result="wobbly"/>
		<feTurbulence type="fractalNoise" baseFrequency="0.006 0.09" numOctaves="3" seed="${seed + 1}" result="streaks"/>
		<feColorMatrix in="streaks" type="matrix" values="1 0 0 0 0  1 0 0 0 0  1 0 0 0 0  0 0 0 0 1" result="grey"/>
		<feComposite in="wobbly" in2="grey" operator="arithmetic" k1="0.3" k2="0.86" k3="0" k4="0" result="streaked"/>
		<feComposite in="streaked" in2="wobbly" operator="in"/>
	</filter>`
}

/** The figures side by side: adults at the ends, children between, the pet last. */
function figures(people: number, clothes: string[]): Figure[] {
	return Array.from({ length: people }, (_, index) => ({
		cx: 0,
		child: people > 2 && index > 0 && index < people - 1,
		clothes: clothes[index % clothes.length]!,
		skin: SKIN[index % SKIN.length]!,
		hair: HAIR[(index * 3 + 1) % HAIR.length]!,
		hairStyle: HAIR_STYLES[(index * 3) % HAIR_STYLES.length]!,
	}))
}

/**
 * A cardboard portrait of `people` people (and a dog) painted side by side, their names' plate
 * along the foot; `plate` is its colour.
 */
export function portrait(options: { people: number; pet: boolean; clothes: string[]; plate: string; width: number; height: number }): Portrait {
	const { width, height } = options
	const people = figures(options.people, options.clothes)
	const slots = people.length + (options.pet ? 0.9 : 0)
	const slot = (width - 2 * MARGIN) / slots
	people.forEach((figure, index) => (figure.cx = -width / 2 + MARGIN + slot * (index + 0.5)))
	// The foot stands bare in the stand's slot; the name plate is painted just above it.
	const foot = 1.1
	const plateTop = foot + height * 0.11
	const adultHead = Math.min(slot * 0.3, height * 0.15)
	const headOf = (figure: Figure) => {
		const r = figure.child ? adultHead * 0.86 : adultHead
		const cy = figure.child ? height - MARGIN - adultHead * 2.3 - r * 0.3 : height - MARGIN - r * 1.45
		return { r, cy }
	}

	const outline: OutlinePiece[] = [{ shape: 'column', x0: -width / 2, x1: width / 2, top: plateTop + MARGIN, r: 0.4 }]
	const paint: string[] = []
	for (const figure of people) {
		const { r, cy } = headOf(figure)
		const shoulders = cy - r * 1.25
		const half = figure.child ? slot * 0.4 : slot * 0.5
		outline.push(
			{ shape: 'circle', cx: figure.cx, cy: cy + r * 0.08, r: r * 1.12 + MARGIN },
			{ shape: 'column', x0: figure.cx - half - MARGIN, x1: figure.cx + half + MARGIN, top: shoulders + MARGIN, r: half * 0.6 },
		)
		if (figure.hairStyle === 'long') outline.push({ shape: 'ellipse', cx: figure.cx, cy: cy - r * 0.5, rx: r * 1.2 + MARGIN, ry: r * 1.4 + MARGIN })
		if (figure.hairStyle === 'bun') outline.push({ shape: 'circle', cx: figure.cx, cy: cy + r, r: r * 0.4 + MARGIN })
		paint.push(personSvg(figure, r, cy, shoulders, half, plateTop))
	}
	if (options.pet) {
		const cx = -width / 2 + MARGIN + slot * (people.length + 0.45)
		const r = adultHead * 0.85
		const cy = plateTop + r * 2.3
		outline.push(
			{ shape: 'circle', cx, cy, r: r + MARGIN },
			{ shape: 'ellipse', cx: cx - r * 0.95, cy: cy - r * 0.35, rx: r * 0.42 + MARGIN, ry: r * 0.85 + MARGIN },
			{ shape: 'ellipse', cx: cx + r * 0.95, cy: cy - r * 0.35, rx: r * 0.42 + MARGIN, ry: r * 0.85 + MARGIN },
			{ shape: 'ellipse', cx, cy: plateTop + r * 0.6, rx: r * 1.15 + MARGIN, ry: r * 1.3 + MARGIN },
		)
		paint.push(dogSvg(cx, cy, r, plateTop))
	}
	const px = (x: number) => num((x + width / 2) * ART_PX_PER_CM)
	const py = (y: number) => num((height - y) * ART_PX_PER_CM)
	const cm = (d: number) => num(d * ART_PX_PER_CM)
	const plateHeight = plateTop - foot
	const plate = `<rect x="${px(-width / 2 + MARGIN)}" y="${py(plateTop)}" width="${cm(width - 2 * MARGIN)}" height="${cm(plateHeight)}" rx="${cm(0.25)}" fill="${options.plate}"/>
		<text x="${px(0)}" y="${py(foot + plateHeight * 0.28)}" font-family="DejaVu Serif" font-style="italic" font-size="${cm(plateHeight * 0.6)}" text-anchor="middle" fill="#f6ead7">${options.pet ? 'Eu și Bruno' : 'Familia noastră'}</text>`
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cm(width)}" height="${cm(height)}">
	<defs>${brushFilter('brush', 7)}</defs>
	<g filter="url(#brush)">${paint.join('')}${plate}</g>
</svg>`
	// Each figure draws itself in centimetres; the group maps them to pixels.
	return {
		outline,
		width,
		height,
		svg: svg.replace(/\{(x|y|d):(-?[\d.]+)\}/g, (_, axis: string, value: string) =>
			axis === 'x' ? px(Number(value)) : axis === 'y' ? py(Number(value)) : cm(Number(value)),
		),
	}
}

const X = (value: number) => `{x:${num(value)}}`
const Y = (value: number) => `{y:${num(value)}}`
const D = (value: number) => `{d:${num(value)}}`

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') {
	return `<ellipse cx="${X(cx)}" cy="${Y(cy)}" rx="${D(rx)}" ry="${D(ry)}" fill="${fill}" ${extra}/>`
}

/** A painted face: eyes with a glint, brows, a nose, a smile, rosy cheeks. */
function faceSvg(cx: number, cy: number, r: number, skin: string) {
	const eye = (side: number) =>
		ellipse(cx + side * r * 0.36, cy + r * 0.05, r * 0.09, r * 0.12, '#2a1d16') +
		ellipse(cx + side * r * 0.36 + r * 0.03, cy + r * 0.1, r * 0.03, r * 0.03, '#ffffff')
	const brow = (side: number) =>
		`<path d="M${X(cx + side * r * 0.5)} ${Y(cy + r * 0.3)} Q ${X(cx + side * r * 0.36)} ${Y(cy + r * 0.4)} ${X(cx + side * r * 0.2)} ${Y(cy + r * 0.3)}" stroke="#3b2417" stroke-width="${D(r * 0.06)}" fill="none" stroke-linecap="round"/>`
	const cheek = (side: number) => ellipse(cx + side * r * 0.52, cy - r * 0.25, r * 0.16, r * 0.11, '#e0707a', 'opacity="0.45"')
	return `${eye(-1)}${eye(1)}${brow(-1)}${brow(1)}${cheek(-1)}${cheek(1)}
		<path d="M${X(cx - r * 0.04)} ${Y(cy - r * 0.02)} Q ${X(cx + r * 0.08)} ${Y(cy - r * 0.2)} ${X(cx - r * 0.06)} ${Y(cy - r * 0.24)}" stroke="${mix(skin, '#5a2a1a', 0.45)}" stroke-width="${D(r * 0.05)}" fill="none" stroke-linecap="round"/>
		<path d="M${X(cx - r * 0.28)} ${Y(cy - r * 0.42)} Q ${X(cx)} ${Y(cy - r * 0.66)} ${X(cx + r * 0.28)} ${Y(cy - r * 0.42)}" stroke="#9a3a32" stroke-width="${D(r * 0.08)}" fill="none" stroke-linecap="round"/>`
}

function personSvg(figure: Figure, r: number, cy: number, shoulders: number, half: number, plateTop: number) {
	const { cx, skin, hair, clothes } = figure
	const outlineStroke = `stroke="${mix(clothes, '#000000', 0.45)}" stroke-width="${D(0.05)}"`
	const body = `<path d="M${X(cx - half)} ${Y(plateTop)} L ${X(cx - half)} ${Y(shoulders - half * 0.6)} Q ${X(cx - half)} ${Y(shoulders)} ${X(cx - half * 0.4)} ${Y(shoulders)} L ${X(cx + half * 0.4)} ${Y(shoulders)} Q ${X(cx + half)} ${Y(shoulders)} ${X(cx + half)} ${Y(shoulders - half * 0.6)} L ${X(cx + half)} ${Y(plateTop)} Z" fill="${clothes}" ${outlineStroke}/>`
	const arms = [-1, 1]
		.map(
			(side) =>
				`<path d="M${X(cx + side * half * 0.62)} ${Y(shoulders - half * 0.35)} Q ${X(cx + side * half * 0.7)} ${Y((shoulders + plateTop) / 2)} ${X(cx + side * half * 0.6)} ${Y(plateTop + 0.1)}" stroke="${mix(clothes, '#000000', 0.3)}" stroke-width="${D(0.07)}" fill="none"/>`,
		)
		.join('')
	const collar = `<path d="M${X(cx - r * 0.55)} ${Y(shoulders)} L ${X(cx)} ${Y(shoulders - r * 0.7)} L ${X(cx + r * 0.55)} ${Y(shoulders)} Z" fill="${mix(clothes, '#ffffff', 0.55)}"/>`
	const neck = `<rect x="${X(cx - r * 0.3)}" y="${Y(cy - r * 0.6)}" width="${D(r * 0.6)}" height="${D(r * 0.75)}" fill="${mix(skin, '#6a3a2a', 0.15)}"/>`
	const behind =
		figure.hairStyle === 'long'
			? ellipse(cx, cy - r * 0.5, r * 1.18, r * 1.38, hair)
			: figure.hairStyle === 'bun'
				? ellipse(cx, cy + r, r * 0.4, r * 0.36, hair)
				: ''
	const ears = ellipse(cx - r * 0.95, cy, r * 0.16, r * 0.22, skin) + ellipse(cx + r * 0.95, cy, r * 0.16, r * 0.22, skin)
	const head = ellipse(cx, cy, r * 0.95, r * 1.05, skin, `stroke="${mix(skin, '#5a2a1a', 0.4)}" stroke-width="${D(0.04)}"`)
	const top =
		figure.hairStyle === 'curly'
			? [-0.75, -0.4, 0, 0.4, 0.75].map((dx, i) => ellipse(cx + dx * r, cy + r * (0.72 + (i % 2) * 0.12), r * 0.34, r * 0.3, hair)).join('')
			: `<path d="M${X(cx - r * 0.98)} ${Y(cy + r * 0.15)} Q ${X(cx - r)} ${Y(cy + r * 1.2)} ${X(cx)} ${Y(cy + r * 1.14)} Q ${X(cx + r)} ${Y(cy + r * 1.2)} ${X(cx + r * 0.98)} ${Y(cy + r * 0.15)} Q ${X(cx + r * 0.5)} ${Y(cy + r * 0.75)} ${X(cx - r * 0.2)} ${Y(cy + r * 0.55)} Q ${X(cx - r * 0.7)} ${Y(cy + r * 0.5)} ${X(cx - r * 0.98)} ${Y(cy + r * 0.15)} Z" fill="${hair}"/>`
	return `${behind}${body}${arms}${collar}${neck}${ears}${head}${top}${faceSvg(cx, cy, r, skin)}`
}

function dogSvg(cx: number, cy: number, r: number, plateTop: number) {
	const fur = '#8a5a33'
	const light = '#e2c29a'
	const dark = '#4a2e1a'
	const ear = (side: number) =>
		ellipse(cx + side * r * 0.95, cy - r * 0.35, r * 0.38, r * 0.8, dark, `transform="rotate(${side * 12} ${X(cx + side * r * 0.95)} ${Y(cy - r * 0.35)})"`)
	const eye = (side: number) =>
		ellipse(cx + side * r * 0.36, cy + r * 0.12, r * 0.12, r * 0.13, '#1a120c') +
		ellipse(cx + side * r * 0.36 + r * 0.04, cy + r * 0.17, r * 0.035, r * 0.035, '#ffffff')
	return `${ellipse(cx, plateTop + r * 0.6, r * 1.12, r * 1.25, fur)}${ellipse(cx, plateTop + r * 0.75, r * 0.55, r * 0.8, light)}
		${ear(-1)}${ear(1)}${ellipse(cx, cy, r, r * 0.95, fur)}${ellipse(cx, cy - r * 0.45, r * 0.5, r * 0.38, light)}
		${eye(-1)}${eye(1)}${ellipse(cx, cy - r * 0.28, r * 0.17, r * 0.12, '#1a120c')}
		<path d="M${X(cx)} ${Y(cy - r * 0.4)} L ${X(cx)} ${Y(cy - r * 0.58)} M ${X(cx - r * 0.2)} ${Y(cy - r * 0.62)} Q ${X(cx)} ${Y(cy - r * 0.72)} ${X(cx + r * 0.2)} ${Y(cy - r * 0.62)}" stroke="#1a120c" stroke-width="${D(r * 0.05)}" fill="none" stroke-linecap="round"/>
		${ellipse(cx + r * 0.05, cy - r * 0.74, r * 0.12, r * 0.14, '#d9707a')}`
}

/** The cut-out's outline as POV-Ray prisms from z = 0 to z = thickness. */
export function outlineToPov(outline: OutlinePiece[], thickness: number) {
	const t = num(thickness)
	const pieces = outline.map((piece) => {
		switch (piece.shape) {
			case 'circle':
				return `cylinder { <${num(piece.cx)}, ${num(piece.cy)}, 0>, <${num(piece.cx)}, ${num(piece.cy)}, ${t}>, ${num(piece.r)} }`
			case 'ellipse':
				return `cylinder { <0, 0, 0>, <0, 0, ${t}>, 1 scale <${num(piece.rx)}, ${num(piece.ry)}, 1> translate <${num(piece.cx)}, ${num(piece.cy)}, 0> }`
			case 'column': {
				const r = Math.min(piece.r, (piece.x1 - piece.x0) / 2, piece.top)
				return `union {
					box { <${num(piece.x0)}, 0, 0>, <${num(piece.x1)}, ${num(piece.top - r)}, ${t}> }
					box { <${num(piece.x0 + r)}, 0, 0>, <${num(piece.x1 - r)}, ${num(piece.top)}, ${t}> }
					cylinder { <${num(piece.x0 + r)}, ${num(piece.top - r)}, 0>, <${num(piece.x0 + r)}, ${num(piece.top - r)}, ${t}>, ${num(r)} }
					cylinder { <${num(piece.x1 - r)}, ${num(piece.top - r)}, 0>, <${num(piece.x1 - r)}, ${num(piece.top - r)}, ${t}>, ${num(r)} }
				}`
			}
		}
	})
	return `union {\n${pieces.join('\n')}\n}`
}

/** A round label for a tin's lid: the shop in a ring, the scent in the middle. */
export function roundLabelSvg(title: string, accent: string, diameterCm: number) {
	const s = Math.round(diameterCm * ART_PX_PER_CM)
	const lines = title.split('\n')
	const size = Math.min(s * 0.16, (s * 1.25) / Math.max(...lines.map((line) => line.length)))
	const top = s * 0.52 - ((lines.length - 1) * size * 1.05) / 2
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
	<rect width="${s}" height="${s}" fill="#f6efe2"/>
	<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.43}" fill="none" stroke="${accent}" stroke-width="${s * 0.012}"/>
	<text x="${s / 2}" y="${s * 0.25}" font-family="DejaVu Sans" font-size="${s * 0.06}" letter-spacing="${s * 0.012}" text-anchor="middle" fill="${accent}">LUMINĂ &amp; CARTON</text>
	${labelTitle(lines, s / 2, top, size)}
	<text x="${s / 2}" y="${s * 0.8}" font-family="DejaVu Sans" font-size="${s * 0.05}" letter-spacing="${s * 0.01}" text-anchor="middle" fill="#6a5a4a">CEARĂ DE SOIA</text>
</svg>`
}
