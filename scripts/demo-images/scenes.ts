/**
 * One POV-Ray scene per demo picture (server/seed/demo-catalog.ts demoImageSpecs), built on the
 * macros of studio.inc: the products as models, placed on the table in front of the wall, and a
 * camera with the point it focuses on.
 */
import type { DemoCandleLook, DemoImageSpec } from '#server/seed/demo-catalog.ts'
import { candleLabelSvg, giftCardSvg, outlineToPov, portrait, roundLabelSvg } from './artwork.ts'
import { colour, mix, num, str, vec, type Vec3 } from './pov.ts'

export type Asset = { name: string; svg: string }

export type Scene = {
	file: string
	width: number
	height: number
	/** The scene; the depth pass declares DepthPass=1 on the command line. */
	pov: string
	assets: Asset[]
	/** Distance from the camera that is sharp, in centimetres. */
	focus: number
	/** The blur, in pixels of an 800 px wide picture, of what is twice as far as the focus. */
	blur: number
	/** The depth pass's white, in centimetres. */
	depthRange: number
}

/** A product ready to place: its scene text at the origin (standing on y = 0), declarations and artwork. */
type Model = { object: string; declare: string; assets: Asset[]; radius: number; height: number }

type Camera = { location: Vec3; lookAt: Vec3; angle: number; focus: Vec3 }

type Placed = { model: Model; at: Vec3; turn?: number }

const METALS = { silver: 0, brass: 1, black: 2 } as const

function candleSize(look: DemoCandleLook) {
	if (look.container === 'metal') return { r: 3.75, h: 5 }
	return look.large ? { r: 5.2, h: 11.5 } : { r: 4, h: 9.5 }
}

function candleModel(id: string, look: DemoCandleLook, options: { lit?: boolean; lid?: boolean; small?: boolean } = {}): Model {
	const accent = mix(look.wax, '#3a2a20', 0.55)
	const label = `label-${id}.png`
	if (look.container === 'metal') {
		const { r, h } = options.small ? { r: 2.6, h: 3.2 } : candleSize(look)
		const metal = METALS[look.metal ?? 'silver']
		const assets: Asset[] = [{ name: label, svg: candleLabelSvg(look.label, accent, r * 1.3, h * 0.5) }]
		let object = `object { TinCandle(${num(r)}, ${num(h)}, ${colour(look.wax)}, ${metal}, ${str(label)}) }`
		if (options.lid) {
			const lidLabel = `lid-${id}.png`
			assets.push({ name: lidLabel, svg: roundLabelSvg(look.label, accent, 2 * r * 0.72) })
			// The lid lies beside the tin, behind and to the right, turned towards the camera.
			object = `union { ${object} object { TinLid(${num(r)}, ${metal}, ${str(lidLabel)}) rotate x * -8 translate <${num(r * 1.7)}, ${num(r * 0.2)}, ${num(r * 1.4)}> } }`
		}
		return { object, declare: '', assets, radius: options.lid ? r * 2.6 : r, height: h }
	}
	const { r, h } = candleSize(look)
	const labelW = r * 1.25
	const labelH = Math.min(h * 0.36, r * 1.1)
	return {
		object: `object { GlassJarCandle(${num(r)}, ${num(h)}, ${colour(look.wax)}, ${look.large ? 3 : 1}, ${options.lit ? 'true' : 'false'}, ${str(label)}) }`,
		declare: '',
		assets: [{ name: label, svg: candleLabelSvg(look.label, accent, labelW, labelH) }],
		radius: r,
		height: h,
	}
}

const PANEL_THICKNESS = 0.4

function portraitModel(spec: Extract<DemoImageSpec, { kind: 'portrait' }>): Model {
	const [width, height] = spec.size === '18x24' ? [24, 18] : [18, 13]
	const art = portrait({ people: spec.people, pet: spec.pet, clothes: spec.clothes, plate: spec.plate, width, height })
	const shape = `Cutout_${spec.file.replace(/-/g, '_')}`
	const painting = `paint-${spec.file}.png`
	return {
		declare: `#declare ${shape} = ${outlineToPov(art.outline, PANEL_THICKNESS)}`,
		object: `object { PortraitOnStand(${shape}, ${PANEL_THICKNESS}, ${str(painting)}, ${num(width)}, ${num(height)}, ${colour(spec.frame)}) }`,
		assets: [{ name: painting, svg: art.svg }],
		radius: width / 2,
		height: height + 1,
	}
}

