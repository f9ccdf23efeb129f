import * as z from 'zod/mini'
import { MONEY, WHOLE, numberProblemMessage, parseLocaleNumber } from '../locale-number.ts'

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
			const amount = readRefundAmount(form.amount)
			if (!amount.ok) {
				ctx.issues.push({ code: 'custom', input: form.amount, path: ['amount'], message: amount.message })
				return z.NEVER
			}
			return { ...base, mode: 'amount' as const, amountCents: amount.cents }
		}
		const lines: { itemId: string; quantity: number }[] = []
		for (const [index, itemId] of form.lineItem.entries()) {
			const raw = (form.lineQuantity[index] ?? '').trim()
			if (raw === '') continue
			const quantity = parseLocaleNumber(raw, WHOLE)
			if (quantity.ok && quantity.value === 0) continue
			if (!quantity.ok || quantity.value > 9999 || !/^[0-9a-f-]{36}$/i.test(itemId)) {
				ctx.issues.push({ code: 'custom', input: raw, path: ['lineQuantity'], message: 'Cantitatea de rambursat trebuie să fie un număr întreg' })
				return z.NEVER
			}
			const id = itemId.toLowerCase()
			// Each line once: the same line twice would refund its units twice over (ADR 0169).
			if (lines.some((line) => line.itemId === id)) {
				ctx.issues.push({ code: 'custom', input: itemId, path: ['lineQuantity'], message: 'Fiecare produs poate apărea o singură dată într-o rambursare' })
				return z.NEVER
			}
			lines.push({ itemId: id, quantity: quantity.value })
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

/** An amount of money to give back, as the admin typed it: positive cents, or why it was refused (in Romanian). */
export function readRefundAmount(typed: string | undefined): { ok: true; cents: number } | { ok: false; message: string } {
	const reading = parseLocaleNumber(typed ?? '', MONEY)
	if (reading.ok && reading.value > 0) return { ok: true, cents: reading.value }
	// Why it was refused when that helps ("27.5.0", "1.234"); otherwise how to write it.
	const why =
		!reading.ok && reading.problem !== 'empty' && reading.problem !== 'negative' ? numberProblemMessage(reading.problem, typed ?? '', MONEY, 'ro') : null
	return { ok: false, message: why ?? 'Scrie suma de rambursat în euro, de exemplu 12,50' }
}
