import { describe, expect, it } from 'vitest'
import { DEFAULT_LEAD_TIME_DAYS, shownLeadTime } from './lead-time.ts'
import { emptyProductForm, productFormSchema } from './forms/admin-product.ts'

describe('made-to-order lead time', () => {
	it('is shown for a made-to-order product only', () => {
		expect(shownLeadTime({ stock: null, leadTimeDays: 12 })).toBe(12)
		expect(shownLeadTime({ stock: 0, leadTimeDays: 12 })).toBeNull()
		expect(shownLeadTime({ stock: 5, leadTimeDays: 12 })).toBeNull()
	})

	it('is set on the product form in whole working days, the default when left empty', () => {
		const form = { ...emptyProductForm, name: 'Portret', slug: 'portret', categoryId: '3f2b0c3e-1111-4222-8333-444455556666', price: '30', madeToOrder: true }
		expect(productFormSchema.parse({ ...form, leadTimeDays: '12' })).toMatchObject({ stock: null, leadTimeDays: 12 })
		expect(productFormSchema.parse({ ...form, leadTimeDays: '' })).toMatchObject({ leadTimeDays: DEFAULT_LEAD_TIME_DAYS })
		for (const wrong of ['0', '91', '2.5', 'o săptămână']) {
			const parsed = productFormSchema.safeParse({ ...form, leadTimeDays: wrong })
			expect(parsed.success, wrong).toBe(false)
			expect(parsed.error?.issues[0]).toMatchObject({
				path: ['leadTimeDays'],
				message: 'Termenul de realizare trebuie să fie un număr întreg de zile lucrătoare între 1 și 90',
			})
		}
	})
})
