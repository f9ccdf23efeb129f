import * as z from 'zod/mini'

/** The built-in test card page's form (messages are translation keys under testPayment). */
export const testCardSchema = z.object({
	cardNumber: z.string({ error: 'testPayment.unknownCard' }).check(
		z.overwrite((value) => value.replace(/[\s-]/g, '')),
		z.regex(/^\d{12,19}$/, 'testPayment.unknownCard'),
	),
	expiry: z.string({ error: 'testPayment.invalidExpiry' }).check(
		z.trim(),
		z.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'testPayment.invalidExpiry'),
		z.refine((value) => {
			const [month, year] = value.split('/').map((part) => Number(part.trim()))
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
