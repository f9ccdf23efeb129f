/** The brand typefaces' files in app/fonts, and what each holds (scripts/make-fonts.ts writes them). */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('')

/** Printable ASCII, Latin-1 (Spanish and every Western European letter) and the typographic marks copy uses. */
const LATIN = `${range(0x20, 0x7e)}${range(0xa0, 0xff)}€–—‘’‚“”„…•·′″‹›`
/** Romanian's letters beyond Latin-1, with the cedilla forms older texts still type. */
const ROMANIAN = 'ĂăȘșȚțŞşŢţ'
/** The stylesheet's weights: regular to bold. */
const WEIGHTS = { min: 400, max: 700 }

export type FontFile = { file: string; family: 'fraunces' | 'figtree'; sourceSubset: 'latin' | 'latin-ext'; characters: string; weights: typeof WEIGHTS }

export const FONT_FILES: FontFile[] = (['fraunces', 'figtree'] as const).flatMap((family) => [
	{ file: `${family}-latin.woff2`, family, sourceSubset: 'latin' as const, characters: LATIN, weights: WEIGHTS },
	{ file: `${family}-romanian.woff2`, family, sourceSubset: 'latin-ext' as const, characters: ROMANIAN, weights: WEIGHTS },
])
