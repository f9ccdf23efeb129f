import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'
import type { PaymentNote } from '#domain/payment-note.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'

const badge = 'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold'

const statusColors: Record<OrderStatus, string> = {
	new: 'bg-sky-100 text-sky-900',
	processing: 'bg-amber-100 text-amber-900',
	shipped: 'bg-indigo-100 text-indigo-900',
	delivered: 'bg-green-100 text-green-900',
	cancelled: 'bg-stone-200 text-stone-800',
}

const paymentColors: Record<PaymentStatus, string> = {
	pending: 'bg-amber-100 text-amber-900',
	paid: 'bg-green-100 text-green-900',
	failed: 'bg-red-100 text-red-900',
	refunded: 'bg-stone-200 text-stone-800',
}

/** The five order statuses (Nouă, În procesare, Expediată, Livrată, Anulată). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
	return <span className={`${badge} ${statusColors[status]}`}>{adminT(`orders.statuses.${status}`)}</span>
}

/** Test money (test card page, Stripe test mode): shown beside the payment so nobody ships against it. */
export function TestModeBadge() {
	return (
		<span className={`${badge} bg-warning text-white`} title={adminT('orders.testMarkTitle')} data-testid="test-mode-badge">
			{adminT('orders.testMark')}
		</span>
	)
}

/** The four payment statuses (În așteptare, Plătită, Eșuată, Rambursată); read-only. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
	return <span className={`${badge} ${paymentColors[status]}`}>{adminT(`orders.payments.${status}`)}</span>
}

/** A delayed payment settling, or a late one owed back or refunded (ADR 0095); nothing otherwise. */
export function PaymentNoteBadge({ note }: { note: PaymentNote | null }) {
	if (!note) return null
	return (
		<span
			className={`${badge} ${note === 'refundDue' ? 'bg-red-100 text-red-900' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-300'}`}
			title={adminT(`orders.paymentNotes.${note}.title`)}
			data-payment-note={note}
		>
			{adminT(`orders.paymentNotes.${note}.label`)}
		</span>
	)
}

/** Part of a paid order given back (ADR 0115): the payment stays 'Plătită' and this says how much. */
export function PartialRefundBadge({ paymentStatus, refundedCents }: { paymentStatus: PaymentStatus; refundedCents: number }) {
	if (paymentStatus !== 'paid' || refundedCents <= 0) return null
	return (
		<span className={`${badge} bg-stone-100 text-stone-800 ring-1 ring-stone-300`} data-testid="partial-refund-badge">
			{adminT('orders.refundPartialBadge', { amount: formatEuro(refundedCents, 'ro') })}
		</span>
	)
}
