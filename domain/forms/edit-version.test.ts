import { describe, expect, it } from 'vitest'
import { categoryEditSchema, emptyCategoryForm } from './admin-category.ts'
import { emptyProductForm, productEditSchema } from './admin-product.ts'
import { differingKeys, sameValue } from './edit-version.ts'
import { parseSubmission } from './submission.ts'

describe('the stamp an edit form posts', () => {
	const loaded = { ...emptyCategoryForm, name: 'Cadouri', slug: 'cadouri' }

	it('reads the version and the loaded values with the form’s own schema', () => {
		const product = {
			...emptyProductForm,
			name: 'Lumânare Brad',
			slug: 'lumanare-brad',
			categoryId: '0b9d4c1e-8a3f-4d2b-9c6e-1f2a3b4c5d6e',
			price: '27.5',
			stock: '3',
			loadedStock: '3',
		}
		const parsed = productEditSchema.parse({ ...product, price: '27,50', version: '3', loaded: JSON.stringify(product) })
		expect(parsed.version).toBe(3)
		expect(parsed.loaded).toMatchObject({ name: 'Lumânare Brad', price: 2750 })
		// "27.5" loaded and "27,50" typed are the same price.
		expect(differingKeys(['name', 'price'], parsed.loaded!, parsed)).toEqual([])
	})

	it('a form posted without a stamp parses as before; a bad version is refused in the one shape', () => {
		expect(categoryEditSchema.parse(loaded)).not.toHaveProperty('version', expect.anything())
		const refused = parseSubmission(categoryEditSchema, { ...loaded, version: 'x' })
		expect(refused.ok).toBe(false)
		if (!refused.ok) expect(refused.errors.fieldErrors.version).toBe('Versiunea formularului nu este validă; reîncarcă pagina')
	})

	it('loaded values that no longer pass the schema are null (every field then counts as typed)', () => {
		expect(categoryEditSchema.parse({ ...loaded, version: '1', loaded: '{not json' }).loaded).toBeNull()
		expect(categoryEditSchema.parse({ ...loaded, version: '1', loaded: JSON.stringify({ name: '' }) }).loaded).toBeNull()
	})

	it('compares lists, nulls and numbers by value', () => {
		expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true)
		expect(sameValue(null, undefined)).toBe(true)
		expect(sameValue(2750, 2990)).toBe(false)
		expect(differingKeys(['a', 'b', 'c'], { a: 1, b: [1], c: null }, { a: 1, b: [2], c: 'x' })).toEqual(['b', 'c'])
	})
})
