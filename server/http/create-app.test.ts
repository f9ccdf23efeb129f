import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Express } from 'express'
import { pino } from 'pino'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressClientBuild } from '../../scripts/precompress.mjs'
import { parseEnv } from '../config/env.ts'
import type { AppServices } from '../services.ts'
import { createHttpApp } from './create-app.ts'

/** The middlewares that make up every response, outermost first (see the comment in create-app.ts). */
const PIPELINE = [
	'server-timing',
	'page-cache-serve',
	'request-log',
	'discard-unread-body',
	'csp-nonce',
	'security-headers',
	'static-files',
	'local-uploads',
	'response-compression',
	'health',
	'same-origin',
	'locale-redirect',
	'page-cache-capture',
	'react-router',
	'onError',
]

const SCRIPT = `export const greeting = ${JSON.stringify('a module of the build '.repeat(200))};\n`
let clientDir: string
let dataDir: string
const logged: { msg: string; level: number; req?: { url: string } }[] = []

function app(env: Record<string, string> = {}): Express {
	const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line)) })
	const services = {
		env: parseEnv({ DATA_DIR: dataDir, ...env }),
		log,
		database: { engine: 'pglite', ping: async () => {} },
		storage: { kind: 'local', publicUrl: (key: string) => `/uploads/${key}` },
		pageCache: null,
	} as unknown as AppServices
	const build = async (): Promise<ServerBuild> => {
		throw new Error('no pages in this test')
	}
	return createHttpApp(services, { clientBuildDir: clientDir, build })
}

beforeAll(async () => {
	clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'))
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'))
	fs.mkdirSync(path.join(clientDir, 'assets'))
	fs.writeFileSync(path.join(clientDir, 'assets/entry.client-AbC123.js'), SCRIPT)
	fs.writeFileSync(path.join(clientDir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`)
	await precompressClientBuild(clientDir)
})
afterAll(() => {
	fs.rmSync(clientDir, { recursive: true, force: true })
	fs.rmSync(dataDir, { recursive: true, force: true })
})

async function serve<T>(express: Express, visit: (origin: string) => Promise<T>): Promise<T> {
	const server = express.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	try {
		return await visit(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
	} finally {
		await new Promise((resolve) => server.close(resolve))
	}
}

/** The bytes as sent (fetch would decode them). */
function raw(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks), status: response.statusCode! }))
			})
			.on('error', reject)
	})
}

describe('the response pipeline', () => {
	it('runs its stages in the documented order (page cache, log, headers, build files, compression, …, React Router)', () => {
		const express = app({ SERVER_TIMING: '1' })
		const names = (express.router as unknown as { stack: { name: string }[] }).stack.map((layer) => layer.name)
		expect(names).toEqual(PIPELINE)
	})

	it('sends the build’s files precompressed, with their type, Vary and long caching, and never compresses them again', async () => {
		await serve(app(), async (origin) => {
			const asset = `${origin}/assets/entry.client-AbC123.js`
			const br = await raw(asset, 'gzip, deflate, br')
			expect(br.status).toBe(200)
			expect(br.headers['content-encoding']).toBe('br')
			expect(br.headers['content-type']).toMatch(/^text\/javascript/)
			expect(br.headers['vary']).toBe('Accept-Encoding')
			expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
			// The build's copy, byte for byte: brotli 11, not a live, lower level.
			expect(br.body.equals(fs.readFileSync(path.join(clientDir, 'assets/entry.client-AbC123.js.br')))).toBe(true)
			expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT)

			const gzip = await raw(asset, 'gzip')
			expect(gzip.headers['content-encoding']).toBe('gzip')
			expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT)

			const plain = await raw(asset, 'identity')
			expect(plain.headers['content-encoding']).toBeUndefined()
			expect(plain.body.toString()).toBe(SCRIPT)

			const favicon = await raw(`${origin}/favicon.svg`, 'br')
			expect([favicon.headers['content-encoding'], favicon.headers['content-type'], favicon.headers['cache-control']]).toEqual([
				'br',
				'image/svg+xml',
				'public, max-age=3600',
			])
			// The copies themselves are not files of the site.
			expect((await raw(`${asset}.br`, 'br')).status).not.toBe(200)
		})
	})

	it('logs a health probe at debug level, and other requests at info', async () => {
		await serve(app(), async (origin) => {
			logged.length = 0
			expect((await fetch(`${origin}/healthz`)).status).toBe(200)
			expect((await fetch(`${origin}/favicon.svg`)).status).toBe(200)
			const lines = logged.filter((line) => line.msg === 'request completed')
			expect(lines.map((line) => [line.req?.url, line.level])).toEqual([
				['/healthz', 20],
				['/favicon.svg', 30],
			])
		})
	})
})
