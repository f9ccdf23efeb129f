import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectResponse } from '#server/storage/download.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { SHOP_SERVED_UPLOADS } from '#server/config/env.ts'
import { browserEndpoint, createS3Storage } from '#server/storage/s3-storage.ts'
import { serveLocalUploads, serveStoredUploads } from '#server/storage/serve-local.ts'
import { IMMUTABLE_CACHE_CONTROL, newObjectKey } from '#server/storage/storage.ts'
import { startS3Server } from '../support/s3.ts'
import { describeStorageContract } from '../support/storage-contract.ts'
import { waitUntil } from '../support/wait.ts'

describeStorageContract('local folder', async () => {
	const root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-storage-'))
	return { storage: createLocalStorage(root), cleanup: () => fs.rm(root, { recursive: true, force: true }) }
})

let s3: Awaited<ReturnType<typeof startS3Server>>
beforeAll(async () => {
	s3 = await startS3Server()
})
afterAll(() => s3?.close())

const s3Storage = (publicUrl = 'https://cdn.example.test/media') =>
	createS3Storage({
		bucket: s3.bucket,
		region: 'us-east-1',
		endpoint: s3.endpoint,
		accessKeyId: s3.accessKeyId,
		secretAccessKey: s3.secretAccessKey,
		publicUrl,
	})

describeStorageContract('S3-compatible server (s3rver)', async () => ({ storage: s3Storage(), cleanup: async () => {} }))

describe('S3 storage details', () => {
	it('stores the content type and an immutable Cache-Control, and builds public URLs from S3_PUBLIC_URL', async () => {
		const storage = s3Storage()
		const key = newObjectKey('products', 'png')
		await storage.put(key, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')
		// Read it back as a browser would, straight from the (path-style) bucket URL.
		const response = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('image/png')
		expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL)
		expect(storage.publicUrl(key)).toBe(`https://cdn.example.test/media/${key}`)
		const object = await storage.get(key)
		expect(object).toMatchObject({ contentType: 'image/png', size: 4 })
		object!.body.resume()
		await storage.delete(key)
	})

	it('serves a download with Content-Disposition through the app, whichever storage holds it', async () => {
		const storage = s3Storage()
		const key = newObjectKey('portraits', 'jpg')
		await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg')
		const response = objectResponse((await storage.get(key))!, { downloadName: 'comanda-1a2b3c4d.jpg', cacheControl: 'private, no-store' })
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="comanda-1a2b3c4d.jpg"')
		expect(response.headers.get('content-type')).toBe('image/jpeg')
		expect(response.headers.get('content-length')).toBe('10')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		expect(await response.text()).toBe('jpeg bytes')
		await storage.delete(key)
	})
})

