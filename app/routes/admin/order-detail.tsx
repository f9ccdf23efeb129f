import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { useFetcher, useLocation, useNavigate, type ClientActionFunctionArgs } from 'react-router'
import { eraseClosedOrders } from '#server/account/order-erasure.ts'
import { archiveOrder, getOrderForAdmin, restoreOrder, type AdminOrderDetail } from '#server/orders/admin-orders.ts'
import { notFound, rejectAdminSubmission, rejectEditConflict, toastResult, uuidParam } from '#server/admin/route-helpers.ts'
import { EditConflictError } from '#server/admin/edit-conflict.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { documentsOfOrders } from '#server/invoices/documents.ts'
import { eFacturaStatesOfOrder } from '#server/efactura/admin.ts'
import { readFormData } from '#server/http/request-body.ts'
import { addOrderNote, changeOrderStatus, OrderChangeInvalidError, OrderNotFoundError, setTrackingNumber } from '#server/orders/admin-changes.ts'
import { refundOrder, RefundRefusedError } from '#server/orders/refunds.ts'
import { cancelOrder } from '#server/orders/cancel-order.ts'
import { paymentDeps } from '#server/orders/test-payment.ts'
import { OrderStockShortError } from '#server/orders/order-stock.ts'
import { redirectWithToast } from '#server/toast.ts'
import { CancelOrderDialog } from '#app/components/admin/cancel-order-dialog.tsx'
import { EFacturaDetails, EFacturaRetryButton, EFacturaStateBadge } from '#app/components/admin/efactura.tsx'
import { OrderStatusBadge, PartialRefundBadge, PaymentBadge, PaymentNoteBadge, TestModeBadge } from '#app/components/admin/order-badges.tsx'
import { buttonDanger, buttonPrimary, buttonSecondary, buttonSmall, ConfirmDialog, FieldError, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { EditStampFields } from '#app/components/admin/form.tsx'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import { notify } from '#app/components/toasts.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT, adminText } from '#domain/i18n/admin.ts'
import { isUuid } from '#domain/ids.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus } from '#domain/enums.ts'
import { orderListSearch, parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { ORDER_NOTE_MAX, orderActionSchema, trackingNumberSchema } from '#domain/forms/order-update.ts'
import { orderRefundSchema, REFUND_REASON_MAX, type RefundMode } from '#domain/forms/order-refund.ts'
import { orderCancelSchema } from '#domain/forms/order-cancel.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { MONEY, WHOLE } from '#domain/locale-number.ts'
import { formatEuro } from '#domain/money.ts'
import { countryLabel } from '#domain/shipping.ts'
import type { Route } from './+types/order-detail'

export async function loader(args: Route.LoaderArgs) {
	const id = uuidParam(args.params.id).toLowerCase()
	const db = getApp(args.context).db
	const order = await getOrderForAdmin(db, id)
	if (!order) notFound()
	// Its invoice and credit notes, as PDF and as UBL for e-Factura (ADR 0118, 0119).
	const documents = (await documentsOfOrders(db, [id])).map((d) => ({ number: d.number, kind: d.kind, totalCents: d.totalCents }))
	// Each live document's state at ANAF (ADR 0160); the retry is offered when uploads are configured.
	const eFactura = { configured: getApp(args.context).eFactura !== null, documents: await eFacturaStatesOfOrder(db, id) }
	return { order, documents, eFactura }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: `${loaderData ? adminT('orders.dialogTitle', { number: `#${loaderData.order.number}` }) : adminT('orders.title')} | ${adminT('nav.title')}` },
	]
}

const FAILURE: Record<string, string> = {
	refund: adminT('messages.refundFailed'),
	cancel: adminT('messages.orderCancelFailed'),
	status: adminT('messages.orderUpdate'),
	tracking: adminT('messages.trackingUpdate'),
	archive: adminT('messages.orderDelete'),
	restore: adminT('messages.orderRestore'),
	note: adminT('messages.orderNote'),
}

/**
 * POST intent=status (status), intent=tracking (trackingNumber), intent=archive (the admin's
 * "delete"), intent=restore, intent=note (an internal note, ADR 0130), or intent=refund (its own form: mode, amount or lines, reason; ADR
 * 0115). Each writes the order history; status and tracking changes and refunds queue the
 * customer's email in the same transaction (ADR 0070).
 */
export async function action(args: Route.ActionArgs) {
	const user = guardedUser(args.context)
	const app = getApp(args.context)
	const posted = submittedValues(await readFormData(args.request))
	const intent = typeof posted.intent === 'string' ? posted.intent : ''
	const failure = FAILURE[intent] ?? adminT('messages.orderUpdate')
	// A refusal in the one shape (ADR 0101); its toast reads `title` and the message.
	const refuse = (message: string, status: number, title: string = adminT('common.error')) => rejectAdminSubmission(formError(message), posted, status, title)
	const id = args.params.id
	if (!isUuid(id)) return refuse(adminT('messages.orderNotFound'), 404, failure)
	if (intent === 'refund') return refund(args, posted, id.toLowerCase(), user.id)
	if (intent === 'cancel') return cancel(args, posted, id.toLowerCase(), user.id)
	const submission = parseSubmission(orderActionSchema, posted)
	if (!submission.ok) {
		const { errors } = submission
		return errors.fieldErrors.intent
			? refuse(failure, 400)
			: rejectAdminSubmission({ ...errors, formError: errors.formError ?? failure }, posted, 400, adminT('common.error'))
	}
	const change = submission.value
	const orderId = id.toLowerCase()
	const deps = { db: app.db, mail: app.orderMail, nudgeEmail: () => app.email.nudge() }
	try {
		if (change.intent === 'status') {
			const changed = await changeOrderStatus(deps, { orderId, status: change.status, actorUserId: user.id, version: change.version, loaded: change.loaded })
			if (!changed.changed) return toastResult({ type: 'info', title: adminT('messages.orderStatusUnchanged') })
			await eraseIfClosed(app, orderId)
			return toastResult({ type: 'success', title: adminT(changed.awaitingTracking ? 'messages.orderShippedAwaitingTracking' : 'messages.orderStatusUpdated') })
		}
		if (change.intent === 'tracking') {
			await setTrackingNumber(deps, {
				orderId,
				trackingNumber: change.trackingNumber ?? '',
				actorUserId: user.id,
				version: change.version,
				loaded: change.loaded,
			})
			return toastResult({ type: 'success', title: adminT('messages.trackingUpdated') })
		}
		if (change.intent === 'note') {
			await addOrderNote(app.db, { orderId, text: change.note, actorUserId: user.id })
			return toastResult({ type: 'success', title: adminT('messages.orderNoteAdded') })
		}
		if (change.intent === 'archive') {
			await archiveOrder(app.db, { orderId, actorUserId: user.id })
			const back = orderListSearch(parseOrderListFilters(new URL(args.request.url).searchParams))
			return redirectWithToast(app, `/admin/orders${back}`, { type: 'success', title: adminT('messages.orderDeleted') })
		}
		await restoreOrder(app.db, { orderId, actorUserId: user.id })
		return toastResult({ type: 'success', title: adminT('messages.orderRestored') })
	} catch (error) {
		if (error instanceof EditConflictError) return rejectEditConflict(error, posted)
		if (error instanceof OrderNotFoundError) return refuse(adminT('messages.orderNotFound'), 404, failure)
		if (error instanceof OrderChangeInvalidError) return refuse(error.message, 400)
		if (error instanceof OrderStockShortError) return refuse(error.message, 409, failure)
		app.log.error({ err: error, orderId, intent }, 'admin order change failed')
		return refuse(failure, 503)
	}
}

/**
 * In the browser (ADR 0126): a save the server cannot answer (database outage) keeps the dialog and
 * what was typed — a note, a refund reason — with the failed intent's message.
 */
export async function clientAction(args: ClientActionFunctionArgs) {
	const intent = (await args.request.clone().formData()).get('intent')
	return keepTypedForm(FAILURE[typeof intent === 'string' ? intent : ''] ?? adminT('messages.orderUpdate'))(args)
}

/** The refund form's action: parsed with its own schema, refused in the one shape with the field at fault. */
async function refund(args: Route.ActionArgs, posted: Record<string, unknown>, orderId: string, actorUserId: string) {
	const app = getApp(args.context)
	const failure = adminT('messages.refundFailed')
	const submission = parseSubmission(orderRefundSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted, 400)
	const { intent: _intent, ...request } = submission.value
	try {
		const done = await refundOrder(paymentDeps(app), { ...request, orderId, actorUserId })
		const amount = formatEuro(done.amountCents, 'ro')
		return toastResult({ type: 'success', title: adminT(done.status === 'succeeded' ? 'messages.refundDone' : 'messages.refundSent', { amount }) })
	} catch (error) {
		if (error instanceof OrderNotFoundError) return rejectAdminSubmission(formError(adminT('messages.orderNotFound')), posted, 404, failure)
		if (error instanceof RefundRefusedError) return rejectAdminSubmission(formError(error.message, error.field), posted, error.status, failure)
		app.log.error({ err: error, orderId }, 'admin refund failed')
		return rejectAdminSubmission(formError(failure), posted, 503, adminT('common.error'))
	}
}

/** A deleted customer's order keeps its shipping details only until now, if it is now closed. */
async function eraseIfClosed(app: ReturnType<typeof getApp>, orderId: string) {
	await eraseClosedOrders(app, { orderId }).catch((error: unknown) => app.log.warn({ err: error, orderId }, 'order erasure deferred to the periodic job'))
}

/** The cancel dialog's action (ADR 0230): what happens to a paid order's money, parsed with its own schema. */
async function cancel(args: Route.ActionArgs, posted: Record<string, unknown>, orderId: string, actorUserId: string) {
	const app = getApp(args.context)
	const failure = adminT('messages.orderCancelFailed')
	const submission = parseSubmission(orderCancelSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted, 400)
	const { intent: _intent, ...money } = submission.value
	try {
		const done = await cancelOrder(paymentDeps(app), { orderId, money, actorUserId })
		if (done.kind === 'unchanged') return toastResult({ type: 'info', title: adminT('messages.orderStatusUnchanged') })
		if (done.kind === 'underWay') return toastResult({ type: 'info', title: adminT('messages.orderCancelUnderWay') })
		if (done.kind === 'refunded' && done.status === 'pending')
			return toastResult({ type: 'success', title: adminT('messages.orderCancelRefundSent', { amount: formatEuro(done.amountCents, 'ro') }) })
		await eraseIfClosed(app, orderId)
		const title =
			done.kind === 'refunded'
				? adminT('messages.orderCancelledRefunded', { amount: formatEuro(done.amountCents, 'ro') })
				: adminT(done.money === 'kept' ? 'messages.orderCancelledKept' : 'messages.orderStatusUpdated')
		return toastResult({ type: 'success', title })
	} catch (error) {
		if (error instanceof OrderNotFoundError) return rejectAdminSubmission(formError(adminT('messages.orderNotFound')), posted, 404, failure)
		if (error instanceof RefundRefusedError) return rejectAdminSubmission(formError(error.message, error.field), posted, error.status, failure)
		app.log.error({ err: error, orderId }, 'admin cancellation failed')
		return rejectAdminSubmission(formError(failure), posted, 503, adminT('common.error'))
	}
}

function describe(entry: AdminOrderDetail['history'][number]) {
	if (entry.action === 'note') return adminT('orders.historyActions.note', { text: String((entry.details as { text?: unknown }).text ?? '') })
	const details = entry.details as { from?: unknown; to?: unknown }
	const status = (value: unknown) =>
		ORDER_STATUSES.includes(value as OrderStatus) ? adminT(`orders.statuses.${value as OrderStatus}`) : String(value ?? adminT('orders.noValue'))
	const tracking = (value: unknown) => (typeof value === 'string' && value !== '' ? value : adminT('orders.noValue'))
	const shown = entry.action === 'status_changed' ? status : entry.action === 'tracking_changed' ? tracking : null
	const { amountCents: amount, reason, money } = entry.details as { amountCents?: unknown; reason?: unknown; money?: unknown }
	const values: Record<string, string> | undefined = shown
		? { from: shown(details.from), to: shown(details.to) }
		: typeof amount === 'number'
			? { amount: formatEuro(amount, 'ro'), reason: typeof reason === 'string' ? reason : '' }
			: undefined
	const text = adminText(`orders.historyActions.${entry.action}`, values) ?? entry.action
	// A paid order's cancellation says what became of the money, and why it was kept (ADR 0230).
	const moneyNote =
		entry.action === 'status_changed' && (money === 'kept' || money === 'refunded') && typeof amount === 'number'
			? adminT(`orders.historyCancelMoney.${money}`, { amount: formatEuro(amount, 'ro'), reason: typeof reason === 'string' ? reason : '' })
			: null
	return moneyNote ? `${text}\n${moneyNote}` : text
}

function actorLabel(entry: AdminOrderDetail['history'][number]) {
	if (entry.actor) return entry.actor
	return entry.action === 'created' ? adminT('orders.actorCustomer') : adminT('orders.actorSystem')
}

type Item = AdminOrderDetail['items'][number]

const HIDDEN_OPTIONS = new Set(['uploadId', 'uploadedImage'])

function optionValue(key: string, value: unknown) {
	if (typeof value === 'boolean') return value ? adminT('orders.yes') : adminT('orders.no')
	const frame = key === 'frame' && typeof value === 'string' ? adminText(`orders.frames.${value}`) : undefined
	if (frame) return frame
	if (key === 'dimension' && typeof value === 'string') return `${value} cm`
	return value === null || value === undefined || value === '' ? adminT('orders.noValue') : String(value)
}

function ItemOptions({ item }: { item: Item }) {
	const entries = Object.entries(item.options).filter(([key]) => !HIDDEN_OPTIONS.has(key))
	if (entries.length === 0) return null
	return (
		<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted">
			{entries.map(([key, value]) => (
				<div key={key} className="contents">
					<dt>{adminText(`orders.portraitOptions.${key}`) ?? key}</dt>
					<dd className="break-words text-ink">{optionValue(key, value)}</dd>
				</div>
			))}
		</dl>
	)
}

/** Fetches the photo and saves it under the order's file name, with the spec's toasts. */
function PhotoDownload({ url, previewUrl, fileName, itemName }: { url: string; previewUrl: string; fileName: string; itemName: string }) {
	const [busy, setBusy] = useState(false)
	async function download(event: MouseEvent<HTMLAnchorElement>) {
		event.preventDefault()
		setBusy(true)
		try {
			const response = await fetch(url, { credentials: 'same-origin' })
			if (!response.ok) throw new Error(`photo download answered ${response.status}`)
			const href = URL.createObjectURL(await response.blob())
			const link = document.createElement('a')
			link.href = href
			link.download = fileName
			document.body.append(link)
			link.click()
			link.remove()
			setTimeout(() => URL.revokeObjectURL(href), 30_000)
			notify({ type: 'success', title: adminT('messages.imageDownloaded') })
		} catch {
			notify({ type: 'error', title: adminT('common.error'), description: adminT('messages.imageDownload') })
		} finally {
			setBusy(false)
		}
	}
	return (
		<div className="mt-2 flex flex-wrap items-center gap-3">
			<img src={previewUrl} alt={adminT('orders.photoAlt', { name: itemName })} width={64} height={64} className="size-16 rounded object-cover" />
			<a href={url} download={fileName} onClick={download} aria-busy={busy} className={buttonSmall}>
				{adminT('orders.downloadPhoto')}
			</a>
		</div>
	)
}

/** What the dialog's status and tracking forms loaded (ADR 0225). */
const orderEditValues = (order: AdminOrderDetail) => ({ status: order.status, trackingNumber: order.trackingNumber ?? '' })

function StatusForm({ order }: { order: AdminOrderDetail }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const busy = fetcher.state !== 'idle'
	const [cancelling, setCancelling] = useState(false)
	const closeCancel = useCallback(() => setCancelling(false), [])
	// A paid order is cancelled through the dialog that asks what happens to the money (ADR 0230).
	const asksAboutMoney = order.status !== 'cancelled' && order.refundableCents > 0
	return (
		<>
			<fetcher.Form
				method="post"
				className="flex flex-wrap items-end gap-2"
				onSubmit={(event) => {
					if (asksAboutMoney && new FormData(event.currentTarget).get('status') === 'cancelled') {
						event.preventDefault()
						setCancelling(true)
					}
				}}
			>
				<input type="hidden" name="intent" value="status" />
				<EditStampFields version={order.version} loaded={orderEditValues(order)} answer={fetcher.data} />
				<div className="min-w-44 flex-1">
					<label htmlFor="order-status-select" className={labelClass}>
						{adminT('orders.changeStatus')}
					</label>
					<select id="order-status-select" name="status" defaultValue={order.status} key={order.status} className={inputClass}>
						{ORDER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{adminT(`orders.statuses.${status}`)}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className={buttonPrimary} disabled={busy}>
					{adminT('orders.saveStatus')}
				</button>
			</fetcher.Form>
			<CancelOrderDialog open={cancelling} onClose={closeCancel} paidCents={order.refundableCents} />
		</>
	)
}

function TrackingForm({ order }: { order: AdminOrderDetail }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [error, setError] = useState<string>()
	const busy = fetcher.state !== 'idle'
	return (
		<fetcher.Form
			method="post"
			noValidate
			className="flex flex-wrap items-start gap-2"
			onSubmit={(event) => {
				const value = new FormData(event.currentTarget).get('trackingNumber')
				const parsed = trackingNumberSchema.safeParse(typeof value === 'string' ? value : '')
				if (!parsed.success) {
					event.preventDefault()
					const message = parsed.error.issues[0]!.message
					setError(message)
					notify({ type: 'error', title: adminT('common.error'), description: message })
				} else setError(undefined)
			}}
		>
			<input type="hidden" name="intent" value="tracking" />
			<EditStampFields version={order.version} loaded={orderEditValues(order)} answer={fetcher.data} />
			<div className="min-w-44 flex-1">
				<label htmlFor="order-tracking" className={labelClass}>
					{adminT('orders.trackingLabel')}
				</label>
				<input
					id="order-tracking"
					name="trackingNumber"
					defaultValue={order.trackingNumber ?? ''}
					key={order.trackingNumber ?? ''}
					autoComplete="off"
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'order-tracking-error' : undefined}
					className={inputClass}
				/>
				<FieldError id="order-tracking-error" message={error} />
			</div>
			<button type="submit" className={`${buttonPrimary} sm:mt-6`} disabled={busy}>
				{adminT('orders.saveTracking')}
			</button>
		</fetcher.Form>
	)
}

/** The refunds of an order: a form while it is paid and something is left, then what was refunded. */
function RefundSection({ order }: { order: AdminOrderDetail }) {
	return (
		<section aria-labelledby="order-refund" className="mt-6">
			<h3 id="order-refund" className="text-lg font-semibold">
				{adminT('orders.refundTitle')}
			</h3>
			{order.paymentStatus === 'refunded' ? (
				<p className="mt-2 text-sm">{adminT('orders.refundNothingLeft')}</p>
			) : order.paymentStatus !== 'paid' ? (
				<p className="mt-2 text-sm text-muted">{adminT('orders.refundNotPaid')}</p>
			) : (
				<RefundForm order={order} />
			)}
			<RefundList refunds={order.refunds} />
		</section>
	)
}

/** A refund of the whole, an amount or some lines, with its reason, confirmed before it is sent. */
function RefundForm({ order }: { order: AdminOrderDetail }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [mode, setMode] = useState<RefundMode>('full')
	const [confirming, setConfirming] = useState(false)
	const form = useRef<HTMLFormElement>(null)
	const busy = fetcher.state !== 'idle'
	const rejected = fetcher.data && 'errors' in fetcher.data ? fetcher.data : undefined
	const fieldError = (name: string) => rejected?.errors.fieldErrors[name]
	const typed = (name: string) => (typeof rejected?.values[name] === 'string' ? (rejected.values[name] as string) : undefined)
	const refundable = order.items.filter((item) => item.quantity > item.refundedQuantity)
	const summary = adminT('orders.refundSummary', {
		refunded: formatEuro(order.refundedCents, 'ro'),
		total: formatEuro(order.totalCents, 'ro'),
		left: formatEuro(order.refundableCents, 'ro'),
	})
	return (
		<>
			<p className="mt-2 text-sm" data-testid="refund-summary">
				{summary}
			</p>
			<fetcher.Form
				ref={form}
				method="post"
				noValidate
				className="mt-3 grid gap-3"
				onSubmit={(event) => {
					// The confirmation asks first; its button submits for real.
					if (!confirming) {
						event.preventDefault()
						setConfirming(true)
					}
				}}
			>
				<input type="hidden" name="intent" value="refund" />
				<fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
					<legend className={labelClass}>{adminT('orders.refundMode')}</legend>
					{(['full', 'amount', 'lines'] as const).map((value) => (
						<label key={value} className="flex items-center gap-1.5">
							<input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
							{adminT(`orders.refundModes.${value}`, { amount: formatEuro(order.refundableCents, 'ro') })}
						</label>
					))}
				</fieldset>
				{mode === 'amount' ? <RefundAmountField typed={typed('amount')} error={fieldError('amount')} /> : null}
				{mode === 'lines' ? <RefundLineFields items={refundable} error={fieldError('lineQuantity')} /> : null}
				<div>
					<label htmlFor="refund-reason" className={labelClass}>
						{adminT('orders.refundReason')}
					</label>
					<textarea
						id="refund-reason"
						name="reason"
						rows={2}
						maxLength={REFUND_REASON_MAX}
						defaultValue={typed('reason') ?? ''}
						aria-invalid={fieldError('reason') ? true : undefined}
						aria-describedby={fieldError('reason') ? 'refund-reason-error' : undefined}
						className={inputClass}
					/>
					<FieldError id="refund-reason-error" message={fieldError('reason')} />
				</div>
				<div>
					<button type="submit" className={buttonDanger} disabled={busy || order.refundUnderWay}>
						{adminT('orders.refundSubmit')}
					</button>
				</div>
			</fetcher.Form>
			<ConfirmDialog
				open={confirming}
				title={adminT('orders.refundConfirmTitle')}
				description={adminT('orders.refundConfirm')}
				confirmLabel={adminT('orders.refundSubmit')}
				onClose={() => setConfirming(false)}
				onConfirm={() => {
					if (form.current) fetcher.submit(form.current)
					setConfirming(false)
				}}
			/>
		</>
	)
}

/** The amount to give back, in euro through the one number input. */
function RefundAmountField({ typed, error }: { typed: string | undefined; error: string | undefined }) {
	return (
		<div>
			<label htmlFor="refund-amount" className={labelClass}>
				{adminT('orders.refundAmount')}
			</label>
			<NumberInput
				id="refund-amount"
				name="amount"
				format={MONEY}
				defaultValue={typed ?? ''}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? 'refund-amount-error' : undefined}
				className={`${inputClass} max-w-40`}
			/>
			<FieldError id="refund-amount-error" message={error} />
		</div>
	)
}

