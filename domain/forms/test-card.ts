import * as z from 'zod/mini'

/** `MM/YY` from what a person typed, or the input unchanged when it is no expiry at all. */
export function normalizeExpiry(typed: string): string {
	const compact = typed.replace(/[\s/.-]/g, '')
	const separated = /^(\d{1,2})[\s/.-]+(\d{2}|\d{4})$/.exec(typed.trim())
	const [month, year] = separated ? [separated[1]!, separated[2]!] : /^\d{4}$|^\d{6}$/.test(compact) ? [compact.slice(0, 2), compact.slice(2)] : [null, null]
	if (month === null || year === null) return typed.trim()
	if (year.length === 4 && !year.startsWith('20')) return typed.trim()
	return `${month.padStart(2, '0')}/${year.slice(-2)}`
}

/** The built-in test card page's form (messages are translation keys under testPayment). */
export const testCardSchema = z.object({
	cardNumber: z.string({ error: 'testPayment.unknownCard' }).check(
		z.overwrite((value) => value.replace(/[\s-]/g, '')),
		z.regex(/^\d{12,19}$/, 'testPayment.unknownCard'),
	),
	// Written the ways card forms accept it: 12/34, 12 / 34, 1234, 12-34, 12/2034 or 1/34.
	expiry: z.string({ error: 'testPayment.invalidExpiry' }).check(
		z.overwrite((value) => normalizeExpiry(value)),
		z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'testPayment.invalidExpiry'),
		z.refine((value) => {
			const [month, year] = value.split('/').map(Number)
			const end = new Date(Date.UTC(2000 + year!, month!, 1))
			return end.getTime() > Date.now()
		}, 'testPayment.invalidExpiry'),
	),
	cvc: z.string({ error: 'testPayment.invalidCvc' }).check(z.trim(), z.regex(/^\d{3,4}$/, 'testPayment.invalidCvc')),
	name: z
		.string({ error: 'testPayment.nameRequired' })
		.check(z.trim(), z.minLength(1, 'testPayment.nameRequired'), z.maxLength(100, 'testPayment.nameRequired')),
})

export type TestCardInput = z.output<typeof testCardSchema>
