import { useState } from 'react'
import { Link } from '#app/components/link.tsx'
import { listCategoriesForAdmin, removeCategory, setCategoryActive } from '#server/catalog/admin-categories.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { answerRowAction, listPathOf } from '#server/admin/row-actions.ts'
import { rejectAdminSubmission } from '#server/admin/route-helpers.ts'
import { redirectWithToast } from '#server/toast.ts'
import { readFormData } from '#server/http/request-body.ts'
import { getApp } from '#server/context.ts'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { RowActions } from '#app/components/admin/row-actions.tsx'
import { buttonPrimary, inputClass, labelClass, StatusBadge } from '#app/components/admin/ui.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { categoryDeleteSchema } from '#domain/forms/admin-category-delete.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import type { Route } from './+types/categories'

export async function loader({ context }: Route.LoaderArgs) {
	return { categories: await listCategoriesForAdmin(getApp(context).db) }
}

export function meta() {
	return [{ title: `${adminT('categories.title')} | ${adminT('nav.title')}` }]
}

/** The indent of each level of the tree (deeper levels stay at the last). */
const INDENT = ['', 'pl-5', 'pl-10', 'pl-15'] as const

const messages = {
	activated: adminT('messages.categoryActivated'),
	deactivated: adminT('messages.categoryDeactivated'),
	deleted: adminT('messages.categoryDeleted'),
	updateFailed: adminT('messages.categoryUpdate'),
	deleteFailed: adminT('messages.categoryDelete'),
}

/**
 * intent=toggle (id, active=true|false), or intent=delete (id, and for a category holding products
 * productsTo=move with targetId, or productsTo=deactivate; ADR 0125). Deleting also removes the
 * stored pictures (the service does).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const posted = submittedValues(await readFormData(request))
	if (posted.intent !== 'delete')
		return answerRowAction(app, request, posted, { setActive: (app, id, active) => setCategoryActive(app.db, id, active), remove: async () => false, messages })
	const submission = parseSubmission(categoryDeleteSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
	const { id, products, targetId } = submission.value
	try {
		const deleted = await removeCategory(app, id, products === 'move' ? { products, targetId } : { products })
		if (!deleted) return rejectAdminSubmission(formError(messages.deleteFailed), posted, 404, adminT('common.error'))
		const title = deleted.moved
			? adminT('categories.deletedMoved', { count: deleted.moved })
			: deleted.deactivated
				? adminT('categories.deletedDeactivated', { count: deleted.deactivated })
				: messages.deleted
		return redirectWithToast(app, listPathOf(request), { type: 'success', title })
	} catch (error) {
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message, error.field), posted, error.status, adminT('common.error'))
		throw error
	}
}

type Row = Route.ComponentProps['loaderData']['categories'][number]

/** A category and its subcategories at any depth, from the list's parent links. */
function subtreeOf(rows: readonly Row[], id: string): Set<string> {
	const ids = new Set([id])
	for (let grew = true; grew;) {
		grew = false
		for (const row of rows) {
			if (row.parentId && ids.has(row.parentId) && !ids.has(row.id)) {
				ids.add(row.id)
				grew = true
			}
		}
	}
	return ids
}

/** The delete dialog's question about the products: how many, and move them (where) or deactivate them. */
function ProductsChoice({ category, rows }: { category: Row; rows: readonly Row[] }) {
	const [choice, setChoice] = useState<'move' | 'deactivate'>('move')
	if (category.productCount === 0) return <p className="text-muted">{adminT('categories.productsNone')}</p>
	const deleted = subtreeOf(rows, category.id)
	const targets = rows.filter((row) => !deleted.has(row.id))
	const selectId = `move-target-${category.id}`
	return (
		<fieldset className="space-y-2">
			<legend className="font-medium">{adminT('categories.productsHeld', { count: category.productCount })}</legend>
			{targets.length > 0 ? (
				<label className="flex items-center gap-2">
					<input
						type="radio"
						name="productsTo"
						value="move"
						checked={choice === 'move'}
						onChange={() => setChoice('move')}
						className="size-4 accent-clay-dark"
					/>
					{adminT('categories.productsMove')}
				</label>
			) : null}
			{choice === 'move' && targets.length > 0 ? (
				<div className="pl-6">
					<label htmlFor={selectId} className={labelClass}>
						{adminT('categories.productsMoveTarget')}
					</label>
					<select id={selectId} name="targetId" className={inputClass} defaultValue={targets[0]!.id}>
						{targets.map((row) => (
							<option key={row.id} value={row.id}>
								{row.name}
							</option>
						))}
					</select>
				</div>
			) : null}
			<label className="flex items-center gap-2">
				<input
					type="radio"
					name="productsTo"
					value="deactivate"
					checked={choice === 'deactivate' || targets.length === 0}
					onChange={() => setChoice('deactivate')}
					className="size-4 accent-clay-dark"
				/>
				{adminT('categories.productsDeactivate')}
			</label>
		</fieldset>
	)
}

function categoryColumns(rows: readonly Row[]): [Column<Row>, ...Column<Row>[]] {
	return [
		{
			header: adminT('categories.name'),
			// Subcategories indented under their parent; the marker is for the eye, the parent column says it in words.
			cell: (category) => (
				<span className={`block ${INDENT[Math.min(category.depth, INDENT.length - 1)]}`} data-depth={category.depth}>
					{category.depth > 0 ? (
						<span aria-hidden="true" className="mr-1 text-muted">
							↳
						</span>
					) : null}
					{category.name}
				</span>
			),
		},
		{ header: adminT('categories.slug'), cell: (category) => category.slug, className: 'font-mono text-xs break-all' },
		{ header: adminT('categories.parent'), cell: (category) => category.parentName ?? '-' },
		{ header: adminT('categories.order'), cell: (category) => category.displayOrder },
		{ header: adminT('categories.products'), cell: (category) => category.productCount },
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
					deleteFields={<ProductsChoice category={category} rows={rows} />}
				/>
			),
		},
	]
}
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
				<ResourceTable rows={categories} rowKey={(category) => category.id} columns={categoryColumns(categories)} />
			)}
		</section>
	)
}
