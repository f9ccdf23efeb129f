import { describe, expect, it } from 'vitest'
import { parseSubmission } from './submission.ts'
import { variantsFormSchema } from './admin-variants.ts'

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'

function form(
	optionNames: string,
	rows: Partial<Record<'id' | 'values' | 'sku' | 'price' | 'sale' | 'stock' | 'loaded' | 'weight' | 'image', string>>[],
	sale: { first?: string; last?: string } = {},
) {
	const data = new FormData()
	data.set('variantsStamp', 'stamp')
	data.set('optionNames', optionNames)
	data.set('saleFirstDay', sale.first ?? '')
	data.set('saleLastDay', sale.last ?? '')
	for (const row of rows) {
		data.append('variantId[]', row.id ?? '')
		data.append('variantValues[]', row.values ?? '')
		data.append('variantSku[]', row.sku ?? '')
		data.append('variantPrice[]', row.price ?? '')
		data.append('variantSalePrice[]', row.sale ?? '')
		data.append('variantStock[]', row.stock ?? '')
		data.append('variantLoadedStock[]', row.loaded ?? '')
		data.append('variantWeight[]', row.weight ?? '')
		data.append('variantImage[]', row.image ?? '')
	}
	return parseSubmission(variantsFormSchema, data)
}

describe('the variants form', () => {
	it('reads options, rows and prices the locale-aware way, ignoring blank new rows and removing emptied ones', () => {
		const parsed = form('Mărime, Aromă', [
			{ id: ID, values: '', price: '10' },
			{ values: 'Mare / Lavandă', sku: 'LAV-L', price: '27,50', stock: '4', weight: '450' },
			{ values: 'Mică/Lavandă', price: '1.234,50', stock: '' },
			{},
		])
		expect(parsed.ok && parsed.value).toEqual({
			stamp: 'stamp',
			optionNames: ['Mărime', 'Aromă'],
			removed: [ID],
			saleFirstDay: null,
			saleLastDay: null,
			variants: [
				{
					id: null,
					optionValues: ['Mare', 'Lavandă'],
					sku: 'LAV-L',
					priceCents: 2750,
					salePriceCents: null,
					stock: 4,
					loadedStock: null,
					weightGrams: 450,
					image: null,
				},
				{
					id: null,
					optionValues: ['Mică', 'Lavandă'],
					sku: null,
					priceCents: 123450,
					salePriceCents: null,
					stock: null,
					loadedStock: null,
					weightGrams: null,
					image: null,
				},
			],
		})
	})

	it('reads a sale: each variant’s reduced price, one window for them all', () => {
		const parsed = form(
			'Mărime',
			[
				{ values: 'Mică', price: '20', sale: '15,50' },
				{ values: 'Mare', price: '30' },
			],
			{ first: '2026-12-01', last: '2026-12-24' },
		)
		expect(parsed.ok && parsed.value).toMatchObject({
			saleFirstDay: '2026-12-01',
			saleLastDay: '2026-12-24',
			variants: [
				{ priceCents: 2000, salePriceCents: 1550 },
				{ priceCents: 3000, salePriceCents: null },
			],
		})
	})

	it('refuses a sale that is not one: a reduced price at or above the price, days missing or backwards, days without a price', () => {
		const errors = (result: ReturnType<typeof form>) => (result.ok ? null : result.errors.fieldErrors)
		const days = { first: '2026-12-01', last: '2026-12-24' }
		expect(errors(form('Mărime', [{ values: 'Mică', price: '20', sale: '20' }], days))).toEqual({ 'variant.0.salePrice': expect.stringContaining('mai mic') })
		expect(errors(form('Mărime', [{ values: 'Mică', price: '20', sale: 'x' }], days))).toEqual({ 'variant.0.salePrice': expect.any(String) })
		expect(errors(form('Mărime', [{ values: 'Mică', price: '20', sale: '10' }]))).toEqual({ saleFirstDay: 'Alege prima zi a reducerii' })
		expect(errors(form('Mărime', [{ values: 'Mică', price: '20', sale: '10' }], { first: '2026-12-24', last: '2026-12-01' }))).toEqual({
			saleLastDay: expect.stringContaining('înaintea'),
		})
		expect(errors(form('Mărime', [{ values: 'Mică', price: '20' }], days))).toEqual({ saleFirstDay: expect.stringContaining('prețul redus') })
	})

	it('refuses each bad row on its own field with a clear message', () => {
		const errors = (result: ReturnType<typeof form>) => (result.ok ? null : result.errors.fieldErrors)
		expect(errors(form('Mărime', [{ values: 'Mare / Roșu', price: '10' }]))).toEqual({ 'variant.0.values': expect.stringContaining('Mărime') })
		expect(errors(form('Mărime', [{ values: 'Mare', price: '' }]))).toEqual({ 'variant.0.price': 'Prețul variantei este obligatoriu' })
		expect(errors(form('Mărime', [{ values: 'Mare', price: '-3' }]))).toEqual({ 'variant.0.price': expect.stringContaining('Prețul') })
		expect(errors(form('Mărime', [{ values: 'Mare', price: '3', stock: 'abc' }]))).toEqual({ 'variant.0.stock': expect.stringContaining('Stocul') })
		expect(errors(form('Mărime', [{ values: 'Mare', price: '3', sku: 'a b' }]))).toEqual({ 'variant.0.sku': expect.stringContaining('SKU') })
		expect(
			errors(
				form('Mărime', [
					{ values: 'Mare', price: '3' },
					{ values: 'mare', price: '4' },
				]),
			),
		).toEqual({ 'variant.1.values': expect.stringContaining('aceleași valori') })
		expect(errors(form('', [{ values: 'Mare', price: '3' }]))).toEqual({ optionNames: expect.stringContaining('opțiunile') })
		expect(errors(form('Mărime', [{}]))).toEqual({ optionNames: expect.stringContaining('cel puțin o variantă') })
		expect(errors(form('A, B, C, D', []))).toEqual({ optionNames: expect.stringContaining('maxim 3') })
	})

	it('lets a product drop its options and every variant', () => {
		const parsed = form('', [{ id: ID, values: '' }])
		expect(parsed.ok && parsed.value).toEqual({ stamp: 'stamp', optionNames: [], variants: [], removed: [ID], saleFirstDay: null, saleLastDay: null })
	})
})