/** How many of each line not yet refunded to give back. */
function RefundLineFields({ items, error }: { items: AdminOrderDetail['items']; error: string | undefined }) {
	return (
		<div className="grid gap-2">
			{items.map((item) => (
				<div key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
					<input type="hidden" name="lineItem[]" value={item.id} />
					<label htmlFor={`refund-line-${item.id}`} className="min-w-0 flex-1">
						{adminT('orders.refundLineQuantity', { name: item.name, max: item.quantity - item.refundedQuantity })}
					</label>
					<NumberInput id={`refund-line-${item.id}`} name="lineQuantity[]" format={WHOLE} defaultValue={0} className={`${inputClass} w-24`} />
				</div>
			))}
			<FieldError id="refund-lines-error" message={error} />
		</div>
	)
}

/** The refunds made so far, newest last, with who made them and how each ended. */
function RefundList({ refunds }: { refunds: AdminOrderDetail['refunds'] }) {
	if (!refunds.length) return null
	return (
		<div className="mt-3">
			<h4 className="text-sm font-semibold">{adminT('orders.refundsList')}</h4>
			<ul className="mt-1 divide-y divide-sand rounded-lg border border-sand text-sm" data-testid="refunds">
				{refunds.map((refund) => (
					<li key={refund.id} className="flex flex-wrap justify-between gap-2 p-2">
						<span className="min-w-0 flex-1 break-words">
							{formatAdminDateTime(refund.createdAt)} · {refund.reason}
							{refund.actor ? ` · ${adminT('orders.refundBy', { who: refund.actor })}` : ''}
							{refund.failureMessage ? ` · ${refund.failureMessage}` : ''}
						</span>
						<span className="whitespace-nowrap font-medium">
							{formatEuro(refund.amountCents, 'ro')} · {adminT(`orders.refundStatuses.${refund.status}`)}
						</span>
					</li>
				))}
			</ul>
		</div>
	)
}