describe('private objects on S3 (ADR 0173)', () => {
	const storageWith = (publicUrl: string) =>
		createS3Storage({
			bucket: s3.bucket,
			region: 'us-east-1',
			endpoint: s3.endpoint,
			accessKeyId: s3.accessKeyId,
			secretAccessKey: s3.secretAccessKey,
			publicUrl,
		})

	it('pre-signs a short-lived URL browsers load a private object from, with its download name', async () => {
		const storage = storageWith(`${s3.endpoint}/${s3.bucket}`)
		const key = newObjectKey('private/portraits', 'jpg')
		await storage.put(key, Buffer.from('original photo'), 'image/jpeg')
		const url = new URL((await storage.presignedUrl(key, { expiresInSeconds: 2, downloadName: 'comanda-1a2b3c4d.jpg' }))!)
		expect(url.origin + url.pathname).toBe(`${s3.endpoint}/${s3.bucket}/${key}`)
		expect(url.searchParams.get('X-Amz-Expires')).toBe('2')
		expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
		const response = await fetch(url)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="comanda-1a2b3c4d.jpg"')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		expect(await response.text()).toBe('original photo')
		// Expired, the same URL is refused.
		await waitUntil(async () => (await fetch(url)).status === 403, { timeoutMs: 5_000, what: 'the pre-signed URL to expire' })
		await storage.delete(key)
	})

	it('signs for the address browsers use: the bucket published elsewhere, or none behind a CDN or the shop', async () => {
		const key = newObjectKey('private/portraits', 'webp')
		const published = await storageWith(`https://files.example.test/${s3.bucket}`).presignedUrl(key, { expiresInSeconds: 60 })
		expect(published).toMatch(new RegExp(`^https://files\\.example\\.test/${s3.bucket}/${key}\\?.*X-Amz-Signature=`))
		expect(browserEndpoint({ bucket: 'b', region: 'eu-central-1', publicUrl: 'https://b.s3.eu-central-1.amazonaws.com' })).toEqual({ endpoint: undefined })
		expect(await storageWith('https://cdn.example.test/media').presignedUrl(key, { expiresInSeconds: 60 })).toBeNull()
		expect(await storageWith(SHOP_SERVED_UPLOADS).presignedUrl(key, { expiresInSeconds: 60 })).toBeNull()
	})

	it('behind the shop (S3_PUBLIC_URL=/uploads), serves public objects and never private ones', async () => {
		const storage = storageWith(SHOP_SERVED_UPLOADS)
		const app = express()
		app.use('/uploads', serveStoredUploads(storage))
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		try {
			const product = newObjectKey('products', 'webp')
			const photo = newObjectKey('private/portraits', 'webp')
			await storage.put(product, Buffer.from('product picture'), 'image/webp')
			await storage.put(photo, Buffer.from('customer photo'), 'image/webp')
			expect(storage.publicUrl(product)).toBe(`/uploads/${product}`)
			const served = await fetch(`${base}${storage.publicUrl(product)}`)
			expect(served.status).toBe(200)
			expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL)
			expect(await served.text()).toBe('product picture')
			for (const path of [`/uploads/${photo}`, `/uploads/products/../${photo}`, '/uploads/products/missing.webp']) {
				const response = await fetch(`${base}${path}`)
				expect(response.status, path).toBe(404)
				expect(await response.text()).not.toContain('customer')
			}
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})

describe('local storage served over HTTP', () => {
	let root: string
	let server: ReturnType<ReturnType<typeof express>['listen']>
	let base: string
	beforeAll(async () => {
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-serve-'))
		const app = express()
		app.use('/uploads', serveLocalUploads(root))
		server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads`
	})
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve))
		await fs.rm(root, { recursive: true, force: true })
	})

	it('serves stored files as immutable for a year, inline by default', async () => {
		const storage = createLocalStorage(root)
		const key = newObjectKey('products', 'webp')
		await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp')
		const response = await fetch(`${base}/${key}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		expect(response.headers.get('content-type')).toBe('image/webp')
		expect(response.headers.get('content-disposition')).toBeNull()
		expect(await response.text()).toBe('RIFF....WEBP')
	})

	it('answers ?download=name with an attachment under that name, UTF-8 names included', async () => {
		const storage = createLocalStorage(root)
		const key = newObjectKey('products', 'jpg')
		await storage.put(key, Buffer.from('photo'), 'image/jpeg')
		let response = await fetch(`${base}/${key}?download=comanda-1a2b3c4d.jpg`)
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="comanda-1a2b3c4d.jpg"')
		await response.arrayBuffer()
		response = await fetch(`${base}/${key}?download=${encodeURIComponent('poză "ăș".jpg')}`)
		expect(response.headers.get('content-disposition')).toBe(`attachment; filename="poza _as_.jpg"; filename*=UTF-8''poz%C4%83%20%22%C4%83%C8%99%22.jpg`)
		await response.arrayBuffer()
	})

	it('never serves a private file (customer photos), however its path is written', async () => {
		const storage = createLocalStorage(root)
		for (const key of [newObjectKey('private/portraits', 'webp'), newObjectKey('portraits', 'webp')]) {
			await storage.put(key, Buffer.from('photo'), 'image/webp')
			const [prefix, ...rest] = key.split('/')
			for (const url of [
				`${base}/${key}`,
				`${base}/products/../${key}`,
				`${base}/products/..%2f${key}`,
				`${base}/%${prefix!.charCodeAt(0).toString(16)}${key.slice(1)}`,
				`${base}//${prefix}/${rest.join('/')}`,
			]) {
				const response = await fetch(url)
				expect(response.status, url).toBe(404)
				expect(await response.text(), url).not.toContain('photo')
			}
		}
	})

	it('answers 404 for missing files and refuses dot files and traversal', async () => {
		for (const url of [`${base}/products/missing.webp`, `${base}/.secret`, `${base}/..%2f..%2fetc%2fpasswd`]) {
			const response = await fetch(url)
			expect([403, 404], url).toContain(response.status)
			await response.arrayBuffer()
		}
	})
})
