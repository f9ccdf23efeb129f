import { describe, expect, it } from 'vitest'
import { shippingRateFormSchema, shippingZoneFormSchema } from './admin-shipping.ts'

const zoneId = '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
const rate = { zoneId, price: '9,90', minSubtotal: '', maxSubtotal: '', minWeightGrams: '', maxWeightGrams: '' }
const firstMessage = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0]

describe('the shipping zone form', () => {
	it('reads countries as ISO codes in any case and separator, each once; empty is the rest of the world', () => {
		expect(shippingZoneFormSchema.parse({ name: ' Alpi ', countries: 'ch; li,  at ch', freeFrom: '' })).toEqual({
			name: 'Alpi',
			countries: ['CH', 'LI', 'AT'],
			freeFrom: null,
		})
		expect(shippingZoneFormSchema.parse({ name: 'Restul lumii', countries: '  ', freeFrom: '150' }).countries).toEqual([])
	})

	it('reads the threshold the Romanian way and refuses what it cannot read', () => {
		expect(shippingZoneFormSchema.parse({ name: 'RO', countries: 'RO', freeFrom: '1.234,50' }).freeFrom).toBe(123450)
		expect(firstMessage(shippingZoneFormSchema.safeParse({ name: 'RO', countries: 'RO', freeFrom: '-5' }))?.message).toBe(
			'Prețul trebuie să fie între 0 și 999999',
		)
		expect(firstMessage(shippingZoneFormSchema.safeParse({ name: '', countries: 'RO', freeFrom: '' }))?.message).toBe('Numele zonei este obligatoriu')
		expect(firstMessage(shippingZoneFormSchema.safeParse({ name: 'X', countries: 'RO, EU, ZZ', freeFrom: '' }))?.message).toBe(
			'Cod de țară necunoscut: EU, ZZ. Folosește coduri ISO din două litere (RO, ES, DE)',
		)
	})
})

describe('the shipping rate form', () => {
	it('reads "27,50" as 27.50 €; empty lower bounds are zero, empty upper bounds none', () => {
		expect(shippingRateFormSchema.parse({ ...rate, price: '27,50', maxWeightGrams: '2 000' })).toEqual({
			zoneId,
			price: 2750,
			minSubtotal: 0,
			maxSubtotal: null,
			minWeightGrams: 0,
			maxWeightGrams: 2000,
		})
	})

	it('needs a price, and each upper bound above its lower one, saying so on the field', () => {
		expect(firstMessage(shippingRateFormSchema.safeParse({ ...rate, price: '' }))).toMatchObject({
			message: 'Prețul livrării este obligatoriu',
			path: ['price'],
		})
		expect(firstMessage(shippingRateFormSchema.safeParse({ ...rate, minSubtotal: '50', maxSubtotal: '49,99' }))).toMatchObject({
			message: 'Limita de sus trebuie să fie mai mare decât cea de jos',
			path: ['maxSubtotal'],
		})
		expect(firstMessage(shippingRateFormSchema.safeParse({ ...rate, minWeightGrams: '2000', maxWeightGrams: '2000' }))).toMatchObject({
			path: ['maxWeightGrams'],
		})
		expect(firstMessage(shippingRateFormSchema.safeParse({ ...rate, zoneId: 'x' }))?.message).toBe('Zona este obligatorie')
	})
})