/** An internal note (ADR 0130): kept in the history below with its author and time; never shown to the customer. */
function NoteForm() {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const form = useRef<HTMLFormElement>(null)
	const busy = fetcher.state !== 'idle'
	const rejected = fetcher.data && 'errors' in fetcher.data ? fetcher.data : undefined
	const error = rejected?.errors.fieldErrors.note ?? rejected?.errors.formError ?? undefined
	// A saved note empties the box for the next one.
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data && !('errors' in fetcher.data)) form.current?.reset()
	}, [fetcher.state, fetcher.data])
	return (
		<fetcher.Form ref={form} method="post" className="mt-2 grid gap-2">
			<input type="hidden" name="intent" value="note" />
			<div>
				<label htmlFor="order-note" className={labelClass}>
					{adminT('orders.noteLabel')}
				</label>
				<p id="order-note-hint" className="text-xs text-muted">
					{adminT('orders.noteHint')}
				</p>
				<textarea
					id="order-note"
					name="note"
					rows={2}
					maxLength={ORDER_NOTE_MAX}
					defaultValue={rejected && typeof rejected.values.note === 'string' ? rejected.values.note : ''}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'order-note-hint order-note-error' : 'order-note-hint'}
					className={inputClass}
				/>
				<FieldError id="order-note-error" message={error} />
			</div>
			<div>
				<button type="submit" className={buttonSecondary} disabled={busy}>
					{adminT('orders.addNote')}
				</button>
			</div>
		</fetcher.Form>
	)
}

