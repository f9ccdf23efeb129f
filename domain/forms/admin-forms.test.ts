import type { SchemaError } from './fields.ts'
import { describe, expect, it } from 'vitest'
import { checkImageFile, sizeInKb } from '../media.ts'
import { categoryFormSchema, emptyCategoryForm } from './admin-category.ts'
import { firstIssue } from './admin-fields.ts'
import { emptyProductForm, productFormSchema } from './admin-product.ts'

const uuid = '3f1c2a4e-8b7d-4c5e-9f0a-1b2c3d4e5f60'
const product = { ...emptyProductForm, name: 'Lumânare', slug: 'lumanare', categoryId: uuid, price: '29.90', stock: '5' }

function firstMessage(result: { success: boolean; error?: SchemaError }) {
	expect(result.success).toBe(false)
	return firstIssue(result.error!).message
}

describe('product form schema', () => {
	it('keeps burn time, size and weight as whole numbers, each null when left empty (ADR 0138)', () => {
		const saved = productFormSchema.parse({ ...product, burnTimeHours: ' 45 ', widthMm: '80', heightMm: '95', depthMm: '80', weightGrams: '320' })
		expect(saved).toMatchObject({ burnTimeHours: 45, widthMm: 80, heightMm: 95, depthMm: 80, weightGrams: 320 })
		expect(productFormSchema.parse(product)).toMatchObject({ burnTimeHours: null, widthMm: null, heightMm: null, depthMm: null, weightGrams: null })
		const { burnTimeHours: _b, widthMm: _w, heightMm: _h, depthMm: _d, weightGrams: _g, ...withoutMeasures } = product
		expect(productFormSchema.parse(withoutMeasures)).toMatchObject({ burnTimeHours: null, weightGrams: null })
	})

	it('refuses measures out of range with Romanian messages, and a size missing one of its three figures', () => {
		expect(firstMessage(productFormSchema.safeParse({ ...product, burnTimeHours: '0' }))).toBe(
			'Timpul de ardere trebuie să fie un număr întreg de ore între 1 și 999',
		)
		expect(firstMessage(productFormSchema.safeParse({ ...product, burnTimeHours: '1000' }))).toMatch(/^Timpul de ardere/)
		expect(firstMessage(productFormSchema.safeParse({ ...product, burnTimeHours: '4.5' }))).toMatch(/^Timpul de ardere/)
		expect(firstMessage(productFormSchema.safeParse({ ...product, weightGrams: '100000' }))).toBe(
			'Greutatea trebuie să fie un număr întreg de grame între 1 și 99999',
		)
		expect(firstMessage(productFormSchema.safeParse({ ...product, widthMm: '-3', heightMm: '9', depthMm: '9' }))).toBe(
			'Dimensiunea trebuie să fie un număr întreg de milimetri între 1 și 9999',
		)
		const incomplete = productFormSchema.safeParse({ ...product, widthMm: '80', heightMm: '95' })
		expect(firstIssue(incomplete.error!)).toEqual({ field: 'depthMm', message: 'Completează lățimea, înălțimea și adâncimea, sau lasă-le pe toate goale' })
	})

	it('keeps size and weight for every kind but the burn time for candles only', () => {
		const box = productFormSchema.parse({
			...product,
			kind: 'gift_set',
			burnTimeHours: '40',
			widthMm: '200',
			heightMm: '100',
			depthMm: '150',
			weightGrams: '900',
		})
		expect(box).toMatchObject({ burnTimeHours: null, widthMm: 200, heightMm: 100, depthMm: 150, weightGrams: 900 })
	})

	it('carries the stock figure the form was loaded with: a number, null for made to order, absent for a new product', () => {
		expect(productFormSchema.parse({ ...product, loadedStock: '3' }).loadedStock).toBe(3)
		expect(productFormSchema.parse({ ...product, loadedStock: '' }).loadedStock).toBeNull()
		expect(productFormSchema.parse(product).loadedStock).toBeUndefined()
		expect(firstMessage(productFormSchema.safeParse({ ...product, loadedStock: '-1' }))).toBe('Stocul încărcat nu este valid; reîncarcă pagina')
	})

	it('saves a made-to-order product without a stock figure, and requires one otherwise (ADR 0124)', () => {
		expect(productFormSchema.parse({ ...product, stock: '', madeToOrder: true }).stock).toBeNull()
		// A figure left in the hidden field does not count: made to order wins.
		expect(productFormSchema.parse({ ...product, stock: '7', madeToOrder: 'on' }).stock).toBeNull()
		const { stock: _omitted, ...withoutStock } = product
		expect(productFormSchema.parse({ ...withoutStock, madeToOrder: 'on' }).stock).toBeNull()
		expect(productFormSchema.safeParse({ ...withoutStock }).error?.issues[0]).toMatchObject({ path: ['stock'], message: 'Stocul este obligatoriu' })
		expect(productFormSchema.parse({ ...product, stock: '0' }).stock).toBe(0)
	})

	it('lets the kind decide the fields: only candles keep candle details, only portraits a size', () => {
		const filled = { ...product, scent: 'vanilla', containerType: 'glass', portraitSize: '13x18', customLabelAvailable: true }
		for (const kind of ['bundle', 'discovery_set', 'gift_set'] as const) {
			expect(productFormSchema.parse({ ...filled, kind })).toMatchObject({
				kind,
				scent: null,
				containerType: null,
				portraitSize: null,
				customLabelAvailable: false,
			})
		}
		expect(productFormSchema.parse({ ...filled, kind: 'candle' })).toMatchObject({ scent: 'vanilla', portraitSize: null })
		expect(productFormSchema.safeParse({ ...filled, kind: 'lamp' }).success).toBe(false)
	})

	it('turns the typed values into cents and integers', () => {
		expect(productFormSchema.parse(product)).toMatchObject({ price: 2990, stock: 5, portraitSize: null })
		expect(productFormSchema.parse({ ...product, price: '0' }).price).toBe(0)
		expect(productFormSchema.parse({ ...product, price: '999999' }).price).toBe(99_999_900)
	})

	it('reads a price as a Romanian, Spanish or English owner means it, and refuses what reads two ways', () => {
		for (const [price, cents] of [
			['27,50', 2750],
			['27.50', 2750],
			['1.234,50', 123_450],
			['1 234,50', 123_450],
			['1\u00a0234,50', 123_450],
			['1,234.50', 123_450],
			['999.999,00', 99_999_900],
		] as const)
			expect(productFormSchema.parse({ ...product, price }).price).toBe(cents)
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '27.5.0' }))).toBe('„27.5.0” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '1,2,3' }))).toBe('„1,2,3” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '1.234' }))).toBe('„1.234” se poate citi în două feluri; scrie 1234 sau 1234,00')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '27,505' }))).toBe('„27,505” se poate citi în două feluri; scrie 27505 sau 27505,00')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '27,5055' }))).toBe('„27,5055” are prea multe zecimale (cel mult 2)')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: 'douăzeci' }))).toBe(
			'„douăzeci” nu este un număr; scrie, de exemplu, 27,50 sau 1.234,50',
		)
		// Whole numbers are read the same way: spaces group thousands, a decimal is refused.
		expect(productFormSchema.parse({ ...product, stock: '1 200', weightGrams: '1 250', widthMm: '80', heightMm: '100', depthMm: '80' })).toMatchObject({
			stock: 1200,
			weightGrams: 1250,
		})
		expect(firstMessage(productFormSchema.safeParse({ ...product, stock: '1.200' }))).toBe('„1.200” se poate citi în două feluri; scrie 1200')
	})

	it('keeps candle fields for candles and clears them otherwise', () => {
		const candle = { ...product, scent: ' vanilla ', waxColor: '', customLabelAvailable: true, giftWrapAvailable: false }
		expect(productFormSchema.parse(candle)).toMatchObject({ scent: 'vanilla', waxColor: null, customLabelAvailable: true, giftWrapAvailable: false })
		expect(productFormSchema.parse({ ...candle, kind: 'portrait_cardboard', portraitSize: '18x24' })).toMatchObject({
			scent: null,
			smellsLike: null,
			waxColor: null,
			containerType: null,
			customLabelAvailable: false,
			giftWrapAvailable: true,
			portraitSize: '18x24',
		})
	})

	it('refuses out-of-range values with the spec messages', () => {
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '1000000' }))).toBe('Prețul trebuie să fie între 0 și 999999')
		expect(firstMessage(productFormSchema.safeParse({ ...product, price: '-1' }))).toBe('Prețul trebuie să fie între 0 și 999999')
		expect(firstMessage(productFormSchema.safeParse({ ...product, name: ' ' }))).toBe('Numele este obligatoriu')
		expect(firstMessage(productFormSchema.safeParse({ ...product, name: 'a'.repeat(101) }))).toBe('Numele poate avea maxim 100 de caractere')
		expect(firstMessage(productFormSchema.safeParse({ ...product, slug: 'Cu Spatii' }))).toBe('Slug-ul poate conține doar litere mici, cifre și cratime')
		expect(firstMessage(productFormSchema.safeParse({ ...product, description: 'a'.repeat(1001) }))).toBe('Descrierea poate avea maxim 1000 de caractere')
		expect(firstMessage(productFormSchema.safeParse({ ...product, stock: '1.5' }))).toBe('Stocul trebuie să fie un număr întreg între 0 și 999999')
		expect(firstMessage(productFormSchema.safeParse({ ...product, stock: '' }))).toBe('Stocul este obligatoriu')
		expect(firstMessage(productFormSchema.safeParse({ ...product, categoryId: '' }))).toBe('Categoria este obligatorie')
		expect(firstMessage(productFormSchema.safeParse({ ...product, scent: 'a'.repeat(101) }))).toBe('Aroma poate avea maxim 100 de caractere')
		expect(firstMessage(productFormSchema.safeParse({ ...product, smellsLike: 'a'.repeat(201) }))).toBe('Câmpul „Miroase a” poate avea maxim 200 de caractere')
		expect(firstMessage(productFormSchema.safeParse({ ...product, waxColor: 'a'.repeat(51) }))).toBe('Culoarea cerii poate avea maxim 50 de caractere')
		expect(firstMessage(productFormSchema.safeParse({ ...product, containerType: 'a'.repeat(51) }))).toBe('Recipientul poate avea maxim 50 de caractere')
		expect(productFormSchema.safeParse({ ...product, images: ['javascript:alert(1)'] }).success).toBe(false)
	})
})