/** The lid of a box leaning against its back, top towards the camera. */
function leaningLid(width: number, depth: number, lidColour: string, ribbon: string, behind: number) {
	const tilt = 68
	const sin = Math.sin((tilt * Math.PI) / 180)
	const cos = Math.cos((tilt * Math.PI) / 180)
	const half = depth / 2 + 0.3
	return `object { RibbonLid(${num(width)}, ${num(depth)}, ${colour(lidColour)}, ${colour(ribbon)}) rotate x * -${tilt} translate <0, ${num(half * sin)}, ${num(behind + 3 * sin + half * cos)}> }`
}

function bundleModel(spec: Extract<DemoImageSpec, { kind: 'bundle' }>, find: (file: string) => DemoImageSpec): Model {
	const held = spec.holds.map(find)
	const portraitSpec = held.find((item) => item.kind === 'portrait')
	const candles = held.filter((item): item is Extract<DemoImageSpec, { kind: 'candle' }> => item.kind === 'candle')
	const width = 22
	const depth = portraitSpec ? 13 : 12
	const boxHeight = 7
	const level = 3
	const parts: string[] = [`object { OpenBox(${width}, ${depth}, ${boxHeight}, ${colour(spec.box)}) }`]
	parts.push(`object { Shreds(${width - 0.6}, ${depth - 0.6}, ${level}, ${colour(mix(spec.box, '#ffffff', 0.25))}, 160, 11) }`)
	const assets: Asset[] = []
	let declare = ''
	if (portraitSpec && portraitSpec.kind === 'portrait') {
		const model = portraitModel({ ...portraitSpec, file: `${spec.file}-portrait` })
		declare += model.declare
		assets.push(...model.assets)
		// A small portrait standing in the box against its back.
		parts.push(`object { ${model.object} scale 0.62 translate <-3.5, ${level - 0.6}, ${num(depth / 2 - 2.2)}> }`)
	}
	candles.forEach((candle, index) => {
		const model = candleModel(`${spec.file}-${index}`, candle.candle)
		assets.push(...model.assets)
		const x = portraitSpec ? 5.5 : (index - (candles.length - 1) / 2) * 9.5
		const z = portraitSpec ? -1.5 : -0.5
		parts.push(`object { ${model.object} rotate y * ${-6 + index * 10} translate <${num(x)}, ${level - 0.6}, ${num(z)}> }`)
	})
	parts.push(leaningLid(width, depth, spec.lid, spec.ribbon, depth / 2))
	if (!portraitSpec) {
		assets.push({ name: `card-${spec.file}.png`, svg: giftCardSvg(9, 6) })
		parts.push(`object { Card(${str(`card-${spec.file}.png`)}, 9, 6) rotate y * 8 translate <-5, 0, ${num(-depth / 2 - 5.5)}> }`)
		parts.push(`object { Matches() rotate y * -20 translate <8, 0, ${num(-depth / 2 - 5)}> }`)
	}
	return { object: `union {\n${parts.join('\n')}\n}`, declare, assets, radius: width / 2 + 3, height: boxHeight + 8 }
}

function discoveryModel(spec: Extract<DemoImageSpec, { kind: 'discovery' }>): Model {
	const names = ['Vanilie', 'Ocean', 'Lavandă', 'Citrice', 'Sezon']
	const spots: [number, number][] = [
		[-6.4, 3.3],
		[0, 3.3],
		[6.4, 3.3],
		[-3.2, -3],
		[3.2, -3],
	]
	const assets: Asset[] = []
	const tins = spec.waxes.map((wax, index) => {
		const model = candleModel(`${spec.file}-${index}`, { container: 'metal', metal: 'silver', wax, label: names[index % names.length]! }, { small: true })
		assets.push(...model.assets)
		const [x, z] = spots[index % spots.length]!
		return `object { ${model.object} rotate y * ${num(-10 + index * 7)} translate <${num(x)}, 0.6, ${num(z)}> }`
	})
	return { object: `union {\nobject { Tray(22, 15) }\n${tins.join('\n')}\n}`, declare: '', assets, radius: 11, height: 4 }
}

