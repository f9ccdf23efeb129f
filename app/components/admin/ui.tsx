import { useEffect, useRef, type ReactNode } from 'react'
import { adminT } from '#domain/i18n/admin.ts'

export const buttonPrimary =
	'inline-flex items-center justify-center gap-2 rounded-full bg-clay-dark px-5 py-2 text-sm font-medium text-white hover:bg-ink disabled:opacity-60'
export const buttonSecondary =
	'inline-flex items-center justify-center gap-2 rounded-full border border-clay-dark px-5 py-2 text-sm font-medium text-clay-dark hover:bg-white disabled:opacity-60'
export const buttonSmall =
	'inline-flex items-center rounded-md border border-muted/40 bg-white px-2.5 py-1 text-xs font-medium hover:border-clay-dark disabled:opacity-60'
export const buttonDanger =
	'inline-flex items-center rounded-md border border-red-800 bg-white px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-60'
export const inputClass = 'mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-700'
export const labelClass = 'block text-sm font-medium'

export function StatusBadge({ active, on, off }: { active: boolean; on: string; off: string }) {
	return (
		<span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800'}`}>
			{active ? on : off}
		</span>
	)
}

export function Spinner({ label = adminT('common.loading') }: { label?: string }) {
	return (
		<div role="status" className="flex items-center justify-center gap-3 py-12 text-muted">
			<span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-clay-dark border-t-transparent" />
			<span>{label}</span>
		</div>
	)
}

export function FieldError({ id, message }: { id: string; message?: string }) {
	return message ? (
		<p id={id} className="mt-1 text-sm text-red-800">
			{message}
		</p>
	) : null
}

/**
 * A modal confirmation (native <dialog>: focus is trapped and Escape cancels). Opened by setting
 * `open`; the caller acts in onConfirm.
 */
export function ConfirmDialog({
	open,
	title = adminT('common.areYouSure'),
	description,
	confirmLabel = adminT('common.delete'),
	onConfirm,
	onClose,
	children,
}: {
	open: boolean
	title?: string
	description?: ReactNode
	confirmLabel?: string
	onConfirm: () => void
	onClose: () => void
	/** More of the question (choices to make before confirming), below the description. */
	children?: ReactNode
}) {
	const dialog = useRef<HTMLDialogElement>(null)
	useEffect(() => {
		const element = dialog.current
		if (!element) return
		if (open && !element.open) element.showModal()
		if (!open && element.open) element.close()
	}, [open])
	return (
		<dialog
			ref={dialog}
			onClose={onClose}
			aria-labelledby="confirm-title"
			aria-describedby={description ? 'confirm-description' : undefined}
			className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/40"
		>
			{open ? (
				<>
					<h2 id="confirm-title" className="font-serif text-xl">
						{title}
					</h2>
					{description ? (
						<p id="confirm-description" className="mt-2 text-sm text-muted">
							{description}
						</p>
					) : null}
					{children}
					<div className="mt-6 flex justify-end gap-3">
						<button type="button" className={buttonSecondary} onClick={onClose} autoFocus>
							{adminT('common.cancel')}
						</button>
						<button
							type="button"
							className="inline-flex items-center rounded-full bg-red-800 px-5 py-2 text-sm font-medium text-white hover:bg-red-900"
							onClick={() => {
								onConfirm()
								onClose()
							}}
						>
							{confirmLabel}
						</button>
					</div>
				</>
			) : null}
		</dialog>
	)
}
