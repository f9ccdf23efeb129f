import { Link } from 'react-router'
import { listCategoriesForAdmin, removeCategory, setCategoryActive } from '#server/catalog/admin-categories.ts'
import { rowActions } from '#server/admin/row-actions.ts'
import { getApp } from '#server/context.ts'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { RowActions } from '#app/components/admin/row-actions.tsx'
import { buttonPrimary, StatusBadge } from '#app/components/admin/ui.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/categories'

export async function loader({ context }: Route.LoaderArgs) {
	return { categories: await listCategoriesForAdmin(getApp(context).db) }
}

export function meta() {
	return [{ title: `${adminT('categories.title')} | ${adminT('nav.title')}` }]
}

/** intent=toggle (id, active=true|false) or intent=delete (id); deleting also removes the stored pictures (the service does). */
export const action = rowActions({
	setActive: (app, id, active) => setCategoryActive(app.db, id, active),
	remove: removeCategory,
	messages: {
		activated: adminT('messages.categoryActivated'),
		deactivated: adminT('messages.categoryDeactivated'),
		deleted: adminT('messages.categoryDeleted'),
		updateFailed: adminT('messages.categoryUpdate'),
		deleteFailed: adminT('messages.categoryDelete'),
	},
})

type Row = Route.ComponentProps['loaderData']['categories'][number]

const columns: [Column<Row>, ...Column<Row>[]] = [
	{ header: adminT('categories.name'), cell: (category) => category.name },
	{ header: adminT('categories.slug'), cell: (category) => category.slug, className: 'font-mono text-xs' },
	{ header: adminT('categories.parent'), cell: (category) => category.parentName ?? '-' },
	{ header: adminT('categories.order'), cell: (category) => category.displayOrder },
	{
		header: adminT('categories.status'),
		cell: (category) => <StatusBadge active={category.isActive} on={adminT('categories.active')} off={adminT('categories.inactive')} />,
	},
	{
		header: adminT('common.actions'),
		cell: (category) => (
			<RowActions
				row={category}
				editTo={`/admin/categories/${category.id}`}
				labels={{ toggle: 'categories.toggleLabel', edit: 'categories.editLabel', delete: 'categories.deleteLabel' }}
				deleteConfirm={adminT('categories.deleteConfirm')}
			/>
		),
	},
]

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
	const { categories } = loaderData
	return (
		<section aria-labelledby="categories-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="categories-title" className="font-serif text-3xl">
					{adminT('categories.title')}
				</h1>
				<Link to="/admin/categories/new" className={buttonPrimary}>
					{adminT('categories.add')}
				</Link>
			</div>
			{categories.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">{adminT('categories.empty')}</p>
					<Link to="/admin/categories/new" className={`${buttonPrimary} mt-4`}>
						{adminT('categories.addFirst')}
					</Link>
				</div>
			) : (
				<ResourceTable rows={categories} rowKey={(category) => category.id} columns={columns} />
			)}
		</section>
	)
}
