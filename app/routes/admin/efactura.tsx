import { useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { EFacturaDetails, EFacturaRetryButton, EFacturaStateBadge } from '#app/components/admin/efactura.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { notify } from '#app/components/toasts.tsx'
import { loadAdminPage, rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { EFacturaRetryRefusedError, listEFacturaDocuments, retryEFacturaUpload, type EFacturaDocument } from '#server/efactura/admin.ts'
import { readFormData } from '#server/http/request-body.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { EFACTURA_FILTERS } from '#domain/efactura/submission.ts'
import { eFacturaListSearch, eFacturaRetrySchema, parseEFacturaListFilters } from '#domain/forms/efactura.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/efactura'

/** The e-Factura list (ADR 0160): every live document with its state at ANAF; admins only, as all of /admin. */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const filters = parseEFacturaListFilters(new URL(args.request.url).searchParams)
	const setup = app.eFactura
		? { configured: true as const, environment: app.eFactura.settings.environment, token: await app.eFactura.tokens.status() }
		: { configured: false as const }
	return loadAdminPage(app, 'e-Factura list', async () => ({ filters, setup, ...(await listEFacturaDocuments(app.db, filters)) }), {
		filters,
		setup,
		documents: [],
		total: 0,
		more: false,
		page: 1,
		pages: 1,
	})
}

export function meta() {
	return [{ title: `${adminT('efactura.title')} | ${adminT('nav.title')}` }]
}

/**
 * intent=retry (invoiceId): queue a rejected or waiting document now, or send one the shop did not
 * upload; an accepted document, one under way, or a test-money one is refused (ADR 0101's shape).
 */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const posted = submittedValues(await readFormData(args.request))
	const failure = adminT('efactura.retryFailed')
	const submission = parseSubmission(eFacturaRetrySchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted, 400, failure)
	if (!app.eFactura) return rejectAdminSubmission(formError(adminT('efactura.retryRefused.disabled')), posted, 409, failure)
	try {
		await retryEFacturaUpload(app.db, submission.value.invoiceId)
		app.eFactura.job.nudge()
		const number = typeof posted.number === 'string' ? posted.number : ''
		return toastResult({ type: 'success', title: adminT('efactura.retried', { number }) })
	} catch (error) {
		if (error instanceof EFacturaRetryRefusedError) {
			return rejectAdminSubmission(formError(adminT(`efactura.retryRefused.${error.reason}`)), posted, error.reason === 'not-found' ? 404 : 409, failure)
		}
		app.log.error({ err: error }, 'admin e-Factura retry failed')
		return rejectAdminSubmission(formError(failure), posted, 503, adminT('common.error'))
	}
}

function DocumentCell({ document }: { document: EFacturaDocument }) {
	return (
		<div className="min-w-0">
			<p>
				{adminT(document.kind === 'invoice' ? 'efactura.invoice' : 'efactura.creditNote')}{' '}
				<Link to={`/admin/orders/${document.orderId}`} className="font-mono text-clay-dark underline underline-offset-4">
					{document.number}
				</Link>
			</p>
		</div>
	)
}

function Actions({ document, configured }: { document: EFacturaDocument; configured: boolean }) {
	return (
		<div className="flex flex-wrap gap-2">
			{configured && document.canRetry && document.state !== 'waiting' ? (
				<EFacturaRetryButton invoiceId={document.invoiceId} number={document.number} state={document.state} />
			) : null}
			{configured && document.state === 'waiting' && document.lastError ? (
				<EFacturaRetryButton invoiceId={document.invoiceId} number={document.number} state={document.state} />
			) : null}
			{document.hasAnswer ? (
				<a
					href={`/admin/efactura/${document.number}.zip`}
					download
					className={buttonSmall}
					aria-label={adminT('efactura.answerLabel', { number: document.number })}
				>
					{adminT('efactura.answer')}
				</a>
			) : null}
			<a href={`/admin/invoices/${document.number}.xml`} download className={buttonSmall}>
				XML
			</a>
		</div>
	)
}

export default function AdminEFactura({ loaderData }: Route.ComponentProps) {
	const { documents, filters, page, pages, total, more, loadError, setup } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/efactura'

	useEffect(() => {
		if (loadError) notify({ type: 'error', title: adminT('common.error'), description: adminT('efactura.loadFailed') })
	}, [loadError])

	const columns: [Column<EFacturaDocument>, ...Column<EFacturaDocument>[]] = [
		{ header: adminT('efactura.document'), cell: (document) => <DocumentCell document={document} /> },
		{ header: adminT('efactura.issued'), cell: (document) => formatAdminDateTime(document.issuedAt), className: 'whitespace-nowrap' },
		{ header: adminT('efactura.buyer'), cell: (document) => document.buyerName, className: 'break-words' },
		{ header: adminT('efactura.total'), cell: (document) => formatEuro(document.totalCents, 'ro'), className: 'whitespace-nowrap tabular-nums' },
		{
			header: adminT('efactura.state'),
			cell: (document) => (
				<div className="max-w-md">
					<EFacturaStateBadge state={document.state} late={document.late} deadline={document.deadline} />
					<EFacturaDetails document={document} />
				</div>
			),
		},
		{ header: adminT('efactura.actions'), cell: (document) => <Actions document={document} configured={setup.configured} /> },
	]

	return (
		<section aria-labelledby="efactura-title">
			<h1 id="efactura-title" className="font-serif text-3xl">
				{adminT('efactura.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('efactura.intro')}</p>
			{setup.configured ? (
				<p className="mt-3 max-w-3xl rounded-lg bg-green-50 p-3 text-sm text-green-900" data-testid="efactura-setup">
					{adminT('efactura.configured', { environment: adminT(`efactura.environments.${setup.environment}`) })}
				</p>
			) : (
				<p className="mt-3 max-w-3xl rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="efactura-setup">
					{adminT('efactura.notConfigured')}
				</p>
			)}
			{setup.configured && setup.token.refusedSince ? (
				<p role="alert" className="mt-3 max-w-3xl rounded-lg bg-red-50 p-3 text-sm text-red-900">
					{adminT('efactura.tokenRefused', { error: setup.token.error ?? '' })}
				</p>
			) : null}
			<Form key={filters.filter} method="get" action="/admin/efactura" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
				<div className="sm:w-64">
					<label htmlFor="efactura-filter" className={labelClass}>
						{adminT('efactura.filterLabel')}
					</label>
					<select id="efactura-filter" name="stare" defaultValue={filters.filter} className={inputClass}>
						{EFACTURA_FILTERS.map((filter) => (
							<option key={filter} value={filter}>
								{adminT(`efactura.filters.${filter}`)}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('common.search')}
				</button>
			</Form>
			<ListState
				loading={loading}
				loadError={loadError ? adminT('efactura.loadFailed') : null}
				empty={documents.length === 0 ? adminT('efactura.empty') : null}
			>
				<ResourceTable rows={documents} rowKey={(document) => document.invoiceId} columns={columns} />
				<Pager
					page={page}
					pages={pages}
					total={total}
					more={more}
					href={(target) => `/admin/efactura${eFacturaListSearch({ filter: filters.filter, page: target }) || '?'}`}
				/>
			</ListState>
		</section>
	)
}
