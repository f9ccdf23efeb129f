import * as z from 'zod/mini'
import { DISCOUNT_CODE_MAX, DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, DISCOUNT_SCOPES, normaliseCode } from '../discounts.ts'
import { isUuid } from '../ids.ts'
import { formatAmount } from '../money.ts'
import { nextDay, shopDay, shopDayStart } from '../shop-calendar.ts'
import { withEditStamp } from './edit-version.ts'
import { checkboxField, euroCents, listField, optionalIntegerInRange } from './admin-fields.ts'

/**
 * The admin discount code form (ADR 0255), parsed in the browser and again by the server. Money is
 * typed the one locale-aware way ("27,50" is 27.50 €); the value is a percent for 'percent', euro for
 * 'fixed', nothing for free shipping. Dates are the shop's days (Romania's, as a sale's are): from
 * the start of the first to the end of the last, both optional.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/

const dayField = (message: string) =>
	z.pipe(
		z._default(z.optional(z.string().check(z.trim())), ''),
		z.transform((value: string, payload) => {
			if (value === '') return null
			if (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return value
			payload.issues.push({ code: 'custom', message, input: value })
			return z.NEVER
		}),
	)

/** An amount in euro that may be absent (its field shows only for some kinds) or empty: null. */
const optionalEuro = () =>
	z.pipe(
		z._default(z.optional(z.string()), ''),
		euroCents(() => null),
	)

const uuidList = (message: string) => listField(z.string().check(z.refine((value) => isUuid(value), message)), 500)

export const discountFormSchema = z
	.object({
		code: z
			.pipe(
				z
					.string({ error: 'Codul este obligatoriu' })
					.check(
						z.trim(),
						z.minLength(1, 'Codul este obligatoriu'),
						z.maxLength(DISCOUNT_CODE_MAX, `Codul poate avea maxim ${DISCOUNT_CODE_MAX} de caractere`),
					),
				z.transform((value: string) => normaliseCode(value)),
			)
			.check(z.regex(DISCOUNT_CODE_PATTERN, 'Codul poate conține doar litere, cifre, cratime și liniuțe de jos')),
		kind: z.enum(DISCOUNT_KINDS, { error: 'Alege tipul reducerii' }),
		percent: optionalIntegerInRange(1, 100, 'Procentul trebuie să fie un număr întreg între 1 și 100'),
		amount: optionalEuro(),
		minSubtotal: optionalEuro(),
		scope: z.enum(DISCOUNT_SCOPES, { error: 'Alege la ce se aplică' }),
		categoryIds: uuidList('Categoria nu este validă'),
		productIds: uuidList('Produsul nu este valid'),
		startsOn: dayField('Data de început nu este validă'),
		endsOn: dayField('Data de sfârșit nu este validă'),
		maxUses: optionalIntegerInRange(1, 1_000_000, 'Numărul de utilizări trebuie să fie un număr întreg între 1 și 1000000'),
		maxUsesPerCustomer: optionalIntegerInRange(1, 1000, 'Utilizările per client trebuie să fie un număr întreg între 1 și 1000'),
		isActive: checkboxField,
	})
	.check(
		z.refine((form) => form.kind !== 'percent' || form.percent !== null, { message: 'Procentul este obligatoriu', path: ['percent'] }),
		z.refine((form) => form.kind !== 'fixed' || (form.amount !== null && form.amount > 0), { message: 'Suma este obligatorie', path: ['amount'] }),
		z.refine((form) => form.scope !== 'categories' || form.categoryIds.length > 0, { message: 'Alege cel puțin o categorie', path: ['categoryIds'] }),
		z.refine((form) => form.scope !== 'products' || form.productIds.length > 0, { message: 'Alege cel puțin un produs', path: ['productIds'] }),
		z.refine((form) => !form.startsOn || !form.endsOn || form.startsOn <= form.endsOn, {
			message: 'Data de sfârșit trebuie să fie după data de început',
			path: ['endsOn'],
		}),
	)

export type DiscountInput = z.output<typeof discountFormSchema>

/** What the form holds while it is edited: text as typed. */
export type DiscountFormValues = {
	code: string
	kind: string
	percent: string
	amount: string
	minSubtotal: string
	scope: string
	categoryIds: string[]
	productIds: string[]
	startsOn: string
	endsOn: string
	maxUses: string
	maxUsesPerCustomer: string
	isActive: boolean
}

export const discountEditSchema = withEditStamp(discountFormSchema)

/** The fields a code's version covers: all of the form's. */
export const DISCOUNT_EDIT_FIELDS = [
	'code',
	'kind',
	'percent',
	'amount',
	'minSubtotal',
	'scope',
	'categoryIds',
	'productIds',
	'startsOn',
	'endsOn',
	'maxUses',
	'maxUsesPerCustomer',
	'isActive',
] as const satisfies readonly (keyof DiscountInput)[]

export const emptyDiscountForm: DiscountFormValues = {
	code: '',
	kind: 'percent',
	percent: '',
	amount: '',
	minSubtotal: '',
	scope: 'all',
	categoryIds: [],
	productIds: [],
	startsOn: '',
	endsOn: '',
	maxUses: '',
	maxUsesPerCustomer: '',
	isActive: true,
}

/** A stored code in the form's shape, money in Romanian ("27,50"). */
export function discountFormValues(row: {
	code: string
	kind: string
	value: number
	minSubtotalCents: number | null
	scope: string
	categoryIds: string[]
	productIds: string[]
	startsAt: Date | null
	endsAt: Date | null
	maxUses: number | null
	maxUsesPerCustomer: number | null
	isActive: boolean
}): DiscountFormValues {
	return {
		code: row.code,
		kind: row.kind,
		percent: row.kind === 'percent' ? String(row.value) : '',
		amount: row.kind === 'fixed' ? formatAmount(row.value, 'ro').replace(/\./g, '') : '',
		minSubtotal: row.minSubtotalCents === null ? '' : formatAmount(row.minSubtotalCents, 'ro').replace(/\./g, ''),
		scope: row.scope,
		categoryIds: row.categoryIds,
		productIds: row.productIds,
		startsOn: row.startsAt ? shopDay(row.startsAt) : '',
		// Stored as the moment after the last day.
		endsOn: row.endsAt ? shopDay(new Date(row.endsAt.getTime() - 1)) : '',
		maxUses: row.maxUses === null ? '' : String(row.maxUses),
		maxUsesPerCustomer: row.maxUsesPerCustomer === null ? '' : String(row.maxUsesPerCustomer),
		isActive: row.isActive,
	}
}

/** The form's output as the table's columns. */
export function discountColumns(input: DiscountInput) {
	return {
		code: input.code,
		kind: input.kind,
		value: input.kind === 'percent' ? input.percent! : input.kind === 'fixed' ? input.amount! : 0,
		minSubtotalCents: input.minSubtotal,
		scope: input.scope,
		categoryIds: input.scope === 'categories' ? input.categoryIds : [],
		productIds: input.scope === 'products' ? input.productIds : [],
		startsAt: input.startsOn ? shopDayStart(input.startsOn) : null,
		endsAt: input.endsOn ? shopDayStart(nextDay(input.endsOn)) : null,
		maxUses: input.maxUses,
		maxUsesPerCustomer: input.maxUsesPerCustomer,
		isActive: input.isActive,
	}
}
