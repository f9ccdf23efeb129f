import * as z from 'zod/mini'
import { readRefundAmount, REFUND_REASON_MAX } from './order-refund.ts'

/**
 * Cancelling a paid order (intent=cancel of the order dialog): what happens to the customer's money.
 * `full` refunds what is left of the payment, `amount` refunds part of it (in euro), `keep` keeps it
 * and needs a reason (work already done on a made-to-order piece, say). A refund's reason is
 * optional: without one the refund is recorded as the cancellation's. Romanian, like the admin.
 */
export const CANCEL_MONEY_CHOICES = ['full', 'amount', 'keep'] as const
export type CancelMoneyChoice = (typeof CANCEL_MONEY_CHOICES)[number]

const REASON_TOO_LONG = `Motivul poate avea cel mult ${REFUND_REASON_MAX} de caractere`

export const orderCancelSchema = z.pipe(
	z.object({
		intent: z.literal('cancel'),
		money: z.enum(CANCEL_MONEY_CHOICES, { error: 'Alege ce se întâmplă cu banii: rambursare integrală, parțială sau îi păstrezi' }),
		amount: z.optional(z.string()),
		reason: z.optional(z.string().check(z.trim(), z.maxLength(REFUND_REASON_MAX, REASON_TOO_LONG))),
	}),
	z.transform((form, ctx) => {
		const reason = form.reason ?? ''
		if (form.money === 'keep') {
			if (reason.length < 3) {
				ctx.issues.push({ code: 'custom', input: form.reason, path: ['reason'], message: 'Scrie de ce păstrezi banii (cel puțin 3 caractere)' })
				return z.NEVER
			}
			return { intent: 'cancel' as const, money: 'keep' as const, reason }
		}
		if (form.money === 'amount') {
			const amount = readRefundAmount(form.amount)
			if (!amount.ok) {
				ctx.issues.push({ code: 'custom', input: form.amount, path: ['amount'], message: amount.message })
				return z.NEVER
			}
			return { intent: 'cancel' as const, money: 'amount' as const, amountCents: amount.cents, reason }
		}
		return { intent: 'cancel' as const, money: 'full' as const, reason }
	}),
)

export type OrderCancelInput = z.output<typeof orderCancelSchema>
/** What the cancellation service takes: the parsed form without its intent. */
export type CancelMoneyInput = OrderCancelInput extends infer Form ? (Form extends OrderCancelInput ? Omit<Form, 'intent'> : never) : never