describe('category form schema', () => {
	const category = { ...emptyCategoryForm, name: 'Lumânări', slug: 'lumanari' }
	it('saves empty description, image and parent as null, the order as an integer', () => {
		expect(categoryFormSchema.parse(category)).toEqual({
			name: 'Lumânări',
			slug: 'lumanari',
			description: null,
			parentId: null,
			displayOrder: 0,
			isActive: true,
			imageUrl: null,
		})
		expect(categoryFormSchema.parse({ ...category, displayOrder: '42', parentId: uuid })).toMatchObject({
			displayOrder: 42,
			parentId: uuid,
		})
	})

	it('refuses bad values', () => {
		expect(firstMessage(categoryFormSchema.safeParse({ ...category, displayOrder: '10000' }))).toBe('Ordinea trebuie să fie un număr întreg între 0 și 9999')
		expect(firstMessage(categoryFormSchema.safeParse({ ...category, description: 'a'.repeat(501) }))).toBe('Descrierea poate avea maxim 500 de caractere')
		expect(firstMessage(categoryFormSchema.safeParse({ ...category, slug: '' }))).toBe('Slug-ul este obligatoriu')
		expect(categoryFormSchema.safeParse({ ...category, parentId: 'nope' }).success).toBe(false)
	})
})

describe('admin image files', () => {
	it('accepts JPEG, PNG and WebP up to 5 MB only', () => {
		expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull()
		expect(checkImageFile({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('too-large')
		expect(checkImageFile({ type: 'image/svg+xml', size: 100 })).toBe('invalid')
		expect(checkImageFile({ type: 'text/plain', size: 100 })).toBe('invalid')
		expect(sizeInKb(2048)).toBe(2)
		expect(sizeInKb(10)).toBe(1)
	})
})
