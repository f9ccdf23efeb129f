import { expect, it } from 'vitest'
import { demoCategories, demoProducts } from './demo-catalog.ts'
import { demoCategoryTranslations, demoProductTranslations } from './demo-translations.ts'

const categories = demoCategories.flatMap((top) => [top, ...(top.children ?? [])])

it.each([
	['category', categories, demoCategoryTranslations],
	['product', demoProducts, demoProductTranslations],
] as const)('every demo %s has its own English and Spanish name and description, and nothing else is translated', (_kind, items, bySlug) => {
	expect(Object.keys(bySlug).sort()).toEqual(items.map((item) => item.slug).sort())
	for (const item of items) {
		const { en, es } = bySlug[item.slug]!
		for (const field of ['name', 'description'] as const) {
			expect(en[field].trim(), `${item.slug} en ${field}`).not.toBe('')
			expect(es[field].trim(), `${item.slug} es ${field}`).not.toBe('')
			expect(new Set([item[field], en[field], es[field]]).size, `${item.slug} ${field}`).toBe(3)
		}
	}
})
