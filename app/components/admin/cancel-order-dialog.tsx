import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import { CANCEL_MONEY_CHOICES, type CancelMoneyChoice } from '#domain/forms/order-cancel.ts'
import { REFUND_REASON_MAX } from '#domain/forms/order-refund.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import { MONEY } from '#domain/locale-number.ts'
import { formatEuro } from '#domain/money.ts'
import { NumberInput } from '../number-input.tsx'
import type { Toast } from '#domain/toast.ts'
import { buttonSecondary, FieldError, inputClass, labelClass } from './ui.tsx'
import { useToastResult } from './use-toast-result.ts'

/**
 * Cancelling a paid order asks what happens to the money (ADR 0230): everything left refunded, part
 * of it, or kept with a reason the customer reads. It posts intent=cancel to the order dialog's
 * action; a refusal keeps the dialog open with what was typed and the field at fault.
 */
export function CancelOrderDialog({ open, onClose, paidCents }: { open: boolean; onClose: () => void; paidCents: number }) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const dialog = useRef<HTMLDialogElement>(null)
	const [money, setMoney] = useState<CancelMoneyChoice>('full')
	const busy = fetcher.state !== 'idle'
	const rejected = fetcher.data && 'errors' in fetcher.data ? fetcher.data : undefined
	const fieldError = (name: string) => rejected?.errors.fieldErrors[name]
	const typed = (name: string) => (typeof rejected?.values[name] === 'string' ? (rejected.values[name] as string) : undefined)
	const formError = rejected?.errors.formError ?? undefined

	useEffect(() => {
		const element = dialog.current
		if (!element) return
		if (open && !element.open) element.showModal()
		if (!open && element.open) element.close()
	}, [open])
	// Done: the order shows its new state behind the dialog.
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data && 'toast' in fetcher.data) onClose()
	}, [fetcher.state, fetcher.data, onClose])

	const reasonRequired = money === 'keep'
	return (
		<dialog
			ref={dialog}
			onClose={onClose}
			aria-labelledby="cancel-order-title"
			aria-describedby="cancel-order-description"
			className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/40"
		>
			{open ? (
				<fetcher.Form method="post" noValidate className="grid gap-3">
					<h2 id="cancel-order-title" className="font-serif text-xl">
						{adminT('orders.cancelTitle')}
					</h2>
					<p id="cancel-order-description" className="text-sm text-muted">
						{adminT('orders.cancelIntro', { amount: formatEuro(paidCents, 'ro') })}
					</p>
					<input type="hidden" name="intent" value="cancel" />
					<fieldset className="grid gap-1 text-sm">
						<legend className={labelClass}>{adminT('orders.cancelMoneyLegend')}</legend>
						{CANCEL_MONEY_CHOICES.map((value) => (
							<label key={value} className="flex items-center gap-1.5">
								<input type="radio" name="money" value={value} checked={money === value} onChange={() => setMoney(value)} />
								{adminT(`orders.cancelMoney.${value}`, { amount: formatEuro(paidCents, 'ro') })}
							</label>
						))}
					</fieldset>
					{money === 'amount' ? (
						<div>
							<label htmlFor="cancel-amount" className={labelClass}>
								{adminT('orders.refundAmount')}
							</label>
							<NumberInput
								id="cancel-amount"
								name="amount"
								format={MONEY}
								defaultValue={typed('amount') ?? ''}
								aria-invalid={fieldError('amount') ? true : undefined}
								aria-describedby={fieldError('amount') ? 'cancel-amount-error' : undefined}
								className={`${inputClass} max-w-40`}
							/>
							<FieldError id="cancel-amount-error" message={fieldError('amount')} />
						</div>
					) : null}
					<div>
						<label htmlFor="cancel-reason" className={labelClass}>
							{adminT(reasonRequired ? 'orders.cancelKeepReason' : 'orders.cancelRefundReasonLabel')}
						</label>
						<textarea
							id="cancel-reason"
							name="reason"
							rows={2}
							maxLength={REFUND_REASON_MAX}
							required={reasonRequired}
							defaultValue={typed('reason') ?? ''}
							aria-invalid={fieldError('reason') ? true : undefined}
							aria-describedby={fieldError('reason') ? 'cancel-reason-error' : undefined}
							className={inputClass}
						/>
						<FieldError id="cancel-reason-error" message={fieldError('reason')} />
					</div>
					<FieldError id="cancel-form-error" message={formError && !fieldError('amount') && !fieldError('reason') ? formError : undefined} />
					<div className="mt-3 flex justify-end gap-3">
						<button type="button" className={buttonSecondary} onClick={onClose}>
							{adminT('orders.cancelBack')}
						</button>
						<button
							type="submit"
							disabled={busy}
							className="inline-flex items-center rounded-full bg-red-800 px-5 py-2 text-sm font-medium text-white hover:bg-red-900 disabled:opacity-60"
						>
							{adminT('orders.cancelSubmit')}
						</button>
					</div>
				</fetcher.Form>
			) : null}
		</dialog>
	)
}