function modelOf(spec: DemoImageSpec, find: (file: string) => DemoImageSpec, options: { lit?: boolean; lid?: boolean } = {}): Model {
	switch (spec.kind) {
		case 'candle':
			return candleModel(spec.file, spec.candle, options)
		case 'portrait':
			return portraitModel(spec)
		case 'bundle':
			return bundleModel(spec, find)
		case 'discovery':
			return discoveryModel(spec)
		case 'group':
			throw new Error(`a group (${spec.file}) cannot be shown inside another`)
	}
}

function cameraText({ location, lookAt, angle }: Camera) {
	return `camera {
	perspective
	location ${vec(location)}
	look_at ${vec(lookAt)}
	angle ${num(angle)}
	right x * image_width / image_height
}`
}

function distance(a: Vec3, b: Vec3) {
	return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}

function sceneText(spec: DemoImageSpec, camera: Camera, placed: Placed[], options: { warmth: number; radiosity: boolean; wall: number }) {
	const declarations = placed.map((item) => item.model.declare).filter(Boolean)
	const objects = placed.map((item) => `object { ${item.model.object} rotate y * ${num(item.turn ?? 0)} translate ${vec(item.at)} }`)
	return `#version 3.7;
#ifndef (DepthPass) #declare DepthPass = 0; #end
#declare Radiosity = ${options.radiosity ? 1 : 0};
#declare CameraLocation = ${vec(camera.location)};
#declare DepthRange = ${DEPTH_RANGE};
#include "studio.inc"
${cameraText(camera)}
StudioLights(${num(options.warmth)})
Wall(${colour(spec.backdrop)}, ${num(options.wall)})
Table(${spec.surface === 'oak' ? 0 : 1})
${declarations.join('\n')}
${objects.join('\n')}
`
}

const DEPTH_RANGE = 400

/** A camera at `elevation` degrees above the table, `distance` away, looking at `target`. */
function orbit(target: Vec3, distanceCm: number, elevation: number, angle: number, focus: Vec3 = target, turn = 0): Camera {
	const e = (elevation * Math.PI) / 180
	const t = (turn * Math.PI) / 180
	const location: Vec3 = [
		target[0] - Math.sin(t) * Math.cos(e) * distanceCm,
		target[1] + Math.sin(e) * distanceCm,
		target[2] - Math.cos(t) * Math.cos(e) * distanceCm,
	]
	return { location, lookAt: target, angle, focus }
}

function single(spec: DemoImageSpec, find: (file: string) => DemoImageSpec): { camera: Camera; placed: Placed[]; warmth: number } {
	switch (spec.kind) {
		case 'candle': {
			const lit = spec.view === 'lit'
			const model = modelOf(spec, find, { lit, lid: spec.candle.container === 'metal' })
			const base = spec.candle.container === 'metal' ? 5 : 9.5
			const target: Vec3 = spec.candle.container === 'metal' ? [1.8, base * 0.55, 1] : [0, base * 0.48, 0]
			const front: Vec3 = [target[0], target[1], -candleSize(spec.candle).r]
			const camera = lit ? orbit([0, 5.5, 0], 40, 30, 26, [0, 7, -3]) : orbit(target, spec.candle.container === 'metal' ? 39 : 43, 16, 25, front)
			return { camera, placed: [{ model, at: [0, 0, 0], turn: lit ? 0 : -8 }], warmth: lit ? 0.8 : 0.2 }
		}
		case 'portrait': {
			const model = modelOf(spec, find)
			const large = spec.size === '18x24'
			const target: Vec3 = [0, large ? 9.5 : 7, 1.5]
			return { camera: orbit(target, large ? 72 : 54, 12, 25, [0, target[1], 0], -12), placed: [{ model, at: [0, 0, 0] }], warmth: 0.2 }
		}
		case 'bundle': {
			const model = modelOf(spec, find)
			return { camera: orbit([0, 6, 2], 88, 28, 27, [0, 5, -4], 8), placed: [{ model, at: [0, 0, 0] }], warmth: 0.3 }
		}
		case 'discovery': {
			const model = modelOf(spec, find)
			return { camera: orbit([0, 2, 0], 62, 38, 26, [0, 2, -3], 6), placed: [{ model, at: [0, 0, 0] }], warmth: 0.2 }
		}
		case 'group':
			return group(spec, find)
	}
}

