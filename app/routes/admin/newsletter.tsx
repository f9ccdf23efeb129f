import { useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { listNewsletterSubscribers, unsubscribeByAdmin } from '#server/marketing/newsletter.ts'
import { getApp } from '#server/context.ts'
import { loadAdminPage, rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { readFormData } from '#server/http/request-body.ts'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { buttonDanger, buttonSecondary, ConfirmDialog, inputClass, labelClass, StatusBadge } from '#app/components/admin/ui.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import {
	NEWSLETTER_SEARCH_MAX,
	NEWSLETTER_STATUSES,
	newsletterActionSchema,
	newsletterListSearch,
	parseNewsletterListFilters,
} from '#domain/forms/admin-newsletter.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { subscriberStatus, UNCONFIRMED_SUBSCRIBER_DAYS } from '#domain/newsletter/subscriber-status.ts'
import type { Route } from './+types/newsletter'

/** The newsletter's subscribers with a CSV of them: admins only, as every page under the admin layout. */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const filters = parseNewsletterListFilters(new URL(args.request.url).searchParams)
	return loadAdminPage(app, 'newsletter list', async () => ({ filters, ...(await listNewsletterSubscribers(app.db, filters)) }), {
		filters,
		subscribers: [],
		total: 0,
		page: 1,
		pages: 1,
	})
}

/** intent=unsubscribe (email): the owner ends a subscription; its queued campaign emails go with it. */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const posted = submittedValues(await readFormData(args.request))
	const submission = parseSubmission(newsletterActionSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted, 400, adminT('common.error'))
	const ended = await unsubscribeByAdmin(app.db, submission.value.email)
	if (ended) app.log.info({ event: 'newsletter-unsubscribed', by: 'admin' }, 'newsletter subscription ended by an admin')
	return toastResult({ type: 'success', title: ended ? adminT('subscribers.unsubscribed') : adminT('subscribers.alreadyUnsubscribed') })
}

export function meta() {
	return [{ title: `${adminT('subscribers.title')} | ${adminT('nav.title')}` }]
}

type Row = Route.ComponentProps['loaderData']['subscribers'][number]

function UnsubscribeButton({ subscriber }: { subscriber: Row }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	if (subscriber.unsubscribedAt) return null
	return (
		<>
			<button
				type="button"
				className={buttonDanger}
				disabled={fetcher.state !== 'idle'}
				onClick={() => setConfirming(true)}
				aria-label={adminT('subscribers.unsubscribeLabel', { email: subscriber.email })}
			>
				{adminT('subscribers.unsubscribe')}
			</button>
			<ConfirmDialog
				open={confirming}
				title={adminT('subscribers.unsubscribeTitle')}
				description={adminT('subscribers.unsubscribeConfirm', { email: subscriber.email })}
				confirmLabel={adminT('subscribers.unsubscribe')}
				onClose={() => setConfirming(false)}
				onConfirm={() => {
					fetcher.submit({ intent: 'unsubscribe', email: subscriber.email }, { method: 'post' })
					setConfirming(false)
				}}
			/>
		</>
	)
}

const columns: [Column<Row>, ...Column<Row>[]] = [
	{ header: adminT('subscribers.email'), cell: (row) => <span className="break-all">{row.email}</span> },
	{ header: adminT('subscribers.language'), cell: (row) => row.locale.toUpperCase() },
	{ header: adminT('subscribers.consentedAt'), cell: (row) => formatAdminDateTime(row.consentedAt), className: 'whitespace-nowrap' },
	{
		header: adminT('subscribers.status'),
		cell: (row) => (
			<span title={row.unsubscribedAt ? formatAdminDateTime(row.unsubscribedAt) : undefined}>
				<StatusBadge
					active={subscriberStatus(row) === 'confirmed'}
					on={adminT('subscribers.statuses.confirmed')}
					off={adminT(`subscribers.statuses.${subscriberStatus(row)}`)}
				/>
			</span>
		),
	},
	{
		header: adminT('subscribers.confirmedAt'),
		cell: (row) => (row.confirmedAt ? formatAdminDateTime(row.confirmedAt) : '—'),
		className: 'whitespace-nowrap',
	},
	{ header: adminT('subscribers.consentText'), cell: (row) => <span className="text-xs text-muted">{row.consentText ?? '—'}</span> },
	{ header: adminT('subscribers.actions'), cell: (row) => <UnsubscribeButton subscriber={row} /> },
]

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
	const { subscribers, filters, page, pages, total, loadError } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/newsletter'
	const filtered = filters.q !== '' || filters.status !== 'active'
	return (
		<section aria-labelledby="newsletter-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="newsletter-title" className="font-serif text-3xl">
					{adminT('subscribers.title')}
				</h1>
				<div className="flex flex-wrap gap-2">
					<Link to="/admin/newsletter/campaigns" className={buttonSecondary}>
						{adminT('subscribers.campaigns')}
					</Link>
					<a href={`/admin/newsletter/export${newsletterListSearch(filters)}`} download className={buttonSecondary}>
						{adminT('subscribers.export')}
					</a>
				</div>
			</div>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('subscribers.intro', { days: UNCONFIRMED_SUBSCRIBER_DAYS })}</p>
			<Form key={`${filters.q}|${filters.status}`} method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
				<div>
					<label htmlFor="newsletter-status" className={labelClass}>
						{adminT('subscribers.statusLabel')}
					</label>
					<select id="newsletter-status" name="status" defaultValue={filters.status} className={inputClass}>
						{NEWSLETTER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{adminT(`subscribers.statusFilter.${status}`)}
							</option>
						))}
					</select>
				</div>
				<div className="min-w-0 flex-1 basis-64">
					<label htmlFor="newsletter-search" className={labelClass}>
						{adminT('subscribers.searchLabel')}
					</label>
					<input id="newsletter-search" type="search" name="q" defaultValue={filters.q} maxLength={NEWSLETTER_SEARCH_MAX} className={inputClass} />
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('common.search')}
				</button>
			</Form>
			<ListState
				loading={loading}
				loadError={loadError ? adminT('subscribers.loadFailed') : null}
				empty={subscribers.length === 0 ? (filtered ? adminT('subscribers.emptySearch') : adminT('subscribers.empty')) : null}
			>
				<ResourceTable rows={subscribers} rowKey={(row) => row.email} columns={columns} />
				<Pager page={page} pages={pages} total={total} href={(target) => `/admin/newsletter${newsletterListSearch(filters, target) || '?'}`} />
			</ListState>
		</section>
	)
}
