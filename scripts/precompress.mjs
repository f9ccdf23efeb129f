/**
 * The build's last step (react-router.config.ts): each compressible file of the client build gets
 * a brotli (quality 11) and a gzip (level 9) copy beside it, `name.js.br` and `name.js.gz`, which
 * server/http/static-files.ts sends as they are (ADR 0183). Compressed once here at the highest
 * levels instead of at a low level on every request: smaller files, and no CPU per request.
 */
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats; images and fonts of the build are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest|map)$/
/** Below this a compressed copy saves less than its headers cost (the compression middleware's threshold too). */
const MIN_BYTES = 1024
/** A copy is kept only when it saves at least a tenth. */
const MAX_RATIO = 0.9

function files(folder) {
	return fs
		.readdirSync(folder, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath, entry.name))
}

/** Writes the copies for every compressible file of `clientDir`; returns how many files got them. */
export async function precompressClientBuild(clientDir) {
	const sources = files(clientDir).filter((file) => COMPRESSIBLE.test(file))
	let compressed = 0
	await Promise.all(
		sources.map(async (file) => {
			const body = fs.readFileSync(file)
			if (body.length < MIN_BYTES) return
			const [br, gz] = await Promise.all([
				brotli(body, {
					params: {
						[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
						[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
						[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
					},
				}),
				gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
			])
			if (br.length <= body.length * MAX_RATIO) fs.writeFileSync(`${file}.br`, br)
			if (gz.length <= body.length * MAX_RATIO) fs.writeFileSync(`${file}.gz`, gz)
			compressed++
		}),
	)
	return compressed
}
