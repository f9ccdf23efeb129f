import { z } from 'zod'

/** The built-in test card page's form (messages are translation keys under testPayment). */
export const testCardSchema = z.object({
	cardNumber: z
		.string({ error: 'testPayment.unknownCard' })
		.transform((value) => value.replace(/[\s-]/g, ''))
		.pipe(z.string().regex(/^\d{12,19}$/, 'testPayment.unknownCard')),
	expiry: z
		.string({ error: 'testPayment.invalidExpiry' })
		.trim()
		.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'testPayment.invalidExpiry')
		.refine((value) => {
			const [month, year] = value.split('/').map((part) => Number(part.trim()))
			const now = new Date()
			const end = new Date(Date.UTC(2000 + year!, month!, 1))
			return end.getTime() > now.getTime()
		}, 'testPayment.invalidExpiry'),
	cvc: z.string({ error: 'testPayment.invalidCvc' }).trim().regex(/^\d{3,4}$/, 'testPayment.invalidCvc'),
	name: z.string({ error: 'testPayment.nameRequired' }).trim().min(1, 'testPayment.nameRequired').max(100, 'testPayment.nameRequired'),
})
