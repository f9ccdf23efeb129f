import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { deleteCategory, listCategoriesForAdmin, setCategoryActive } from '#server/admin/categories.ts'
import { errorToast, toastResult } from '#server/admin/route-helpers.ts'
import { keyFromPublicUrl } from '#server/admin/upload.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { deleteImage } from '#server/media/image-pipeline.ts'
import { buttonDanger, buttonPrimary, buttonSmall, ConfirmDialog, StatusBadge } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { fill, ro } from '#domain/admin/texts.ts'
import { isUuid } from '#domain/ids.ts'
import type { Route } from './+types/categories'

export async function loader({ context }: Route.LoaderArgs) {
	return { categories: await listCategoriesForAdmin(getApp(context).db) }
}

export function meta() {
	return [{ title: `${ro.categories.title} | ${ro.nav.title}` }]
}

/** intent=toggle (id, active=true|false) or intent=delete (id). */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const form = await readFormData(args.request)
	const intent = form.get('intent')
	const id = String(form.get('id') ?? '')
	if (!isUuid(id)) return errorToast(ro.common.notFound, 404)
	if (intent === 'toggle') {
		const active = form.get('active') === 'true'
		const state = await setCategoryActive(app.db, id, active)
		if (state === null) return errorToast(ro.messages.categoryUpdate, 404)
		return toastResult({ type: 'success', title: state ? ro.messages.categoryActivated : ro.messages.categoryDeactivated })
	}
	if (intent === 'delete') {
		const deleted = await deleteCategory(app.db, id)
		if (!deleted) return errorToast(ro.messages.categoryDelete, 404)
		for (const url of deleted.imageUrls) {
			const key = keyFromPublicUrl(app.storage, url)
			if (key) await deleteImage(app.storage, key).catch((error: unknown) => app.log.warn({ err: error, key }, 'category image not deleted'))
		}
		return toastResult({ type: 'success', title: ro.messages.categoryDeleted })
	}
	return errorToast(ro.messages.categoryUpdate)
}

type Row = Route.ComponentProps['loaderData']['categories'][number]

function CategoryActions({ category }: { category: Row }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const busy = fetcher.state !== 'idle'
	const toggleAction = category.isActive ? ro.common.deactivate : ro.common.activate
	return (
		<div className="flex flex-wrap gap-2">
			<fetcher.Form method="post">
				<input type="hidden" name="intent" value="toggle" />
				<input type="hidden" name="id" value={category.id} />
				<input type="hidden" name="active" value={String(!category.isActive)} />
				<button type="submit" className={buttonSmall} disabled={busy} aria-label={fill(ro.categories.toggleLabel, { action: toggleAction, name: category.name })}>
					{toggleAction}
				</button>
			</fetcher.Form>
			<Link to={`/admin/categories/${category.id}`} className={buttonSmall} aria-label={fill(ro.categories.editLabel, { name: category.name })}>
				{ro.common.edit}
			</Link>
			<button type="button" className={buttonDanger} disabled={busy} onClick={() => setConfirming(true)} aria-label={fill(ro.categories.deleteLabel, { name: category.name })}>
				{ro.common.delete}
			</button>
			<ConfirmDialog
				open={confirming}
				description={ro.categories.deleteConfirm}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent: 'delete', id: category.id }, { method: 'post' })}
			/>
		</div>
	)
}

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
				<div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
					<table className="w-full min-w-[44rem] text-left text-sm">
						<thead className="border-b border-sand text-xs uppercase tracking-wide text-muted">
							<tr>
								<th scope="col" className="px-4 py-3">{ro.categories.name}</th>
								<th scope="col" className="px-4 py-3">{ro.categories.slug}</th>
								<th scope="col" className="px-4 py-3">{ro.categories.parent}</th>
								<th scope="col" className="px-4 py-3">{ro.categories.order}</th>
								<th scope="col" className="px-4 py-3">{ro.categories.status}</th>
								<th scope="col" className="px-4 py-3">{ro.common.actions}</th>
							</tr>
						</thead>
						<tbody>
							{categories.map((category) => (
								<tr key={category.id} className="border-b border-sand/70 last:border-0">
									<th scope="row" className="px-4 py-3 font-medium">{category.name}</th>
									<td className="px-4 py-3 font-mono text-xs">{category.slug}</td>
									<td className="px-4 py-3">{category.parentName ?? '-'}</td>
									<td className="px-4 py-3">{category.displayOrder}</td>
									<td className="px-4 py-3">
										<StatusBadge active={category.isActive} on={ro.categories.active} off={ro.categories.inactive} />
									</td>
									<td className="px-4 py-3">
										<CategoryActions category={category} />
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}
