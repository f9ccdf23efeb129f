import * as z from 'zod/mini'
import { isUuid } from '../ids.ts'
import { isRegionCode } from '../shipping.ts'
import { withEditStamp } from './edit-version.ts'
import { euroCents, optionalIntegerInRange, requiredText } from './admin-fields.ts'

/** The admin's shipping forms (ADR 0240): a zone (name, countries, free-shipping threshold) and a zone's rate. Messages are Romanian. */

export const SHIPPING_WEIGHT_MAX_GRAMS = 9_999_999
const WEIGHT_MESSAGE = `Greutatea trebuie să fie un număr întreg de grame între 0 și ${SHIPPING_WEIGHT_MAX_GRAMS}`
const BAND_MESSAGE = 'Limita de sus trebuie să fie mai mare decât cea de jos'

/**
 * Countries typed as ISO codes separated by commas or spaces ("de, fr it"); upper-cased, each once.
 * Empty is the rest of the world. An unknown code is refused by name.
 */
const countriesField = z.pipe(
	z.string().check(z.trim(), z.maxLength(1000, 'Lista de țări este prea lungă')),
	z.transform((value: string, payload) => {
		const codes = [
			...new Set(
				value
					.split(/[\s,;]+/)
					.filter(Boolean)
					.map((code) => code.toUpperCase()),
			),
		]
		const unknown = codes.filter((code) => !isRegionCode(code))
		if (unknown.length) {
			payload.issues.push({
				code: 'custom',
				message: `Cod de țară necunoscut: ${unknown.join(', ')}. Folosește coduri ISO din două litere (RO, ES, DE)`,
				input: value,
			})
			return z.NEVER
		}
		return codes
	}),
)

export const shippingZoneFormSchema = z.object({
	name: requiredText(100, 'Numele zonei este obligatoriu', 'Numele zonei poate avea maxim 100 de caractere'),
	countries: countriesField,
	/** '' is no threshold. */
	freeFrom: euroCents(() => null),
})

export type ShippingZoneFormValues = z.input<typeof shippingZoneFormSchema>
export type ShippingZoneInput = z.output<typeof shippingZoneFormSchema>
export const shippingZoneEditSchema = withEditStamp(shippingZoneFormSchema)
export const SHIPPING_ZONE_EDIT_FIELDS = ['name', 'countries', 'freeFrom'] as const satisfies readonly (keyof ShippingZoneInput)[]
export const emptyShippingZoneForm: ShippingZoneFormValues = { name: '', countries: '', freeFrom: '' }

const rateFields = z.object({
	zoneId: z.string().check(z.trim(), z.refine(isUuid, 'Zona este obligatorie')),
	price: euroCents((payload) => {
		payload.issues.push({ code: 'custom', message: 'Prețul livrării este obligatoriu', input: '' })
		return z.NEVER
	}),
	/** '' is from zero. */
	minSubtotal: euroCents(() => 0),
	/** '' is no upper bound. */
	maxSubtotal: euroCents(() => null),
	minWeightGrams: optionalIntegerInRange(0, SHIPPING_WEIGHT_MAX_GRAMS, WEIGHT_MESSAGE),
	maxWeightGrams: optionalIntegerInRange(1, SHIPPING_WEIGHT_MAX_GRAMS, WEIGHT_MESSAGE),
})

/** A rate: its price, and the bands of order value (euro) and weight (grams) it applies to; each upper bound above its lower one. */
export const shippingRateFormSchema = z.pipe(
	rateFields,
	z.transform((rate: z.output<typeof rateFields>, payload) => {
		const minWeightGrams = rate.minWeightGrams ?? 0
		if (rate.maxSubtotal !== null && rate.maxSubtotal <= rate.minSubtotal) {
			payload.issues.push({ code: 'custom', message: BAND_MESSAGE, input: '', path: ['maxSubtotal'] })
			return z.NEVER
		}
		if (rate.maxWeightGrams !== null && rate.maxWeightGrams <= minWeightGrams) {
			payload.issues.push({ code: 'custom', message: BAND_MESSAGE, input: '', path: ['maxWeightGrams'] })
			return z.NEVER
		}
		return { ...rate, minWeightGrams }
	}),
)

export type ShippingRateFormValues = z.input<typeof shippingRateFormSchema>
export type ShippingRateInput = z.output<typeof shippingRateFormSchema>
export const shippingRateEditSchema = withEditStamp(shippingRateFormSchema)
export const SHIPPING_RATE_EDIT_FIELDS = [
	'price',
	'minSubtotal',
	'maxSubtotal',
	'minWeightGrams',
	'maxWeightGrams',
] as const satisfies readonly (keyof ShippingRateInput)[]
export const emptyShippingRateForm = (zoneId: string): ShippingRateFormValues => ({
	zoneId,
	price: '',
	minSubtotal: '',
	maxSubtotal: '',
	minWeightGrams: '',
	maxWeightGrams: '',
})