function ArchiveControls({ order }: { order: AdminOrderDetail }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const busy = fetcher.state !== 'idle'
	if (order.archived) {
		return (
			<fetcher.Form method="post">
				<input type="hidden" name="intent" value="restore" />
				<button type="submit" className={buttonSecondary} disabled={busy}>
					{adminT('orders.restoreOrder')}
				</button>
			</fetcher.Form>
		)
	}
	return (
		<>
			<button type="button" className={buttonDanger} disabled={busy} onClick={() => setConfirming(true)}>
				{adminT('orders.deleteOrder')}
			</button>
			<ConfirmDialog
				open={confirming}
				description={adminT('orders.deleteConfirm')}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent: 'archive' }, { method: 'post' })}
			/>
		</>
	)
}

/** A document's state at ANAF under its links: badge, ANAF's messages, retry and its signed answer (ADR 0160). */
function EFacturaOfDocument({ number, eFactura }: { number: string; eFactura: Route.ComponentProps['loaderData']['eFactura'] }) {
	const shown = eFactura.documents.find((document) => document.number === number)
	if (!shown) return null
	return (
		<div className="mt-1 w-full rounded-lg border border-sand p-2" data-testid="order-efactura">
			<div className="flex flex-wrap items-center gap-2">
				<span className="text-xs font-medium">{adminT('efactura.orderTitle')}</span>
				<EFacturaStateBadge state={shown.state} late={shown.late} deadline={shown.deadline} />
				{eFactura.configured && shown.canRetry ? <EFacturaRetryButton invoiceId={shown.invoiceId} number={shown.number} state={shown.state} /> : null}
				{shown.hasAnswer ? (
					<a
						href={`/admin/efactura/${shown.number}.zip`}
						download
						className="text-xs underline"
						aria-label={adminT('efactura.answerLabel', { number: shown.number })}
					>
						{adminT('efactura.answer')}
					</a>
				) : null}
			</div>
			<EFacturaDetails document={shown} />
		</div>
	)
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
	const { order, documents, eFactura } = loaderData
	const dialog = useRef<HTMLDialogElement>(null)
	const navigate = useNavigate()
	const location = useLocation()

	useEffect(() => {
		const element = dialog.current
		if (element && !element.open) element.showModal()
	}, [])

	const close = () => navigate(`/admin/orders${location.search}`, { preventScrollReset: true })
	const title = adminT('orders.dialogTitle', { number: `#${order.number}` })

	return (
		<dialog
			ref={dialog}
			onClose={(event) => {
				// A nested dialog (the delete confirmation) closing reaches this handler too.
				if (event.target === event.currentTarget) close()
			}}
			aria-labelledby="order-dialog-title"
			className="m-auto max-h-[calc(100dvh-1rem)] w-[min(52rem,calc(100vw-1rem))] overflow-y-auto rounded-2xl bg-white p-4 text-ink shadow-xl backdrop:bg-ink/40 sm:p-6"
		>
			<div className="flex items-start justify-between gap-3">
				<div>
					<h2 id="order-dialog-title" className="font-serif text-2xl">
						{title}
					</h2>
					<p className="mt-1 text-sm text-muted">{adminT('orders.placedOn', { date: formatAdminDateTime(order.createdAt) })}</p>
					<p className="mt-2 flex flex-wrap gap-2">
						<OrderStatusBadge status={order.status} />
						<PaymentBadge status={PAYMENT_STATUSES.includes(order.paymentStatus) ? order.paymentStatus : 'pending'} />
						<PartialRefundBadge paymentStatus={order.paymentStatus} refundedCents={order.refundedCents} />
						<PaymentNoteBadge note={order.paymentNote} />
						{order.testMode ? <TestModeBadge /> : null}
						{order.archived ? (
							<span className="inline-block rounded-full bg-stone-700 px-2.5 py-0.5 text-xs font-semibold text-white">{adminT('orders.archivedBadge')}</span>
						) : null}
					</p>
				</div>
				<button type="button" className={buttonSmall} onClick={() => dialog.current?.close()}>
					{adminT('orders.close')}
				</button>
			</div>

			{order.archived ? <p className="mt-4 rounded-lg bg-stone-100 p-3 text-sm">{adminT('orders.archivedNotice')}</p> : null}
			{order.uncheckedVatNumber ? (
				<p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="unchecked-vat-number">
					{adminT('orders.uncheckedVatNumber', {
						vatNumber: order.uncheckedVatNumber.vatNumber,
						date: formatAdminDateTime(order.uncheckedVatNumber.checkedAt),
					})}
				</p>
			) : null}
			{order.erasurePending ? (
				<p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="erasure-pending">
					{adminT('orders.erasurePendingNotice')}
				</p>
			) : null}

			<div className="mt-6 grid gap-4 md:grid-cols-2">
				<StatusForm order={order} />
				<TrackingForm order={order} />
			</div>

			<CustomerSection order={order} />

			{documents.length ? <DocumentsSection documents={documents} eFactura={eFactura} /> : null}

			<ItemsSection order={order} />

			<RefundSection order={order} />

			<HistorySection order={order} />

			<div className="mt-6 flex flex-wrap justify-between gap-3 border-t border-sand pt-4">
				<ArchiveControls order={order} />
				<button type="button" className={buttonSecondary} onClick={() => dialog.current?.close()}>
					{adminT('orders.close')}
				</button>
			</div>
		</dialog>
	)
}

