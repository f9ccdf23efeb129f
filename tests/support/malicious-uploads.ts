import zlib from 'node:zlib'
import sharp from 'sharp'
import { jpegWithGps, oversizedJpegLike } from './images.ts'

/**
 * Files an attacker uploads in place of a photo, made in code: polyglots (a valid image that is
 * also an archive or a web page), script in SVG and in image metadata, web pages renamed .jpg,
 * decompression bombs, absurd dimensions, truncated images, empty files and lying MIME types.
 */

export type UploadVerdict =
	/** Must be refused with a 4xx. */
	| 'refuse'
	/** A real image: refused, or stored only as a clean re-encoded picture. */
	| 'refuse-or-clean'

export type MaliciousUpload = {
	name: string
	filename: string
	/** The Content-Type the client declares for the part. */
	declaredType: string
	bytes: Uint8Array
	verdict: UploadVerdict
}

/** Byte strings that must never come back out of storage: markup, script, archives, documents. */
export const FORBIDDEN_MARKERS = ['<script', '<html', '<svg', 'onerror', 'PK\u0003\u0004', '%PDF', 'alert(']

const SCRIPT = '<script>alert(document.cookie)</script>'
const HTML_PAGE = `<!doctype html><html><head><title>x</title></head><body>${SCRIPT}</body></html>`
const SVG_WITH_SCRIPT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>`

const ascii = (text: string) => Buffer.from(text, 'latin1')

/** A photo-like picture (noise compresses badly, so truncating it really cuts image data). */
async function noisyJpeg(width = 160, height = 120) {
	const pixels = Buffer.alloc(width * height * 3)
	for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251
	return sharp(pixels, { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 90 })
		.toBuffer()
}

const smallPng = () =>
	sharp({ create: { width: 24, height: 24, channels: 3, background: '#4a7' } })
		.png()
		.toBuffer()

function pngChunk(type: string, data: Buffer) {
	const length = Buffer.alloc(4)
	length.writeUInt32BE(data.length)
	const typeAndData = Buffer.concat([ascii(type), data])
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(zlib.crc32(typeAndData))
	return Buffer.concat([length, typeAndData, crc])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A greyscale 1-bit PNG of the given size whose pixel data (all zero) is deflated to almost nothing. */
function pngOfSize(width: number, height: number, rowsOfData = height) {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, adaptive filter, no interlace
	const rowBytes = 1 + Math.ceil(width / 8)
	const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * rowsOfData), { level: 9 })
	return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))])
}

/** A PNG with a text chunk (tEXt) carrying a web page. */
async function pngWithTextChunk() {
	const png = await smallPng()
	const iend = png.length - 12
	const text = pngChunk('tEXt', Buffer.concat([ascii('Comment'), Buffer.from([0]), ascii(HTML_PAGE)]))
	return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)])
}

/** A JPEG carrying a web page in a comment segment (COM, 0xFFFE) right after its start marker. */
async function jpegWithHtmlComment() {
	const jpeg = await noisyJpeg()
	const comment = ascii(HTML_PAGE)
	const length = Buffer.alloc(2)
	length.writeUInt16BE(comment.length + 2)
	return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)])
}

/** A JPEG whose frame header (SOF0) claims width × height, the pixel data being the small original's. */
async function jpegClaiming(width: number, height: number) {
	const jpeg = Buffer.from(await noisyJpeg())
	const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
	if (sof < 0) throw new Error('no baseline frame header in the generated JPEG')
	jpeg.writeUInt16BE(height, sof + 5)
	jpeg.writeUInt16BE(width, sof + 7)
	return jpeg
}

/** A ZIP archive (stored, no compression) holding one web page. */
function zipWithPage(name = 'index.html', content = ascii(HTML_PAGE)) {
	const fileName = ascii(name)
	const crc = zlib.crc32(content)
	const local = Buffer.alloc(30)
	local.writeUInt32LE(0x04034b50, 0)
	local.writeUInt16LE(20, 4)
	local.writeUInt32LE(crc, 14)
	local.writeUInt32LE(content.length, 18)
	local.writeUInt32LE(content.length, 22)
	local.writeUInt16LE(fileName.length, 26)
	const central = Buffer.alloc(46)
	central.writeUInt32LE(0x02014b50, 0)
	central.writeUInt16LE(20, 4)
	central.writeUInt16LE(20, 6)
	central.writeUInt32LE(crc, 16)
	central.writeUInt32LE(content.length, 20)
	central.writeUInt32LE(content.length, 24)
	central.writeUInt16LE(fileName.length, 28)
	const localSize = local.length + fileName.length + content.length
	const end = Buffer.alloc(22)
	end.writeUInt32LE(0x06054b50, 0)
	end.writeUInt16LE(1, 8)
	end.writeUInt16LE(1, 10)
	end.writeUInt32LE(central.length + fileName.length, 12)
	end.writeUInt32LE(localSize, 16)
	return Buffer.concat([local, fileName, content, central, fileName, end])
}

/** The whole corpus. Some files take a moment to make (the bomb is 50 MB of pixels deflated). */
export async function maliciousUploads(): Promise<MaliciousUpload[]> {
	const jpeg = await noisyJpeg()
	const png = await smallPng()
	const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
		.gif()
		.toBuffer()
	const tiff = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3c3' } })
		.tiff()
		.toBuffer()
	const u8 = (bytes: Buffer) => new Uint8Array(bytes)
	return [
		// Polyglots and script riding inside real images: only a re-encoded copy may be kept.
		{
			name: 'JPEG + ZIP polyglot',
			filename: 'holiday.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(Buffer.concat([jpeg, zipWithPage()])),
			verdict: 'refuse-or-clean',
		},
		{
			name: 'JPEG with an HTML page in a comment',
			filename: 'portrait.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(await jpegWithHtmlComment()),
			verdict: 'refuse-or-clean',
		},
		{
			name: 'PNG with a script after IEND',
			filename: 'logo.png',
			declaredType: 'image/png',
			bytes: u8(Buffer.concat([png, ascii(SCRIPT)])),
			verdict: 'refuse-or-clean',
		},
		{
			name: 'PNG with an HTML page in a text chunk',
			filename: 'logo.png',
			declaredType: 'image/png',
			bytes: u8(await pngWithTextChunk()),
			verdict: 'refuse-or-clean',
		},
		{ name: 'JPEG with EXIF and GPS', filename: 'phone.jpg', declaredType: 'image/jpeg', bytes: u8(await jpegWithGps()), verdict: 'refuse-or-clean' },
		{ name: 'PNG declared as a GIF', filename: 'photo.gif', declaredType: 'image/gif', bytes: u8(png), verdict: 'refuse-or-clean' },
		{
			name: 'file name carrying markup',
			filename: '"><img src=x onerror=alert(1)>.png',
			declaredType: 'image/png',
			bytes: u8(png),
			verdict: 'refuse-or-clean',
		},
		{ name: 'very wide picture (8000 × 1)', filename: 'strip.png', declaredType: 'image/png', bytes: u8(pngOfSize(8000, 1)), verdict: 'refuse-or-clean' },
		// Not images, or not images the shop takes.
		{ name: 'SVG with script', filename: 'icon.svg', declaredType: 'image/svg+xml', bytes: u8(ascii(SVG_WITH_SCRIPT)), verdict: 'refuse' },
		{ name: 'SVG renamed .jpg', filename: 'photo.jpg', declaredType: 'image/jpeg', bytes: u8(ascii(SVG_WITH_SCRIPT)), verdict: 'refuse' },
		{ name: 'HTML renamed .jpg', filename: 'photo.jpg', declaredType: 'image/jpeg', bytes: u8(ascii(HTML_PAGE)), verdict: 'refuse' },
		{
			name: 'HTML behind a JPEG signature',
			filename: 'photo.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), ascii(HTML_PAGE)])),
			verdict: 'refuse',
		},
		{ name: 'ZIP renamed .png', filename: 'photo.png', declaredType: 'image/png', bytes: u8(zipWithPage()), verdict: 'refuse' },
		{
			name: 'PDF with JavaScript renamed .jpg',
			filename: 'photo.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(ascii('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')),
			verdict: 'refuse',
		},
		{ name: 'GIF declared as a JPEG', filename: 'photo.jpg', declaredType: 'image/jpeg', bytes: u8(gif), verdict: 'refuse' },
		{ name: 'TIFF', filename: 'scan.tiff', declaredType: 'image/tiff', bytes: u8(tiff), verdict: 'refuse' },
		// Decompression bombs and absurd sizes: refused before the pixels are decoded.
		// 100 megapixels is under sharp's own default limit (268 Mpx): only the shop's pixel limit refuses it.
		{
			name: 'PNG bomb: 10000 × 10000 pixels in a few kilobytes',
			filename: 'bomb.png',
			declaredType: 'image/png',
			bytes: u8(pngOfSize(10_000, 10_000)),
			verdict: 'refuse',
		},
		{ name: 'PNG bomb: 20000 × 20000 pixels', filename: 'bomb.png', declaredType: 'image/png', bytes: u8(pngOfSize(20_000, 20_000)), verdict: 'refuse' },
		{
			name: 'PNG declaring 50000 × 50000 with almost no data',
			filename: 'bomb2.png',
			declaredType: 'image/png',
			bytes: u8(pngOfSize(50_000, 50_000, 4)),
			verdict: 'refuse',
		},
		{
			name: 'JPEG header claiming 60000 × 60000',
			filename: 'huge.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(await jpegClaiming(60_000, 60_000)),
			verdict: 'refuse',
		},
		{ name: 'oversized file (11 MB)', filename: 'big.jpg', declaredType: 'image/jpeg', bytes: u8(oversizedJpegLike(11 * 1024 * 1024)), verdict: 'refuse' },
		// Broken files.
		{
			name: 'truncated JPEG',
			filename: 'cut.jpg',
			declaredType: 'image/jpeg',
			bytes: u8(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))),
			verdict: 'refuse-or-clean',
		},
		{ name: 'truncated PNG', filename: 'cut.png', declaredType: 'image/png', bytes: u8(png.subarray(0, Math.floor(png.length * 0.6))), verdict: 'refuse' },
		{ name: 'JPEG signature only', filename: 'stub.jpg', declaredType: 'image/jpeg', bytes: u8(Buffer.from([0xff, 0xd8, 0xff])), verdict: 'refuse' },
		{ name: 'empty file', filename: 'empty.jpg', declaredType: 'image/jpeg', bytes: new Uint8Array(0), verdict: 'refuse' },
	]
}
