import { expect, it } from 'vitest'
import { demoCategories, demoProducts } from './demo-catalog.ts'
import { demoAttributeTranslations, demoCategoryTranslations, demoProductTranslations } from './demo-translations.ts'

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

it.each(['smellsLike', 'waxColor'] as const)('every demo candle’s %s has English and Spanish, and nothing else is listed', (field) => {
	const texts = [...new Set(demoProducts.flatMap((product) => product[field] ?? []))].sort()
	expect(Object.keys(demoAttributeTranslations[field]).sort()).toEqual(texts)
	for (const text of texts) {
		const { en, es } = demoAttributeTranslations[field][text]!
		expect(en.trim(), `${text} en`).not.toBe('')
		expect(es.trim(), `${text} es`).not.toBe('')
	}
})
