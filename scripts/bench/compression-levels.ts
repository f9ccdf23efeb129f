/**
 * `npm run bench:compression -- <page URL>`: what each compression setting costs on one page, as
 * ADR 0144 measured it to choose the live levels. Fetches the page once (uncompressed), then
 * compresses it `runs` times per setting with Node's zlib and reports the CPU time of the process per
 * page (user + system) and the compressed size. Start the shop first (`npm start`, or the
 * benchmark's catalogue for the ADR's figures).
 */
import zlib from 'node:zlib'

export type CompressionSetting = { label: string; compress: (input: Buffer) => Buffer }

export const SETTINGS: CompressionSetting[] = [
	...[1, 2, 3, 4, 6].map((quality) => ({
		label: `brotli ${quality}${quality === 4 ? ' (compression default)' : ''}`,
		compress: (input: Buffer) => zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }),
	})),
	...[1, 3, 6].map((level) => ({
		label: `gzip ${level}${level === 6 ? ' (compression default)' : ''}`,
		compress: (input: Buffer) => zlib.gzipSync(input, { level }),
	})),
]

export type CompressionFigures = { label: string; cpuMsPerPage: number; bytes: number }

/** Each setting run `runs` times on `page`, after one warm-up run. */
export function measureCompression(page: Buffer, runs: number, settings = SETTINGS): CompressionFigures[] {
	return settings.map(({ label, compress }) => {
		const bytes = compress(page).length
		const before = process.cpuUsage()
		for (let run = 0; run < runs; run++) compress(page)
		const spent = process.cpuUsage(before)
		return { label, cpuMsPerPage: (spent.user + spent.system) / 1000 / runs, bytes }
	})
}

async function main(url: string | undefined, runs: number) {
	if (!url) throw new Error('usage: npm run bench:compression -- <page URL> [runs]')
	const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
	const page = Buffer.from(await response.arrayBuffer())
	console.log(`${url}: ${(page.length / 1024).toFixed(1)} KB, ${runs} runs per setting, Node ${process.version}\n`)
	console.log('| Setting | CPU per page | Size |\n| --- | --- | --- |')
	for (const row of measureCompression(page, runs)) console.log(`| ${row.label} | ${row.cpuMsPerPage.toFixed(2)} ms | ${(row.bytes / 1024).toFixed(1)} KB |`)
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv[2], Number(process.argv[3] ?? 300))
