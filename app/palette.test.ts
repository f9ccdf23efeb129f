import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** Tailwind's stock colour scales: the storefront draws with the theme's named colours instead (app/theme.css). */
const STOCK_COLOUR =
	/\b(?:bg|text|border|ring|from|to|via|outline|fill|stroke|decoration|accent|divide|placeholder)-(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone)-\d{2,3}\b/g

function storefrontFiles(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name)
		if (entry.isDirectory()) return entry.name === 'admin' ? [] : storefrontFiles(full)
		return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : []
	})
}

describe('the storefront’s colours', () => {
	it('come from the theme’s palette, never from a stock Tailwind scale', () => {
		const found = storefrontFiles(import.meta.dirname).flatMap((file) =>
			[...fs.readFileSync(file, 'utf8').matchAll(STOCK_COLOUR)].map((match) => `${path.relative(import.meta.dirname, file)}: ${match[0]}`),
		)
		expect(found).toEqual([])
	})
})
