import { useRef, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { adminT, type AdminKey } from '#domain/i18n/admin.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import { buttonDanger, buttonSmall, ConfirmDialog } from './ui.tsx'
import { useToastResult } from './use-toast-result.ts'

/** The accessible names of a row's buttons: keys of texts with {{name}} (and {{action}} for the toggle). */
export type RowActionLabels = { toggle: AdminKey; edit: AdminKey; delete: AdminKey }

/**
 * A list row's actions (ADR 0103): activate/deactivate, edit, delete after a confirmation. They post
 * intent=toggle|delete to the list's own action (server/admin/row-actions.ts), which answers a success toast or a refusal (ADR 0101).
 */
export function RowActions({
	row,
	editTo,
	labels,
	deleteConfirm,
	deleteFields,
}: {
	row: { id: string; name: string; isActive: boolean }
	editTo: string
	labels: RowActionLabels
	deleteConfirm?: string
	/** Choices posted with the delete (a category's products: move or deactivate). */
	deleteFields?: ReactNode
}) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const deleteForm = useRef<HTMLFormElement>(null)
	const busy = fetcher.state !== 'idle'
	const toggleAction = row.isActive ? adminT('common.deactivate') : adminT('common.activate')
	return (
		<div className="flex flex-wrap gap-2">
			<fetcher.Form method="post">
				<input type="hidden" name="intent" value="toggle" />
				<input type="hidden" name="id" value={row.id} />
				<input type="hidden" name="active" value={String(!row.isActive)} />
				<button type="submit" className={buttonSmall} disabled={busy} aria-label={adminT(labels.toggle, { action: toggleAction, name: row.name })}>
					{toggleAction}
				</button>
			</fetcher.Form>
			<Link to={editTo} className={buttonSmall} aria-label={adminT(labels.edit, { name: row.name })}>
				{adminT('common.edit')}
			</Link>
			<button type="button" className={buttonDanger} disabled={busy} onClick={() => setConfirming(true)} aria-label={adminT(labels.delete, { name: row.name })}>
				{adminT('common.delete')}
			</button>
			<ConfirmDialog
				open={confirming}
				description={deleteConfirm}
				onClose={() => setConfirming(false)}
				onConfirm={() => (deleteForm.current ? fetcher.submit(deleteForm.current) : fetcher.submit({ intent: 'delete', id: row.id }, { method: 'post' }))}
			>
				{deleteFields ? (
					<fetcher.Form ref={deleteForm} method="post" className="mt-4 space-y-3 text-sm">
						<input type="hidden" name="intent" value="delete" />
						<input type="hidden" name="id" value={row.id} />
						{deleteFields}
					</fetcher.Form>
				) : null}
			</ConfirmDialog>
		</div>
	)
}
