import zlib from 'node:zlib'
import compression from 'compression'
import { wholeBodyCompression } from './whole-body-compression.ts'

/**
 * Compression for what the shop sends as it renders it (pages for signed-in visitors, the admin,
 * the first render of a shared page, JSON). Every such response is compressed once, for one
 * visitor, on the same two cores that render, so the levels favour CPU: brotli quality 1 and gzip
 * level 3. Measured on an 87.5 KB catalogue page (ADR 0147, `npm run bench:compression`): brotli 4
 * (the middleware's default) 0.87 ms of CPU for 17.3 KB, brotli 2 0.54 ms for 18.2 KB, brotli 1
 * 0.40 ms for 19.9 KB; gzip 6 1.07 ms for 17.6 KB, gzip 3 0.58 ms for 19.3 KB. Shared pages kept in the page cache are compressed once at higher levels
 * (server/http/page-cache.ts), since every later visitor gets those bytes.
 *
 * A body written whole in one turn is compressed in one call (server/http/whole-body-compression.ts,
 * ADR 0146); the library streams the rest and decides, for both, whether to compress at all.
 */
export const LIVE_BROTLI_QUALITY = 1
export const LIVE_GZIP_LEVEL = 3

export function responseCompression() {
	return [
		compression({ level: LIVE_GZIP_LEVEL, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } } }),
		wholeBodyCompression({ brotliQuality: LIVE_BROTLI_QUALITY, gzipLevel: LIVE_GZIP_LEVEL }),
	]
}
