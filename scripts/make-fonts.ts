/**
 * `npm run fonts`: cuts the brand typefaces (the `@fontsource-variable` packages) down to what the
 * shop's pages write, and writes them to app/fonts, committed: Latin-1 and the typographic marks
 * in one file per family, the Romanian letters (ă, ș, ț and their cedilla forms) in another, and
 * the weight axis to the weights the stylesheet uses (ADR 0274). A browser draws any other
 * character in the fallback font, letter by letter.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import subsetFont from 'subset-font'
import { FONT_FILES } from './lib/fonts.ts'

const packages = path.resolve(import.meta.dirname, '../node_modules/@fontsource-variable')
const outDir = path.resolve(import.meta.dirname, '../app/fonts')

for (const font of FONT_FILES) {
	const source = await fs.readFile(path.join(packages, font.family, 'files', `${font.family}-${font.sourceSubset}-wght-normal.woff2`))
	const cut = await subsetFont(source, font.characters, { targetFormat: 'woff2', variationAxes: { wght: font.weights } })
	await fs.writeFile(path.join(outDir, font.file), cut)
	console.log(`${font.file}: ${source.length} → ${cut.length} bytes`)
}
