import sharp from 'sharp'

/** Marks the test photos carry in their EXIF, so tests can tell whether it survived. */
export const EXIF_SECRET = 'SECRET-CAMERA-OWNER'
/** The EXIF tag that points at the GPS block (0x8825), as stored little-endian. */
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88])

/** A real JPEG photo with EXIF (owner) and GPS data in it, like a phone would send. */
export function jpegWithGps(width = 120, height = 90) {
	return sharp({ create: { width, height, channels: 3, background: '#c8956a' } })
		.jpeg()
		.withExif({
			IFD0: { Copyright: EXIF_SECRET, Make: 'TestPhone' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '44/1 25/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '26/1 6/1 0/1' },
		})
		.toBuffer()
}

export function png() {
	return sharp({ create: { width: 40, height: 40, channels: 4, background: '#336699' } })
		.png()
		.toBuffer()
}

export function webp() {
	return sharp({ create: { width: 40, height: 40, channels: 3, background: '#996633' } })
		.webp()
		.toBuffer()
}

/** Whether bytes carry EXIF with GPS, or the owner mark anywhere. */
export async function metadataLeaks(bytes: Buffer) {
	const meta = await sharp(bytes).metadata()
	return {
		exif: meta.exif !== undefined,
		gps: meta.exif?.includes(GPS_IFD_POINTER) ?? false,
		ownerMark: bytes.includes(EXIF_SECRET),
		format: meta.format,
	}
}

/** Bytes that start like a JPEG but are `size` bytes long. */
export function oversizedJpegLike(size: number) {
	const bytes = Buffer.alloc(size, 0x20)
	bytes.set([0xff, 0xd8, 0xff, 0xe0], 0)
	return bytes
}

/** An image's pixel size, as its decoder reads it. */
export async function imageSize(bytes: Buffer) {
	const meta = await sharp(bytes).metadata()
	return { width: meta.width, height: meta.height }
}
