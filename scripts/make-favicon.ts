/**
 * Writes public/favicon.ico (16, 32 and 48 px) and public/apple-touch-icon.png from public/favicon.svg.
 * Browsers and crawlers ask for /favicon.ico whatever the page links; an ICO may hold PNG images.
 * Run after changing the SVG: `npx tsx scripts/make-favicon.ts`.
 */
import fs from 'node:fs/promises'
import sharp from 'sharp'

const svg = await fs.readFile('public/favicon.svg')
const sizes = [16, 32, 48]
const pngs = await Promise.all(sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()))

const header = Buffer.alloc(6)
header.writeUInt16LE(0, 0) // reserved
header.writeUInt16LE(1, 2) // 1 = icon
header.writeUInt16LE(pngs.length, 4)
let offset = 6 + 16 * pngs.length
const entries = pngs.map((png, index) => {
	const entry = Buffer.alloc(16)
	entry.writeUInt8(sizes[index]!, 0) // width
	entry.writeUInt8(sizes[index]!, 1) // height
	entry.writeUInt16LE(1, 4) // colour planes
	entry.writeUInt16LE(32, 6) // bits per pixel
	entry.writeUInt32LE(png.length, 8)
	entry.writeUInt32LE(offset, 12)
	offset += png.length
	return entry
})
await fs.writeFile('public/favicon.ico', Buffer.concat([header, ...entries, ...pngs]))
await sharp(svg, { density: 384 }).resize(180, 180).flatten({ background: '#ffffff' }).png().toFile('public/apple-touch-icon.png')
console.log('wrote public/favicon.ico and public/apple-touch-icon.png')
