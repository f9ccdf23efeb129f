import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { newObjectKey, type ObjectStorage } from '#server/storage/storage.ts'

/** The behaviour every ObjectStorage implementation must share; run it against each one. */
export function describeStorageContract(name: string, create: () => Promise<{ storage: ObjectStorage; cleanup(): Promise<void> }>) {
	describe(`storage contract: ${name}`, () => {
		it('stores, reads, lists as existing, and deletes an object', async () => {
			const { storage, cleanup } = await create()
			try {
				const key = newObjectKey('contract', 'txt')
				expect(await storage.exists(key)).toBe(false)
				expect(await storage.get(key)).toBeNull()

				await storage.put(key, Buffer.from('hello ăîșț'), 'text/plain')
				expect(await storage.exists(key)).toBe(true)
				const object = await storage.get(key)
				expect(object).not.toBeNull()
				expect(await text(object!.body)).toBe('hello ăîșț')
				expect(object!.size).toBe(Buffer.byteLength('hello ăîșț'))

				// Overwriting replaces the content.
				await storage.put(key, Buffer.from('second'), 'text/plain')
				expect(await text((await storage.get(key))!.body)).toBe('second')

				await storage.delete(key)
				expect(await storage.exists(key)).toBe(false)
				// Deleting what is not there is not an error.
				await storage.delete(key)
			} finally {
				await cleanup()
			}
		})

		it('lists every stored key (what a backup copies)', async () => {
			const { storage, cleanup } = await create()
			try {
				const keys = [newObjectKey('contract-list', 'txt'), newObjectKey('contract-list/nested', 'webp')]
				for (const key of keys) await storage.put(key, Buffer.from(key), 'text/plain')
				const listed: string[] = []
				for await (const key of storage.list()) listed.push(key)
				expect(listed).toEqual(expect.arrayContaining(keys))
				for (const key of keys) await storage.delete(key)
			} finally {
				await cleanup()
			}
		})

		it('gives each object a public URL ending in its key', async () => {
			const { storage, cleanup } = await create()
			try {
				const key = newObjectKey('media/products', 'webp')
				expect(storage.publicUrl(key).endsWith(`/${key}`)).toBe(true)
			} finally {
				await cleanup()
			}
		})

		it('refuses keys that could escape or were not made by the server', async () => {
			const { storage, cleanup } = await create()
			try {
				for (const key of ['../etc/passwd', 'a/../../b', '/absolute', 'UPPER/case', 'a//b', '', 'a/.hidden', 'with space']) {
					await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid object key/)
					await expect(storage.get(key), key).rejects.toThrow(/invalid object key/)
				}
			} finally {
				await cleanup()
			}
		})

		it('makes unguessable keys in the spec shape {prefix}/{timestamp}-{random}.{ext}', () => {
			const keys = new Set(Array.from({ length: 200 }, () => newObjectKey('media', 'jpg')))
			expect(keys.size).toBe(200)
			for (const key of keys) expect(key).toMatch(/^media\/\d{13}-[0-9a-f]{32}\.jpg$/)
		})
	})
}
