import { useFetcher } from 'react-router'
import { buttonSmall } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import type { EFacturaShownState } from '#domain/efactura/submission.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Toast } from '#domain/toast.ts'

const badge = 'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold'

const colors: Record<EFacturaShownState, string> = {
	manual: 'bg-stone-200 text-stone-800',
	waiting: 'bg-amber-100 text-amber-900',
	uploading: 'bg-sky-100 text-sky-900',
	uploaded: 'bg-sky-100 text-sky-900',
	accepted: 'bg-green-100 text-green-900',
	rejected: 'bg-red-100 text-red-900',
}

/** A document's e-Factura state (ADR 0160), with "late" beside it past 4 working days. */
export function EFacturaStateBadge({ state, late, deadline }: { state: EFacturaShownState; late: boolean; deadline: string }) {
	return (
		<span className="inline-flex flex-wrap gap-1">
			<span className={`${badge} ${colors[state]}`} data-testid="efactura-state">
				{adminT(`efactura.states.${state}`)}
			</span>
			{late ? (
				<span className={`${badge} bg-red-700 text-white`} title={adminT('efactura.lateTitle', { deadline })}>
					{adminT('efactura.lateBadge')}
				</span>
			) : null}
		</span>
	)
}

type Shown = { state: EFacturaShownState; anafMessages: string[]; lastError: string | null; uploadIndex: string | null }

/** ANAF's messages (a rejection), the last failed attempt, or the upload index. */
export function EFacturaDetails({ document }: { document: Shown }) {
	return (
		<div className="mt-1 space-y-1 text-xs">
			{document.state === 'rejected' && document.anafMessages.length ? (
				<div>
					<p className="font-semibold">{adminT('efactura.anafMessages')}</p>
					<ul className="list-disc space-y-0.5 pl-4 break-words text-red-900" data-testid="anaf-messages" lang="ro">
						{document.anafMessages.map((message, index) => (
							<li key={index}>{message}</li>
						))}
					</ul>
				</div>
			) : null}
			{document.lastError && document.state !== 'accepted' && document.state !== 'rejected' ? (
				<p className="break-words text-muted">{adminT('efactura.lastError', { error: document.lastError })}</p>
			) : null}
			{document.state === 'manual' ? <p className="text-muted">{adminT('efactura.manualHint')}</p> : null}
			{document.uploadIndex ? <p className="text-muted">{adminT('efactura.uploadIndex', { index: document.uploadIndex })}</p> : null}
		</div>
	)
}

/** Retry (or first send, for a document the shop did not upload): posts to the e-Factura page's action. */
export function EFacturaRetryButton({ invoiceId, number, state }: { invoiceId: string; number: string; state: EFacturaShownState }) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const manual = state === 'manual'
	return (
		<fetcher.Form method="post" action="/admin/efactura">
			<input type="hidden" name="intent" value="retry" />
			<input type="hidden" name="invoiceId" value={invoiceId} />
			<input type="hidden" name="number" value={number} />
			<button
				type="submit"
				className={buttonSmall}
				disabled={fetcher.state !== 'idle'}
				aria-label={adminT(manual ? 'efactura.sendLabel' : 'efactura.retryLabel', { number })}
			>
				{adminT(manual ? 'efactura.send' : 'efactura.retry')}
			</button>
		</fetcher.Form>
	)
}
