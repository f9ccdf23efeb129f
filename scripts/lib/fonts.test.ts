import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FONT_FILES } from './fonts.ts'

const appDir = path.resolve(import.meta.dirname, '../../app')

/** Each @font-face of app/fonts.css: its file and the code points its unicode-range claims. */
function declaredFaces() {
	const css = fs.readFileSync(path.join(appDir, 'fonts.css'), 'utf8')
	return [...css.matchAll(/url\('\.\/fonts\/([\w-]+\.woff2)'\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(([, file, ranges]) => ({
		file: file!,
		covers: (codePoint: number) =>
			ranges!.split(',').some((range) => {
				const [from, to = from] = range.trim().replace('U+', '').split('-')
				return codePoint >= parseInt(from!, 16) && codePoint <= parseInt(to!, 16)
			}),
	}))
}

describe('the brand typefaces’ files', () => {
	it('are committed as WOFF2, each small enough to preload', () => {
		for (const font of FONT_FILES) {
			const bytes = fs.readFileSync(path.join(appDir, 'fonts', font.file))
			expect(bytes.subarray(0, 4).toString('latin1'), font.file).toBe('wOF2')
			expect(bytes.length, font.file).toBeLessThan(40_000)
		}
	})

	it('are declared by the stylesheet for every character cut into them', () => {
		const faces = declaredFaces()
		expect(faces.map((face) => face.file).sort()).toEqual(FONT_FILES.map((font) => font.file).sort())
		for (const font of FONT_FILES) {
			const face = faces.find((candidate) => candidate.file === font.file)!
			const missing = [...font.characters].filter((character) => !face.covers(character.codePointAt(0)!))
			expect(missing, `${font.file} holds characters its unicode-range leaves out`).toEqual([])
		}
	})
})
