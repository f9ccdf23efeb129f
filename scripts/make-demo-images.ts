/**
 * Draws the demo catalogue's pictures as SVG and writes them as small WebP files to
 * server/seed/images. Run with `npm run images:demo`; the output is committed, so start-up
 * never downloads anything.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { demoImageSpecs, type DemoImageSpec } from '#server/seed/demo-catalog.ts'

const SIZE = 800
const outDir = path.resolve(import.meta.dirname, '../server/seed/images')

const background = (from: string, to: string) => `
	<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
		<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
	</linearGradient></defs>
	<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`

function candle(spec: Extract<DemoImageSpec, { kind: 'candle' }>) {
	const jar =
		spec.container === 'metal'
			? `<rect x="250" y="360" width="300" height="240" rx="28" fill="#b9bcc2"/><rect x="250" y="360" width="300" height="36" rx="18" fill="#d7d9dd"/>`
			: `<rect x="240" y="300" width="320" height="320" rx="60" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6"/>`
	const waxTop = spec.container === 'metal' ? 380 : 360
	return `${background(spec.from, spec.to)}
		<ellipse cx="400" cy="640" rx="220" ry="26" fill="#000" fill-opacity="0.12"/>
		${jar}
		<rect x="${spec.container === 'metal' ? 262 : 256}" y="${waxTop}" width="${spec.container === 'metal' ? 276 : 288}" height="${spec.container === 'metal' ? 210 : 244}" rx="40" fill="${spec.wax}"/>
		<rect x="300" y="450" width="200" height="90" rx="12" fill="#fffaf2"/>
		<rect x="325" y="478" width="150" height="10" rx="5" fill="${spec.to}"/>
		<rect x="345" y="502" width="110" height="8" rx="4" fill="${spec.from}"/>
		<rect x="396" y="${waxTop - 46}" width="8" height="50" rx="4" fill="#3b2f2f"/>
		<path d="M400 ${waxTop - 150} C 440 ${waxTop - 100}, 430 ${waxTop - 60}, 400 ${waxTop - 46} C 370 ${waxTop - 60}, 360 ${waxTop - 100}, 400 ${waxTop - 150} Z" fill="#ffb347"/>
		<path d="M400 ${waxTop - 110} C 418 ${waxTop - 86}, 414 ${waxTop - 62}, 400 ${waxTop - 52} C 386 ${waxTop - 62}, 382 ${waxTop - 86}, 400 ${waxTop - 110} Z" fill="#fff3b0"/>`
}

function portrait(spec: Extract<DemoImageSpec, { kind: 'portrait' }>) {
	const people = Array.from({ length: spec.people }, (_, index) => {
		const x = 400 + (index - (spec.people - 1) / 2) * 120
		const tone = ['#8d5a3b', '#c58c63', '#e0b48a', '#6b4226'][index % 4]
		return `<circle cx="${x}" cy="330" r="48" fill="${tone}"/><rect x="${x - 62}" y="390" width="124" height="190" rx="56" fill="${spec.clothes[index % spec.clothes.length]}"/>`
	}).join('')
	const pet = spec.pet
		? `<ellipse cx="${400 + spec.people * 62}" cy="560" rx="60" ry="38" fill="#7a5230"/><circle cx="${450 + spec.people * 62}" cy="520" r="30" fill="#7a5230"/><circle cx="${462 + spec.people * 62}" cy="500" r="10" fill="#5a3a20"/>`
		: ''
	return `${background('#d9b98c', '#c49a6c')}
		<rect x="120" y="120" width="560" height="560" rx="12" fill="#f6ead7" stroke="${spec.frame}" stroke-width="28"/>
		<rect x="170" y="170" width="460" height="460" fill="${spec.backdrop}"/>
		${people}${pet}
		<rect x="170" y="580" width="460" height="50" fill="#e7d3b3"/>`
}

function bundle(spec: Extract<DemoImageSpec, { kind: 'bundle' }>) {
	return `${background(spec.from, spec.to)}
		<ellipse cx="400" cy="650" rx="250" ry="28" fill="#000" fill-opacity="0.12"/>
		<rect x="170" y="360" width="460" height="280" rx="18" fill="${spec.box}"/>
		<rect x="150" y="300" width="500" height="90" rx="16" fill="${spec.lid}"/>
		<rect x="372" y="300" width="56" height="340" fill="${spec.ribbon}"/>
		<path d="M400 300 C 330 200, 250 250, 330 300 Z M400 300 C 470 200, 550 250, 470 300 Z" fill="${spec.ribbon}"/>`
}

function discovery(spec: Extract<DemoImageSpec, { kind: 'discovery' }>) {
	const tins = spec.colors
		.map((color, index) => {
			const x = 130 + index * 110
			return `<rect x="${x}" y="380" width="96" height="120" rx="16" fill="#c9ccd1"/><rect x="${x + 8}" y="392" width="80" height="96" rx="12" fill="${color}"/><rect x="${x + 44}" y="352" width="8" height="32" rx="4" fill="#3b2f2f"/>`
		})
		.join('')
	return `${background(spec.from, spec.to)}
		<rect x="100" y="330" width="600" height="230" rx="24" fill="#fffaf2" fill-opacity="0.6"/>
		${tins}`
}

function category(spec: Extract<DemoImageSpec, { kind: 'category' }>) {
	return `${background(spec.from, spec.to)}
		<circle cx="400" cy="400" r="210" fill="#ffffff" fill-opacity="0.28"/>
		<circle cx="400" cy="400" r="130" fill="#ffffff" fill-opacity="0.35"/>`
}

function draw(spec: DemoImageSpec) {
	const body =
		spec.kind === 'candle'
			? candle(spec)
			: spec.kind === 'portrait'
				? portrait(spec)
				: spec.kind === 'bundle'
					? bundle(spec)
					: spec.kind === 'discovery'
						? discovery(spec)
						: category(spec)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`
}

fs.mkdirSync(outDir, { recursive: true })
for (const spec of demoImageSpecs) {
	const file = path.join(outDir, `${spec.file}.webp`)
	await sharp(Buffer.from(draw(spec)))
		.webp({ quality: 70 })
		.toFile(file)
	console.log(`${path.relative(process.cwd(), file)} ${fs.statSync(file).size} bytes`)
}
