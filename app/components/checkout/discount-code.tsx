import type { ErrorBody } from '#domain/forms/submission.ts'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import type { DiscountTerms } from '#domain/discounts.ts'
import { DISCOUNT_CODE_MAX } from '#domain/discounts.ts'

/** A code the server accepted for the cart, as the preview needs it. */
export type AcceptedDiscount = { terms: DiscountTerms; eligible: boolean[] }

type CheckAnswer = { discountCheck: { ok: true; terms: DiscountTerms; eligible: boolean[]; message: string } | ({ ok: false } & ErrorBody) }

/**
 * The discount code beside the summary (ADR 0255): "Apply" asks the checkout route whether the code
 * fits this cart and shows why not in the customer's language; an accepted code goes with the order
 * in a hidden field, where the server checks it again. The cart itself is never changed.
 */
export function DiscountCode({
	action,
	items,
	email,
	accepted,
	onChange,
	refusal,
}: {
	action: string
	items: string
	email: string
	accepted: AcceptedDiscount | null
	onChange: (accepted: AcceptedDiscount | null) => void
	/** The order's refusal of the code (it ran out, or the cart changed), to show here. */
	refusal: string | null
}) {
	const { t } = useTranslation()
	const fetcher = useFetcher<CheckAnswer>()
	const [typed, setTyped] = useState('')
	const answer = fetcher.data?.discountCheck
	const busy = fetcher.state !== 'idle'
	useEffect(() => {
		if (!answer) return
		onChange(answer.ok ? { terms: answer.terms, eligible: answer.eligible } : null)
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [answer])
	const message = refusal ?? (answer && !answer.ok ? answer.errors.formError : null)

	function apply() {
		if (!typed.trim()) return
		fetcher.submit({ intent: 'discount', discountCode: typed, items, email }, { method: 'post', action })
	}

	return (
		<div className="mt-4 border-t border-sand pt-4" data-testid="discount-code">
			<input type="hidden" name="discountCode" value={accepted?.terms.code ?? ''} />
			{accepted ? (
				<p className="flex items-center justify-between gap-2 text-sm" role="status">
					<span data-testid="discount-applied">{t('checkout.discount.applied', { code: accepted.terms.code })}</span>
					<button
						type="button"
						className="underline"
						onClick={() => {
							onChange(null)
							setTyped('')
						}}
					>
						{t('checkout.discount.remove')}
					</button>
				</p>
			) : (
				<>
					<label htmlFor="checkout-discount-code" className="block text-sm font-medium">
						{t('checkout.discount.label')}
					</label>
					<div className="mt-1 flex gap-2">
						<input
							id="checkout-discount-code"
							value={typed}
							maxLength={DISCOUNT_CODE_MAX}
							autoComplete="off"
							placeholder={t('checkout.discount.placeholder')}
							aria-invalid={message ? true : undefined}
							aria-describedby={message ? 'checkout-discount-error' : undefined}
							onChange={(event) => setTyped(event.target.value)}
							onKeyDown={(event) => {
								// Enter applies the code rather than placing the order.
								if (event.key === 'Enter') {
									event.preventDefault()
									apply()
								}
							}}
							className="min-w-0 flex-1 rounded-lg border border-muted/40 bg-white px-3 py-2 uppercase"
						/>
						<button type="button" onClick={apply} disabled={busy} className="btn-secondary px-4 py-2 text-sm">
							{busy ? t('checkout.discount.checking') : t('checkout.discount.apply')}
						</button>
					</div>
				</>
			)}
			{message ? (
				<p id="checkout-discount-error" role="alert" className="mt-2 text-sm text-danger" data-testid="discount-error">
					{message}
				</p>
			) : null}
		</div>
	)
}
