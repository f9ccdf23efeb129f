import { Link } from 'react-router'
import { listCategoriesForAdmin, removeCategory, setCategoryActive } from '#server/catalog/admin-categories.ts'
import { rowActions } from '#server/admin/row-actions.ts'
import { getApp } from '#server/context.ts'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { RowActions } from '#app/components/admin/row-actions.tsx'
import { buttonPrimary, StatusBadge } from '#app/components/admin/ui.tsx'
import { ro } from '#domain/admin/texts.ts'
import type { Route } from './+types/categories'

export async function loader({ context }: Route.LoaderArgs) {
	return { categories: await listCategoriesForAdmin(getApp(context).db) }
}

export function meta() {
	return [{ title: `${ro.categories.title} | ${ro.nav.title}` }]
}

/** intent=toggle (id, active=true|false) or intent=delete (id); deleting also removes the stored pictures (the service does). */
export const action = rowActions({
	setActive: (app, id, active) => setCategoryActive(app.db, id, active),
	remove: removeCategory,
	messages: {
		activated: ro.messages.categoryActivated,
		deactivated: ro.messages.categoryDeactivated,
		deleted: ro.messages.categoryDeleted,
		updateFailed: ro.messages.categoryUpdate,
		deleteFailed: ro.messages.categoryDelete,
	},
})

type Row = Route.ComponentProps['loaderData']['categories'][number]

const columns: [Column<Row>, ...Column<Row>[]] = [
	{ header: ro.categories.name, cell: (category) => category.name },
	{ header: ro.categories.slug, cell: (category) => category.slug, className: 'font-mono text-xs' },
	{ header: ro.categories.parent, cell: (category) => category.parentName ?? '-' },
	{ header: ro.categories.order, cell: (category) => category.displayOrder },
	{ header: ro.categories.status, cell: (category) => <StatusBadge active={category.isActive} on={ro.categories.active} off={ro.categories.inactive} /> },
	{
		header: ro.common.actions,
		cell: (category) => (
			<RowActions
				row={category}
				editTo={`/admin/categories/${category.id}`}
				labels={{ toggle: ro.categories.toggleLabel, edit: ro.categories.editLabel, delete: ro.categories.deleteLabel }}
				deleteConfirm={ro.categories.deleteConfirm}
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
					{ro.categories.title}
				</h1>
				<Link to="/admin/categories/new" className={buttonPrimary}>
					{ro.categories.add}
				</Link>
			</div>
			{categories.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">{ro.categories.empty}</p>
					<Link to="/admin/categories/new" className={`${buttonPrimary} mt-4`}>
						{ro.categories.addFirst}
					</Link>
				</div>
			) : (
				<ResourceTable rows={categories} rowKey={(category) => category.id} columns={columns} />
			)}
		</section>
	)
}
