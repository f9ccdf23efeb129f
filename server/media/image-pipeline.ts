import { fileTypeFromBuffer } from 'file-type'
import type { default as Sharp, OutputInfo } from 'sharp'
import { derivativeUrl, IMAGE_WIDTHS } from '#domain/images.ts'
import { newObjectKey, type ObjectStorage } from '../storage/storage.ts'

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number]

/** Pixels above this are refused before decoding, which stops decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000

/**
 * sharp (libvips) loads on the first image: a shop serving pages never pays its memory. Its
 * operation cache (up to 50 MB) is off: uploads are occasional and never repeat an operation.
 */
let sharpLoaded: Promise<typeof Sharp> | undefined
function loadSharp() {
	return (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
		sharp.cache(false)
		return sharp
	}))
}

export class UnsupportedImageError extends Error {
	override name = 'UnsupportedImageError'
}

/** The real type from the file's first bytes, whatever name or type the client declared. */
export async function detectImageType(bytes: Uint8Array): Promise<AcceptedImageType | null> {
	const type = await fileTypeFromBuffer(bytes)
	return type && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime) ? (type.mime as AcceptedImageType) : null
}

export type StoredImage = { key: string; url: string; width: number; height: number; size: number }

/**
 * Re-encodes an image as WebP (which drops EXIF, GPS and every other metadata), stores it under a
 * new random key, and stores the narrower copies the storefront's srcset uses.
 */
export async function storeImage(
	storage: ObjectStorage,
	input: Uint8Array,
	options: { prefix: string; maxSize?: number; derivatives?: boolean },
): Promise<StoredImage> {
	if (!(await detectImageType(input))) throw new UnsupportedImageError('not a JPEG, PNG or WebP image')
	const maxSize = options.maxSize ?? 1600
	const sharp = await loadSharp()
	let main: { data: Buffer; info: OutputInfo }
	try {
		main = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
			.rotate()
			.resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true })
			.webp({ quality: 80 })
			.toBuffer({ resolveWithObject: true })
	} catch (error) {
		throw new UnsupportedImageError(`image could not be decoded: ${(error as Error).message}`)
	}
	const key = newObjectKey(options.prefix, 'webp')
	await storage.put(key, main.data, 'image/webp')
	if (options.derivatives !== false) {
		await Promise.all(
			IMAGE_WIDTHS.map(async (width) => {
				const data = await sharp(main.data).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer()
				await storage.put(derivativeUrl(key, width), data, 'image/webp')
			}),
		)
	}
	return { key, url: storage.publicUrl(key), width: main.info.width, height: main.info.height, size: main.data.length }
}

const ORIGINAL_FORMATS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const

/**
 * Stores the customer's own file for production (ADR 0173): full size, in its own format, turned
 * upright, without EXIF, GPS, XMP or any other metadata (sharp writes none unless asked). JPEG and
 * WebP are written again at quality 95, PNG losslessly.
 */
export async function storeOriginalImage(storage: ObjectStorage, input: Uint8Array, key: (extension: string) => string) {
	const type = await detectImageType(input)
	if (!type) throw new UnsupportedImageError('not a JPEG, PNG or WebP image')
	const sharp = await loadSharp()
	const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
	let data: Buffer
	try {
		data = await (type === 'image/png' ? image.png() : type === 'image/webp' ? image.webp({ quality: 95 }) : image.jpeg({ quality: 95 })).toBuffer()
	} catch (error) {
		throw new UnsupportedImageError(`image could not be decoded: ${(error as Error).message}`)
	}
	const stored = key(ORIGINAL_FORMATS[type])
	await storage.put(stored, data, type)
	return { key: stored, mimeType: type, size: data.length }
}

/** Removes an image stored by storeImage together with its narrower copies. */
export async function deleteImage(storage: ObjectStorage, key: string) {
	await Promise.all([key, ...IMAGE_WIDTHS.map((width) => derivativeUrl(key, width))].map((k) => storage.delete(k)))
}
