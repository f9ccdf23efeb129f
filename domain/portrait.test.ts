import { describe, expect, it } from 'vitest'
import {
	PORTRAIT_FORM_DEFAULTS,
	PORTRAIT_FRAMES,
	PORTRAIT_MAX_QUANTITY,
	checkPortraitForm,
	portraitCartItem,
	portraitPrice,
	portraitSizeFrom,
} from './portrait.ts'
import { portraitFormSchema } from './forms/portrait.ts'
import { PORTRAIT_SIZES } from './enums.ts'

const expectedUnit = { '13x18': { none: 1990, simple: 2990, premium: 3490 }, '18x24': { none: 2990, simple: 3990, premium: 4490 } } as const

describe('portraitPrice', () => {
	for (const size of PORTRAIT_SIZES)
		for (const frame of PORTRAIT_FRAMES)
			for (const quantity of [1, 2, 7])
				it(`${size}, frame ${frame}, quantity ${quantity}`, () => {
					const unit = expectedUnit[size][frame]
					expect(portraitPrice({ size, frame, quantity })).toEqual({ unitCents: unit, totalCents: unit * quantity })
				})

	it('refuses a quantity below 1 or not whole', () => {
		for (const quantity of [0, -1, 1.5, Number.NaN]) expect(() => portraitPrice({ size: '13x18', frame: 'simple', quantity })).toThrow(RangeError)
	})
})

describe('portrait cart line', () => {
	const photo = { id: '0b6a1c1e-7a43-4f0f-9d55-6a1f7a2b9c10', url: '/api/uploads/portrait/0b6a1c1e-7a43-4f0f-9d55-6a1f7a2b9c10' }
	const form = {
		...PORTRAIT_FORM_DEFAULTS,
		size: '18x24' as const,
		frame: 'premium' as const,
		persons: '5+' as const,
		withPet: true,
		quantity: 2,
		uploadedImage: photo,
	}

	it('is the tagged line the server is sent (options and the upload id), beside the unit price (total ÷ quantity) and photo the cart shows', () => {
		const { item, quantity } = portraitCartItem(form, 'Portrait 18x24', 1_700_000_000_000)
		expect(quantity).toBe(2)
		expect(item).toEqual({
			id: 'portrait-1700000000000',
			line: {
				kind: 'portrait',
				options: { size: '18x24', persons: '5+', withCar: false, withPet: true, frame: 'premium', description: '' },
				uploadId: photo.id,
			},
			name: 'Portrait 18x24',
			price: 4490,
			image: photo.url,
			maxQuantity: PORTRAIT_MAX_QUANTITY,
		})
		expect(item.price * quantity).toBe(portraitPrice(form).totalCents)
	})

	it('the unit price is the total divided by the quantity for every combination', () => {
		for (const size of PORTRAIT_SIZES)
			for (const frame of PORTRAIT_FRAMES)
				for (const quantity of [1, 2, 7]) {
					const { unitCents, totalCents } = portraitPrice({ size, frame, quantity })
					expect(Number.isInteger(unitCents)).toBe(true)
					expect(totalCents / quantity).toBe(unitCents)
				}
	})
})

describe('portrait form', () => {
	const valid = {
		...PORTRAIT_FORM_DEFAULTS,
		size: '13x18',
		uploadedImage: { id: '0b6a1c1e-7a43-4f0f-9d55-6a1f7a2b9c10', url: '/api/uploads/portrait/0b6a1c1e-7a43-4f0f-9d55-6a1f7a2b9c10' },
	}
	const firstMessage = (input: unknown) => {
		const result = portraitFormSchema.safeParse(input)
		return result.success ? null : result.error.issues[0]!.message
	}

	it('accepts the defaults with a photo', () => {
		expect(firstMessage(valid)).toBeNull()
	})
	it('requires a photo', () => {
		expect(firstMessage({ ...valid, uploadedImage: null })).toBe('portrait.photoRequired')
	})
	it('limits the description to 500 characters', () => {
		expect(firstMessage({ ...valid, description: 'a'.repeat(500) })).toBeNull()
		expect(firstMessage({ ...valid, description: 'a'.repeat(501) })).toBe('portrait.descriptionTooLong')
	})
	it('needs a whole quantity of at least 1', () => {
		for (const quantity of [0, -1, 1.5]) expect(firstMessage({ ...valid, quantity })).toBe('portrait.quantityInvalid')
	})
	it('knows only the spec’s sizes, persons and frames', () => {
		expect(firstMessage({ ...valid, size: '30x40' })).not.toBeNull()
		expect(firstMessage({ ...valid, persons: '6' })).not.toBeNull()
		expect(firstMessage({ ...valid, frame: 'gold' })).not.toBeNull()
	})
	it('the browser check (no zod on the page) agrees with the schema: same verdict, same fields, same first message', () => {
		const photo = valid.uploadedImage
		const variants: Record<string, unknown>[] = [
			{},
			{ uploadedImage: null },
			{ uploadedImage: { id: 'not-a-uuid', url: photo.url } },
			{ uploadedImage: { id: photo.id, url: 'javascript:alert(1)' } },
			{ description: 'a'.repeat(500) },
			{ description: 'a'.repeat(501) },
			{ description: 'a'.repeat(501), uploadedImage: null },
			{ quantity: 10 },
			{ quantity: 11 },
			{ quantity: 999 },
			{ quantity: 1000, uploadedImage: null },
			{ size: '30x40' },
			{ persons: '6', quantity: 0 },
			{ frame: 'gold' },
			{ withCar: 'true' },
			...[0, -1, 1.5, Number.NaN, 2, 1].map((quantity) => ({ quantity })),
			...PORTRAIT_SIZES.flatMap((size) => PORTRAIT_FRAMES.map((frame) => ({ size, frame }))),
		]
		for (const variant of variants) {
			const input = { ...valid, ...variant }
			const schema = portraitFormSchema.safeParse(input)
			const check = checkPortraitForm(input as Parameters<typeof checkPortraitForm>[0])
			expect(check.ok, JSON.stringify(variant)).toBe(schema.success)
			if (schema.success && check.ok) expect(check.value).toEqual(schema.data)
			if (!schema.success && !check.ok) {
				const fields = [...new Set(schema.error.issues.map((issue) => String(issue.path[0])))]
				expect(Object.keys(check.errors.fieldErrors).sort(), JSON.stringify(variant)).toEqual(fields.sort())
				const first = schema.error.issues[0]!.message
				// Option values the form's own controls cannot produce get zod's generic text there, ours here.
				if (first.startsWith('portrait.')) expect(check.errors.formError).toBe(first)
			}
		}
	})
	it('reads the size from the query string, defaulting to 13x18', () => {
		expect(portraitSizeFrom('18x24')).toBe('18x24')
		expect(portraitSizeFrom('13x18')).toBe('13x18')
		expect(portraitSizeFrom(null)).toBe('13x18')
		expect(portraitSizeFrom('99x99')).toBe('13x18')
	})
})
