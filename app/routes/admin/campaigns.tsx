import { Link } from '#app/components/link.tsx'
import { listCampaigns } from '#server/marketing/campaigns.ts'
import { getApp } from '#server/context.ts'
import { loadAdminPage } from '#server/admin/route-helpers.ts'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { buttonPrimary, buttonSecondary } from '#app/components/admin/ui.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/campaigns'

/** The newsletter's campaigns, newest first (admins only, as every page under the admin layout). */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	return loadAdminPage(app, 'newsletter campaigns', async () => ({ campaigns: await listCampaigns(app.db) }), { campaigns: [] })
}

export function meta() {
	return [{ title: `${adminT('campaigns.title')} | ${adminT('nav.title')}` }]
}

type Row = Route.ComponentProps['loaderData']['campaigns'][number]

const columns: [Column<Row>, ...Column<Row>[]] = [
	{
		header: adminT('campaigns.subject'),
		cell: (row) => (
			<Link to={`/admin/newsletter/campaigns/${row.id}`} className="font-medium text-clay-dark underline underline-offset-4">
				{row.subject}
			</Link>
		),
	},
	{ header: adminT('campaigns.status'), cell: (row) => adminT(`campaigns.statuses.${row.status}`) },
	{ header: adminT('campaigns.createdAt'), cell: (row) => formatAdminDateTime(row.createdAt), className: 'whitespace-nowrap' },
	{ header: adminT('campaigns.sentAt'), cell: (row) => (row.sentAt ? formatAdminDateTime(row.sentAt) : '—'), className: 'whitespace-nowrap' },
	{ header: adminT('campaigns.queued'), cell: (row) => row.queued },
]

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
	const { campaigns, loadError } = loaderData
	return (
		<section aria-labelledby="campaigns-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="campaigns-title" className="font-serif text-3xl">
					{adminT('campaigns.title')}
				</h1>
				<div className="flex flex-wrap gap-2">
					<Link to="/admin/newsletter" className={buttonSecondary}>
						{adminT('campaigns.subscribers')}
					</Link>
					<Link to="/admin/newsletter/campaigns/new" className={buttonPrimary}>
						{adminT('campaigns.new')}
					</Link>
				</div>
			</div>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('campaigns.intro')}</p>
			<ListState
				loading={false}
				loadError={loadError ? adminT('campaigns.loadFailed') : null}
				empty={campaigns.length === 0 ? adminT('campaigns.empty') : null}
			>
				<ResourceTable rows={campaigns} rowKey={(row) => row.id} columns={columns} />
			</ListState>
		</section>
	)
}