/** The products of several pictures together: a category's picture, the home page's hero. */
function group(spec: Extract<DemoImageSpec, { kind: 'group' }>, find: (file: string) => DemoImageSpec) {
	const shown = spec.shows.map(find)
	const lit = spec.lit ?? false
	const models = shown.map((item) => modelOf(item, find, { lit: lit && item.kind === 'candle' && item.candle.container === 'glass' }))
	if (spec.file === 'category-discovery') {
		return { camera: orbit([0, 1.5, 0], 52, 55, 30, [0, 2, 0], -20), placed: [{ model: models[0]!, at: [0, 0, 0] as Vec3, turn: 12 }], warmth: 0.2 }
	}
	if (shown.every((item) => item.kind === 'candle')) {
		// Jars behind, the low tins in front of them.
		const spots: Vec3[] = [
			[-6.5, 0, 1],
			[4.5, 0, -6],
			[5, 0, 6],
			[-4, 0, -8.5],
		]
		const placed = models.map((model, index) => ({ model, at: spots[index % spots.length]!, turn: index * 23 - 10 }))
		return { camera: orbit([0, 4, 0], 68, 20, 27, [0, 4, -6]), placed, warmth: 0.25 }
	}
	if (shown.every((item) => item.kind === 'portrait')) {
		const placed: Placed[] = [
			{ model: models[0]!, at: [-4, 0, -4], turn: -8 },
			{ model: models[1]!, at: [12, 0, 9], turn: 14 },
		]
		return { camera: orbit([3, 7, 2], 80, 12, 27, [-4, 7, -4]), placed, warmth: 0.2 }
	}
	if (shown.every((item) => item.kind === 'bundle')) {
		const placed: Placed[] = [
			{ model: models[0]!, at: [-6, 0, -6], turn: -6 },
			{ model: models[1]!, at: [13, 0, 18], turn: 18 },
		]
		return { camera: orbit([3, 5, 4], 100, 22, 28, [-6, 5, -9]), placed, warmth: 0.3 }
	}
	// The home page: a portrait, candles burning and a gift set along a table in the evening.
	const candleSpots: Vec3[] = [
		[-3, 0, -2],
		[6, 0, 4],
		[5.5, 0, -8],
	]
	let candleIndex = 0
	const placed: Placed[] = shown.map((item, index) => {
		const model = models[index]!
		if (item.kind === 'portrait') return { model, at: [-13.5, 0, 9], turn: -12 }
		if (item.kind === 'bundle') return { model, at: [17, 0, 19], turn: -18 }
		return { model, at: candleSpots[candleIndex++ % candleSpots.length]!, turn: index * 17 }
	})
	return { camera: orbit([2.5, 7, 4], 84, 17, 35, [0, 5, -3]), placed, warmth: 0.9 }
}

export function buildScene(spec: DemoImageSpec, find: (file: string) => DemoImageSpec, options: { width?: number; radiosity?: boolean } = {}): Scene {
	const { camera, placed, warmth } = single(spec, find)
	const fullWidth = spec.kind === 'group' && spec.width ? spec.width : 800
	const fullHeight = spec.kind === 'group' && spec.height ? spec.height : 800
	const width = options.width ?? fullWidth
	const height = Math.round((width * fullHeight) / fullWidth)
	const wall = Math.max(45, ...placed.map((item) => item.at[2] + item.model.radius + 25))
	return {
		file: spec.file,
		width,
		height,
		pov: sceneText(spec, camera, placed, { warmth, radiosity: options.radiosity ?? true, wall }),
		assets: placed.flatMap((item) => item.model.assets),
		focus: distance(camera.location, camera.focus),
		blur: 16,
		depthRange: DEPTH_RANGE,
	}
}
