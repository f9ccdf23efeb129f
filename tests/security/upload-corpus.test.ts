import fs from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIF_SECRET } from '../support/images.ts'
import { FORBIDDEN_MARKERS, maliciousUploads, type MaliciousUpload } from '../support/malicious-uploads.ts'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'

/**
 * Every file of the malicious corpus, sent to every upload endpoint: each is refused with a 4xx
 * and a message, or kept only as a clean re-encoded WebP (no script, markup, archive or EXIF). The
 * server survives it all without its memory blowing up.
 */

type UploadEndpoint = {
	name: string
	path: string
	fileField: string
	fields: Record<string, string>
	/** Sent with the admin's session (admin endpoints) or none (the visitors' portrait upload). */
	asAdmin: boolean
	/** Where the stored picture is served from, read from the success answer. */
	storedUrl: (answer: Record<string, unknown>) => string
	/** The longest side a stored picture may have. */
	maxSide: number
}

const ENDPOINTS: UploadEndpoint[] = [
	{
		name: 'portrait photo (visitors)',
		path: '/api/uploads/portrait',
		fileField: 'photo',
		fields: {},
		asAdmin: false,
		storedUrl: (answer) => String(answer.url),
		maxSide: 3000,
	},
	{
		name: 'product image (admin)',
		path: '/admin/api/images',
		fileField: 'file',
		fields: { purpose: 'product' },
		asAdmin: true,
		storedUrl: (answer) => String(answer.url),
		maxSide: 1600,
	},
	{
		name: 'category image (admin)',
		path: '/admin/api/images',
		fileField: 'file',
		fields: { purpose: 'category' },
		asAdmin: true,
		storedUrl: (answer) => String(answer.url),
		maxSide: 1600,
	},
	{
		name: 'media library (admin)',
		path: '/admin/api/media',
		fileField: 'file',
		fields: { folder: 'hero' },
		asAdmin: true,
		storedUrl: (answer) => String(answer.url),
		maxSide: 1600,
	},
]

/** Peak resident memory of the shop so far, from /proc (Linux), in MB. */
async function peakResidentMb(pid: number) {
	const status = await fs.readFile(`/proc/${pid}/status`, 'utf8')
	const match = /^VmHWM:\s+(\d+) kB$/m.exec(status)
	if (!match) throw new Error('VmHWM missing from /proc status')
	return Number(match[1]) / 1024
}

/**
 * Bound on the server's peak memory over the whole corpus. Decoding the 20000 × 20000 bomb alone
 * would need 400 MB, the 60000² JPEG 10 GB; refused before decoding, the shop stays near its idle
 * size plus sharp's work on the small real images.
 */
const PEAK_MEMORY_MB = 600

let target: SecurityShop
let corpus: MaliciousUpload[]
let addressCounter = 0
beforeAll(async () => {
	;[target, corpus] = await Promise.all([startSecurityShop(), maliciousUploads()])
})
afterAll(async () => {
	await target?.stop()
})

function headersFor(endpoint: UploadEndpoint) {
	// A new client address each time, so the visitors' upload rate limit does not answer instead.
	addressCounter++
	const headers: Record<string, string> = { Origin: target.shop.url, 'X-Forwarded-For': `10.9.${addressCounter >> 8}.${addressCounter & 255}` }
	if (endpoint.asAdmin) headers.Cookie = target.cookies.admin
	return headers
}

async function upload(endpoint: UploadEndpoint, file: MaliciousUpload) {
	const form = new FormData()
	for (const [name, value] of Object.entries(endpoint.fields)) form.append(name, value)
	form.append(endpoint.fileField, new Blob([new Uint8Array(file.bytes)], { type: file.declaredType }), file.filename)
	const response = await fetch(`${target.shop.url}${endpoint.path}`, { method: 'POST', headers: headersFor(endpoint), body: form })
	const text = await response.text()
	let body: Record<string, unknown> = {}
	try {
		body = JSON.parse(text) as Record<string, unknown>
	} catch {
		// Not JSON: the assertions below report it.
	}
	return { status: response.status, text, body }
}

