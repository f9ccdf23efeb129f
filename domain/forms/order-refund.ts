import * as z from 'zod/mini'
import { parseEuroToCents } from '../money.ts'

/**
 * The admin's refund form (ADR 0115), intent=refund of the order dialog: the whole amount left,
 * an amount in euro, or chosen lines (parallel lists lineItem[] / lineQuantity[]), with a reason.
 * Admin screens are Romanian, so the messages are Romanian.
 */
export const REFUND_MODES = ['full', 'amount', 'lines'] as const
export type RefundMode = (typeof REFUND_MODES)[number]
export const REFUND_REASON_MAX = 500

const list = z.pipe(
	z.optional(z.union([z.string(), z.array(z.string())])),
	z.transform((value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
)

export const orderRefundSchema = z.pipe(
	z.object({
		intent: z.literal('refund'),
		mode: z.enum(REFUND_MODES, { error: 'Alege ce rambursezi: tot, o sumă sau anumite produse' }),
		amount: z.optional(z.string()),
		reason: z
			.string({ error: 'Scrie motivul rambursării' })
			.check(
				z.trim(),
				z.minLength(3, 'Scrie motivul rambursării (cel puțin 3 caractere)'),
				z.maxLength(REFUND_REASON_MAX, `Motivul poate avea cel mult ${REFUND_REASON_MAX} de caractere`),
			),
		lineItem: list,
		lineQuantity: list,
	}),
	z.transform((form, ctx) => {
		const base = { intent: 'refund' as const, reason: form.reason }
		if (form.mode === 'full') return { ...base, mode: 'full' as const }
		if (form.mode === 'amount') {
			const cents = parseEuroToCents(form.amount ?? '')
			if (cents === null || cents <= 0) {
				ctx.issues.push({ code: 'custom', input: form.amount, path: ['amount'], message: 'Scrie suma de rambursat în euro, de exemplu 12,50' })
				return z.NEVER
			}
			return { ...base, mode: 'amount' as const, amountCents: cents }
		}
		const lines: { itemId: string; quantity: number }[] = []
		for (const [index, itemId] of form.lineItem.entries()) {
			const raw = (form.lineQuantity[index] ?? '').trim()
			if (raw === '' || raw === '0') continue
			if (!/^\d{1,4}$/.test(raw) || !/^[0-9a-f-]{36}$/i.test(itemId)) {
				ctx.issues.push({ code: 'custom', input: raw, path: ['lineQuantity'], message: 'Cantitatea de rambursat trebuie să fie un număr întreg' })
				return z.NEVER
			}
			lines.push({ itemId: itemId.toLowerCase(), quantity: Number(raw) })
		}
		if (lines.length === 0) {
			ctx.issues.push({ code: 'custom', input: form.lineQuantity, path: ['lineQuantity'], message: 'Alege cel puțin un produs de rambursat' })
			return z.NEVER
		}
		return { ...base, mode: 'lines' as const, lines }
	}),
)

export type OrderRefundInput = z.output<typeof orderRefundSchema>
/** What the refund service takes: the parsed form without its intent. */
export type RefundRequestInput = OrderRefundInput extends infer Form ? (Form extends OrderRefundInput ? Omit<Form, 'intent'> : never) : never
