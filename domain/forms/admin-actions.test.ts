import { describe, expect, it } from 'vitest'
import { categoryFormSchema } from './admin-category.ts'
import { productFormSchema } from './admin-product.ts'
import { rowActionSchema } from './admin-row-action.ts'
import { orderActionSchema } from './order-update.ts'
import { parseSubmission } from './submission.ts'

/** ADR 0101, 0103: the admin forms and row actions parsed from what a browser posts (FormData). */
const uuid = '3f1c2a4e-8b7d-4c5e-9f0a-1b2c3d4e5f60'

function posted(entries: [string, string][]) {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return form
}

describe('admin edit forms posted as FormData', () => {
	it('a ticked box is on, an unticked one is not posted: false', () => {
		const base: [string, string][] = [
			['name', 'Lumânări'],
			['slug', 'lumanari'],
			['description', ''],
			['parentId', ''],
			['displayOrder', '2'],
			['imageUrl', ''],
		]
		const ticked = parseSubmission(categoryFormSchema, posted([...base, ['isActive', 'on']]))
		expect(ticked.ok && ticked.value).toMatchObject({ isActive: true, displayOrder: 2, imageUrl: null, parentId: null })
		const unticked = parseSubmission(categoryFormSchema, posted(base))
		expect(unticked.ok && unticked.value.isActive).toBe(false)
		// JSON keeps working.
		const json = parseSubmission(categoryFormSchema, { ...Object.fromEntries(base), isActive: false, imageUrl: null })
		expect(json.ok && json.value.isActive).toBe(false)
	})

	it('badges[] and images[] are lists; none posted is an empty list', () => {
		const base: [string, string][] = [
			['name', 'Lumânare'],
			['slug', 'lumanare'],
			['description', ''],
			['kind', 'candle'],
			['categoryId', uuid],
			['price', '29,90'],
			['stock', '5'],
			['portraitSize', ''],
			['scent', ''],
			['smellsLike', ''],
			['waxColor', ''],
			['containerType', ''],
			['isActive', 'on'],
			['giftWrapAvailable', 'on'],
		]
		const withLists = parseSubmission(
			productFormSchema,
			posted([...base, ['badges[]', 'Nou'], ['badges[]', 'Handmade'], ['images[]', '/uploads/products/a.webp']]),
		)
		expect(withLists.ok && withLists.value).toMatchObject({
			badges: ['Handmade', 'Nou'],
			images: ['/uploads/products/a.webp'],
			price: 2990,
			isActive: true,
			giftWrapAvailable: true,
			customLabelAvailable: false,
		})
		const without = parseSubmission(productFormSchema, posted(base))
		expect(without.ok && without.value).toMatchObject({ badges: [], images: [] })
	})

	it('a refusal keeps what was sent and names the field', () => {
		const refused = parseSubmission(
			categoryFormSchema,
			posted([
				['name', 'Lumânări'],
				['slug', 'Cu Spatii'],
				['displayOrder', '0'],
				['description', ''],
				['parentId', ''],
				['imageUrl', ''],
			]),
		)
		expect(refused.ok).toBe(false)
		if (refused.ok) return
		expect(refused.errors).toEqual({
			fieldErrors: { slug: 'Slug-ul poate conține doar litere mici, cifre și cratime' },
			formError: 'Slug-ul poate conține doar litere mici, cifre și cratime',
		})
		expect(refused.values).toMatchObject({ name: 'Lumânări', slug: 'Cu Spatii' })
	})
})

describe('intents are discriminated unions', () => {
	it('row actions: toggle (active true|false) or delete, with a row id', () => {
		const toggle = parseSubmission(
			rowActionSchema,
			posted([
				['intent', 'toggle'],
				['id', uuid],
				['active', 'true'],
			]),
		)
		expect(toggle.ok && toggle.value).toEqual({ intent: 'toggle', id: uuid, active: true })
		const off = parseSubmission(
			rowActionSchema,
			posted([
				['intent', 'toggle'],
				['id', uuid],
				['active', 'false'],
			]),
		)
		expect(off.ok && off.value).toEqual({ intent: 'toggle', id: uuid, active: false })
		expect(
			parseSubmission(
				rowActionSchema,
				posted([
					['intent', 'delete'],
					['id', uuid],
				]),
			).ok,
		).toBe(true)
		expect(
			parseSubmission(
				rowActionSchema,
				posted([
					['intent', 'delete'],
					['id', 'nu-e-id'],
				]),
			).ok,
		).toBe(false)
		expect(
			parseSubmission(
				rowActionSchema,
				posted([
					['intent', 'rename'],
					['id', uuid],
				]),
			).ok,
		).toBe(false)
	})

	it('order dialog: status, tracking, archive, restore, with the spec messages', () => {
		expect(
			parseSubmission(
				orderActionSchema,
				posted([
					['intent', 'status'],
					['status', 'shipped'],
				]),
			).ok,
		).toBe(true)
		const badStatus = parseSubmission(
			orderActionSchema,
			posted([
				['intent', 'status'],
				['status', 'bogus'],
			]),
		)
		expect(!badStatus.ok && badStatus.errors.formError).toBe('Status invalid')
		const longTracking = parseSubmission(
			orderActionSchema,
			posted([
				['intent', 'tracking'],
				['trackingNumber', 'X'.repeat(101)],
			]),
		)
		expect(!longTracking.ok && longTracking.errors.formError).toBe('Numărul de tracking nu poate depăși 100 de caractere')
		const cleared = parseSubmission(
			orderActionSchema,
			posted([
				['intent', 'tracking'],
				['trackingNumber', '  '],
			]),
		)
		expect(cleared.ok && cleared.value).toEqual({ intent: 'tracking', trackingNumber: '' })
		expect(parseSubmission(orderActionSchema, posted([['intent', 'archive']])).ok).toBe(true)
		expect(parseSubmission(orderActionSchema, posted([['intent', 'restore']])).ok).toBe(true)
		expect(parseSubmission(orderActionSchema, posted([['intent', 'anything']])).ok).toBe(false)
	})
})