/** The stored object is a plain re-encoded WebP: no markup, script, archive, document or metadata. */
async function expectCleanStoredImage(url: string, maxSide: number, where: string) {
	const response = await fetch(new URL(url, target.shop.url))
	expect(response.status, where).toBe(200)
	expect(response.headers.get('content-type'), where).toBe('image/webp')
	expect(response.headers.get('x-content-type-options'), where).toBe('nosniff')
	const bytes = Buffer.from(await response.arrayBuffer())
	const text = bytes.toString('latin1')
	for (const marker of [...FORBIDDEN_MARKERS, EXIF_SECRET])
		expect(text.includes(marker), `${where}: stored copy contains ${JSON.stringify(marker)}`).toBe(false)
	const meta = await sharp(bytes).metadata()
	expect(meta.format, where).toBe('webp')
	expect(meta.exif, `${where}: EXIF kept`).toBeUndefined()
	expect(meta.xmp, `${where}: XMP kept`).toBeUndefined()
	expect(Math.max(meta.width ?? 0, meta.height ?? 0), where).toBeLessThanOrEqual(maxSide)
}

describe.each(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))('upload corpus → %s', (_name, endpoint) => {
	it('refuses every hostile file or keeps only a clean re-encoded copy', async () => {
		const outcomes: string[] = []
		for (const file of corpus) {
			const where = `${endpoint.name} ← ${file.name}`
			const answer = await upload(endpoint, file)
			outcomes.push(`${file.name}: ${answer.status}`)
			expect(answer.status, `${where}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
			if (answer.status === 201) {
				expect(file.verdict, `${where} was accepted`).toBe('refuse-or-clean')
				await expectCleanStoredImage(endpoint.storedUrl(answer.body), endpoint.maxSide, where)
				if (typeof answer.body.filename === 'string') expect(answer.body.filename, where).not.toMatch(/[<>"]/)
			} else {
				expect([400, 413, 415], `${where}: ${answer.text.slice(0, 200)}`).toContain(answer.status)
				// A refusal says why, in words a person can act on.
				const message = (answer.body.errors as { formError?: unknown } | undefined)?.formError
				expect(typeof message === 'string' && message.length > 10, `${where}: ${answer.text.slice(0, 200)}`).toBe(true)
			}
		}
		console.info(`${endpoint.name}:\n  ${outcomes.join('\n  ')}`)
		// The corpus has files that must be refused and real images that may be kept: both happened.
		expect(
			outcomes.some((outcome) => outcome.endsWith(': 201')),
			outcomes.join('\n'),
		).toBe(true)
		expect(
			outcomes.some((outcome) => outcome.endsWith(': 415')),
			outcomes.join('\n'),
		).toBe(true)
	})
})

describe('after the corpus', () => {
	it('a multipart body cut off inside the file is a 400, and the shop keeps running', async () => {
		for (const endpoint of ENDPOINTS) {
			const boundary = 'cut-off-boundary'
			const fields = Object.entries(endpoint.fields).map(
				([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
			)
			const body = `${fields.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${endpoint.fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n`
			const response = await fetch(`${target.shop.url}${endpoint.path}`, {
				method: 'POST',
				headers: { ...headersFor(endpoint), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
				body,
			})
			expect(response.status, `${endpoint.name}: ${await response.clone().text()}`).toBe(400)
			await response.body?.cancel()
		}
		expect((await fetch(`${target.shop.url}/healthz`)).status).toBe(200)
	})

	it('the shop is healthy and its peak memory stayed bounded (pixel limit before decoding)', async () => {
		expect(target.shop.child.exitCode).toBeNull()
		expect((await fetch(`${target.shop.url}/healthz`)).status).toBe(200)
		const peak = await peakResidentMb(target.shop.child.pid!)
		console.info(`upload corpus: shop peak resident memory ${peak.toFixed(0)} MB`)
		expect(peak).toBeLessThan(PEAK_MEMORY_MB)
	})
})