type OrderDetailData = Route.ComponentProps['loaderData']

/** Who ordered and where it goes. */
function CustomerSection({ order }: { order: OrderDetailData['order'] }) {
	const a = order.shippingAddress
	const customer: [string, string][] = [
		[adminT('orders.fullName'), a.fullName],
		[adminT('orders.email'), order.email],
		[adminT('orders.phone'), a.phone],
		[adminT('orders.address'), a.address],
		[adminT('orders.city'), a.city],
		[adminT('orders.postalCode'), a.postalCode],
		// A code, or an older order's Romanian name (ADR 0102), as the admin reads it.
		[adminT('orders.country'), countryLabel(a.country, 'ro')],
		[adminT('orders.notes'), a.notes || adminT('orders.noValue')],
	]
	return (
		<section aria-labelledby="order-customer" className="mt-6">
			<h3 id="order-customer" className="text-lg font-semibold">
				{adminT('orders.customer')}
			</h3>
			<dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
				{customer.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-muted">{label}</dt>
						<dd className="mb-1 break-words sm:mb-0">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

/** The order's invoice and credit notes, with their files and their state at ANAF. */
function DocumentsSection({ documents, eFactura }: Pick<OrderDetailData, 'documents' | 'eFactura'>) {
	return (
		<section aria-labelledby="order-invoices" className="mt-6">
			<h3 id="order-invoices" className="text-lg font-semibold">
				{adminT('orders.invoices')}
			</h3>
			<ul className="mt-2 space-y-1 text-sm">
				{documents.map((document) => (
					<li key={document.number} className="flex flex-wrap items-baseline gap-x-3" data-testid="admin-invoice">
						<span>
							{adminT(document.kind === 'invoice' ? 'orders.invoiceKind' : 'orders.creditNoteKind')} <span className="font-mono">{document.number}</span> ·{' '}
							{formatEuro(document.totalCents, 'ro')}
						</span>
						<a href={`/admin/invoices/${document.number}.pdf`} download className="underline">
							PDF
						</a>
						<a href={`/admin/invoices/${document.number}.xml`} download className="underline" title={adminT('orders.invoiceXmlTitle')}>
							XML e-Factura
						</a>
						<EFacturaOfDocument number={document.number} eFactura={eFactura} />
					</li>
				))}
			</ul>
		</section>
	)
}

/** What was bought, each line with its options and photo, and the order's totals. */
function ItemsSection({ order }: { order: OrderDetailData['order'] }) {
	return (
		<section aria-labelledby="order-items" className="mt-6">
			<h3 id="order-items" className="text-lg font-semibold">
				{adminT('orders.items')}
			</h3>
			<ul className="mt-2 divide-y divide-sand rounded-lg border border-sand">
				{order.items.map((item) => (
					<li key={item.id} className="flex flex-wrap justify-between gap-3 p-3 text-sm">
						<div className="min-w-0 flex-1">
							<p className="font-medium">{item.name}</p>
							<ItemOptions item={item} />
							{item.photo ? (
								<div className="mt-2">
									<p className="text-xs font-medium">{adminT('orders.photo')}</p>
									<PhotoDownload url={item.photo.url} previewUrl={item.photo.previewUrl} fileName={item.photo.fileName} itemName={item.name} />
								</div>
							) : item.isPortrait ? (
								<p className="mt-2 text-xs text-muted">{adminT('orders.photoMissing')}</p>
							) : null}
						</div>
						<div className="text-right whitespace-nowrap">
							<p>
								{item.quantity} × {formatEuro(item.unitPriceCents, 'ro')}
							</p>
							<p className="font-medium">{formatEuro(item.unitPriceCents * item.quantity, 'ro')}</p>
						</div>
					</li>
				))}
			</ul>
			<dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
				<dt className="text-muted">{adminT('orders.subtotal')}</dt>
				<dd className="text-right">{formatEuro(order.subtotalCents, 'ro')}</dd>
				<dt className="text-muted">{adminT('orders.shipping')}</dt>
				<dd className="text-right">{order.shippingCents === 0 ? adminT('orders.freeShipping') : formatEuro(order.shippingCents, 'ro')}</dd>
				{order.discountCents > 0 ? (
					<>
						<dt className="text-muted">{adminT('orders.discount', { code: order.discountCode ?? '' })}</dt>
						<dd className="text-right" data-testid="order-discount">
							−{formatEuro(order.discountCents, 'ro')}
						</dd>
					</>
				) : null}
				<dt className="font-semibold">{adminT('orders.total')}</dt>
				<dd className="text-right font-semibold" data-testid="order-total">
					{formatEuro(order.totalCents, 'ro')}
				</dd>
			</dl>
		</section>
	)
}

/** Everything that happened to the order, newest last, and the owner's notes. */
function HistorySection({ order }: { order: OrderDetailData['order'] }) {
	return (
		<section aria-labelledby="order-history" className="mt-6">
			<h3 id="order-history" className="text-lg font-semibold">
				{adminT('orders.history')}
			</h3>
			<NoteForm />
			{/* Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
			<div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="order-history">
				{/* On a phone each entry stacks (when · who, then what), as the admin lists' cards do (ADR 0103). */}
				<table className="w-full text-left text-sm max-sm:block">
					<thead className="text-xs uppercase tracking-wide text-muted max-sm:sr-only">
						<tr>
							<th scope="col" className="py-1 pr-3">
								{adminT('orders.historyWhen')}
							</th>
							<th scope="col" className="py-1 pr-3">
								{adminT('orders.historyWho')}
							</th>
							<th scope="col" className="py-1">
								{adminT('orders.historyWhat')}
							</th>
						</tr>
					</thead>
					<tbody className="max-sm:block">
						{order.history.map((entry) => (
							<tr
								key={entry.id}
								className={`border-t border-sand/70 align-top max-sm:block max-sm:py-1.5 ${entry.action === 'note' ? 'bg-amber-50 max-sm:px-2' : ''}`}
							>
								<td className="py-1 pr-3 whitespace-nowrap max-sm:inline max-sm:py-0 max-sm:text-xs max-sm:text-muted">
									{formatAdminDateTime(entry.createdAt)}
								</td>
								<td className="max-w-48 py-1 pr-3 break-words max-sm:inline max-sm:max-w-none max-sm:py-0 max-sm:text-xs max-sm:text-muted max-sm:before:content-['·_']">
									{actorLabel(entry)}
								</td>
								<td className="py-1 break-words whitespace-pre-line max-sm:block max-sm:py-0">{describe(entry)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	)
}
