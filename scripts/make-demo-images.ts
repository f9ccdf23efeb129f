/**
 * `npm run images:demo`: renders the demo catalogue's pictures with POV-Ray (ADR 0273) and writes
 * them as small WebP files to server/seed/images. The output is committed: start-up and CI never
 * render. Needs Debian's povray (`apt-get install -y povray`).
 *
 * Each picture is a scene from scripts/demo-images/scenes.ts on the studio of
 * scripts/demo-images/studio.inc, rendered twice (the photograph, then its depth), blurred by depth
 * for a lens's shallow focus, and encoded with sharp.
 *
 * Options: `--only file,file` renders only those pictures; `--width N` renders smaller previews
 * (PNG, into the work folder, nothing committed is touched); `--keep` keeps the work folder.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { DEMO_HOME_HERO, demoImageExtras, demoImageSpecs, demoImageMaxBytes, type DemoImageSpec } from '#server/seed/demo-catalog.ts'
import { applyDepthOfField } from './demo-images/depth-of-field.ts'
import { buildScene, type Scene } from './demo-images/scenes.ts'

const { values: args } = parseArgs({
	options: { only: { type: 'string' }, width: { type: 'string' }, keep: { type: 'boolean', default: false } },
})

const version = spawnSync('povray', ['--version'], { encoding: 'utf8' })
if (version.error) {
	console.error('POV-Ray is not installed. On Debian or Ubuntu: apt-get install -y povray')
	process.exit(1)
}

const studio = path.resolve(import.meta.dirname, 'demo-images/studio.inc')
const outDir = path.resolve(import.meta.dirname, '../server/seed/images')
// POV-Ray (as Debian configures it) reads and writes only below the current folder and /tmp: the
// scenes, their artwork and the studio are copied into one work folder there.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-images-'))
fs.copyFileSync(studio, path.join(work, 'studio.inc'))
const previewWidth = args.width ? Number(args.width) : undefined
const threads = Math.max(1, os.availableParallelism())

const all = [...demoImageSpecs, ...demoImageExtras]
const find = (file: string): DemoImageSpec => {
	const spec = all.find((candidate) => candidate.file === file)
	if (!spec) throw new Error(`no demo image spec named ${file}`)
	return spec
}
const only = args.only?.split(',')
const specs = only ? only.map(find) : demoImageSpecs

function povray(scene: Scene, output: string, extra: string[]) {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(
			'povray',
			[`+I${scene.file}.pov`, `+O${output}`, `+W${scene.width}`, `+H${scene.height}`, '-D', '-V', '+GA', `+WT${threads}`, ...extra],
			{ cwd: work, stdio: ['ignore', 'ignore', 'pipe'] },
		)
		let log = ''
		child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)))
		child.on('error', reject)
		child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`povray failed on ${scene.file} (exit ${code}):\n${log}`))))
	})
}

async function render(spec: DemoImageSpec) {
	const started = Date.now()
	const scene = buildScene(spec, find, { width: previewWidth })
	await Promise.all(scene.assets.map((asset) => sharp(Buffer.from(asset.svg)).png().toFile(path.join(work, asset.name))))
	fs.writeFileSync(path.join(work, `${scene.file}.pov`), scene.pov)
	// The photograph: adaptive anti-aliasing, radiosity on.
	await povray(scene, `${scene.file}.png`, ['+A0.08', '+AM2', '+R3'])
	// The depth: 16-bit, linear, every surface its distance from the camera.
	await povray(scene, `${scene.file}-depth.png`, ['Declare=DepthPass=1', '+FN16', 'File_Gamma=1.0', '-A'])

	const photo = await sharp(path.join(work, `${scene.file}.png`))
		.removeAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true })
	// sharp keeps 16 bits only when asked for a 16-bit colour space.
	const depthRaw = await sharp(path.join(work, `${scene.file}-depth.png`))
		.toColourspace('rgb16')
		.raw({ depth: 'ushort' })
		.toBuffer({ resolveWithObject: true })
	const levels = new Uint16Array(depthRaw.data.buffer, depthRaw.data.byteOffset, depthRaw.data.length / 2)
	const depth = Float32Array.from({ length: scene.width * scene.height }, (_, i) => (levels[i * depthRaw.info.channels]! / 65535) * scene.depthRange)
	const blurred = applyDepthOfField({
		width: scene.width,
		height: scene.height,
		pixels: photo.data,
		channels: photo.info.channels,
		depth,
		focus: scene.focus,
		blur: (scene.blur * scene.width) / 800,
	})
	const image = sharp(blurred, { raw: { width: scene.width, height: scene.height, channels: 3 } })
	const seconds = ((Date.now() - started) / 1000).toFixed(0)
	if (previewWidth) {
		const file = path.join(work, `${scene.file}-preview.png`)
		await image.png().toFile(file)
		console.log(`${file} ${seconds} s`)
		return
	}
	// The highest quality that fits the size the storefront's speed budget allows.
	const limit = demoImageMaxBytes(spec)
	for (let quality = 84; ; quality -= 4) {
		const webp = await image.clone().webp({ quality, effort: 6 }).toBuffer()
		if (webp.length <= limit || quality <= 40) {
			if (webp.length > limit) throw new Error(`${spec.file} is ${webp.length} bytes even at quality ${quality}; the limit is ${limit}`)
			const file = path.join(outDir, `${spec.file}.webp`)
			fs.writeFileSync(file, webp)
			console.log(`${path.relative(process.cwd(), file)} ${scene.width}×${scene.height} ${webp.length} bytes (quality ${quality}) ${seconds} s`)
			return
		}
	}
}

const started = Date.now()
try {
	for (const spec of specs) await render(spec)
	console.log(
		`${specs.length} pictures in ${((Date.now() - started) / 60000).toFixed(1)} min${specs.some((s) => s.file === DEMO_HOME_HERO) ? ', the home hero among them' : ''}`,
	)
} finally {
	if (args.keep || previewWidth) console.log(`work folder: ${work}`)
	else fs.rmSync(work, { recursive: true, force: true })
}
