import { useState } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import { listCategoryOptions } from '#server/admin/categories.ts'
import { deleteProduct, listProductsForAdmin, setProductActive } from '#server/admin/products.ts'
import { errorToast, toastResult } from '#server/admin/route-helpers.ts'
import { keyFromPublicUrl } from '#server/admin/upload.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { deleteImage } from '#server/media/image-pipeline.ts'
import { buttonDanger, buttonPrimary, buttonSecondary, buttonSmall, ConfirmDialog, inputClass, labelClass, Spinner, StatusBadge } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { fill, ro } from '#domain/admin/texts.ts'
import { isUuid } from '#domain/ids.ts'
import { searchText } from '#domain/forms/fields.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/products'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const url = new URL(request.url)
	const q = searchText(url.searchParams.get('q'))
	const rawCategory = url.searchParams.get('category') ?? ''
	const category = rawCategory === 'none' || isUuid(rawCategory) ? rawCategory : ''
	const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10)
	const [list, categories] = await Promise.all([
		listProductsForAdmin(db, { q, category: category || undefined, page: Number.isFinite(page) ? page : 1 }),
		listCategoryOptions(db),
	])
	return { ...list, q, category, categories: categories.map(({ id, name }) => ({ id, name })) }
}

export function meta() {
	return [{ title: `${ro.products.title} | ${ro.nav.title}` }]
}

/** intent=toggle (id, active=true|false) or intent=delete (id). */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const form = await readFormData(args.request)
	const intent = form.get('intent')
	const id = String(form.get('id') ?? '')
	if (!isUuid(id)) return errorToast(ro.common.notFound, 404)
	if (intent === 'toggle') {
		const state = await setProductActive(app.db, id, form.get('active') === 'true')
		if (state === null) return errorToast(ro.messages.productUpdate, 404)
		return toastResult({ type: 'success', title: state ? ro.messages.productActivated : ro.messages.productDeactivated })
	}
	if (intent === 'delete') {
		const deleted = await deleteProduct(app.db, id)
		if (!deleted) return errorToast(ro.messages.productDelete, 404)
		for (const url of deleted.images) {
			const key = keyFromPublicUrl(app.storage, url)
			if (key) await deleteImage(app.storage, key).catch((error: unknown) => app.log.warn({ err: error, key }, 'product image not deleted'))
		}
		return toastResult({ type: 'success', title: ro.messages.productDeleted })
	}
	return errorToast(ro.messages.productUpdate)
}

type Row = Route.ComponentProps['loaderData']['products'][number]

function ProductActions({ product }: { product: Row }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const busy = fetcher.state !== 'idle'
	const toggleAction = product.isActive ? ro.common.deactivate : ro.common.activate
	return (
		<div className="flex flex-wrap gap-2">
			<fetcher.Form method="post">
				<input type="hidden" name="intent" value="toggle" />
				<input type="hidden" name="id" value={product.id} />
				<input type="hidden" name="active" value={String(!product.isActive)} />
				<button type="submit" className={buttonSmall} disabled={busy} aria-label={fill(ro.products.toggleLabel, { action: toggleAction, name: product.name })}>
					{toggleAction}
				</button>
			</fetcher.Form>
			<Link to={`/admin/products/${product.id}`} className={buttonSmall} aria-label={fill(ro.products.editLabel, { name: product.name })}>
				{ro.common.edit}
			</Link>
			<button type="button" className={buttonDanger} disabled={busy} onClick={() => setConfirming(true)} aria-label={fill(ro.products.deleteLabel, { name: product.name })}>
				{ro.common.delete}
			</button>
			<ConfirmDialog
				open={confirming}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent: 'delete', id: product.id }, { method: 'post' })}
			/>
		</div>
	)
}

function pageLink(q: string, category: string, page: number) {
	const params = new URLSearchParams()
	if (q) params.set('q', q)
	if (category) params.set('category', category)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `?${search}` : '?'
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
	const { products, q, category, categories, page, pages, total } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/products'
	const filtered = q !== '' || category !== ''
	return (
		<section aria-labelledby="products-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="products-title" className="font-serif text-3xl">
					{ro.products.title}
				</h1>
				<Link to="/admin/products/new" className={buttonPrimary}>
					{ro.products.add}
				</Link>
			</div>
			<Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
				<div className="min-w-52 flex-1">
					<label htmlFor="product-search" className={labelClass}>
						{ro.products.searchLabel}
					</label>
					<input id="product-search" type="search" name="q" defaultValue={q} maxLength={100} className={inputClass} />
				</div>
				<div className="min-w-52">
					<label htmlFor="product-category" className={labelClass}>
						{ro.products.filterLabel}
					</label>
					<select id="product-category" name="category" defaultValue={category} className={inputClass}>
						<option value="">{ro.products.allCategories}</option>
						<option value="none">{ro.products.withoutCategory}</option>
						{categories.map((option) => (
							<option key={option.id} value={option.id}>
								{option.name}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className={buttonSecondary}>
					{ro.common.search}
				</button>
			</Form>
			{loading ? (
				<Spinner />
			) : products.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">{ro.products.empty}</p>
					{filtered ? null : (
						<Link to="/admin/products/new" className={`${buttonPrimary} mt-4`}>
							{ro.products.add}
						</Link>
					)}
				</div>
			) : (
				<>
					<div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
						<table className="w-full min-w-[52rem] text-left text-sm">
							<thead className="border-b border-sand text-xs uppercase tracking-wide text-muted">
								<tr>
									<th scope="col" className="px-4 py-3">{ro.products.name}</th>
									<th scope="col" className="px-4 py-3">{ro.products.category}</th>
									<th scope="col" className="px-4 py-3">{ro.products.price}</th>
									<th scope="col" className="px-4 py-3">{ro.products.stock}</th>
									<th scope="col" className="px-4 py-3">{ro.products.badges}</th>
									<th scope="col" className="px-4 py-3">{ro.products.status}</th>
									<th scope="col" className="px-4 py-3">{ro.common.actions}</th>
								</tr>
							</thead>
							<tbody>
								{products.map((product) => (
									<tr key={product.id} className="border-b border-sand/70 last:border-0">
										<th scope="row" className="px-4 py-3 font-medium">
											<span className="flex items-center gap-3">
												{product.image ? <img src={product.image} alt="" width={40} height={40} className="size-10 rounded object-cover" /> : null}
												{product.name}
											</span>
										</th>
										<td className="px-4 py-3">
											{product.categoryName ?? (
												<span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{ro.products.categoryCleared}</span>
											)}
										</td>
										<td className="px-4 py-3 whitespace-nowrap">{formatEuro(product.priceCents, 'ro')}</td>
										<td className="px-4 py-3">{product.stock ?? ro.products.madeToOrder}</td>
										<td className="px-4 py-3">
											<span className="flex flex-wrap gap-1">
												{product.badges.map((badge) => (
													<span key={badge} className="rounded-full bg-sand px-2 py-0.5 text-xs">
														{badge}
													</span>
												))}
											</span>
										</td>
										<td className="px-4 py-3">
											<StatusBadge active={product.isActive} on={ro.products.active} off={ro.products.inactive} />
										</td>
										<td className="px-4 py-3">
											<ProductActions product={product} />
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
					{pages > 1 ? (
						<nav aria-label={fill(ro.common.page, { page, pages })} className="mt-4 flex items-center justify-between gap-3 text-sm">
							{page > 1 ? (
								<Link to={pageLink(q, category, page - 1)} className={buttonSmall}>
									{ro.common.previous}
								</Link>
							) : (
								<span />
							)}
							<span>
								{fill(ro.common.page, { page, pages })} · {total}
							</span>
							{page < pages ? (
								<Link to={pageLink(q, category, page + 1)} className={buttonSmall}>
									{ro.common.next}
								</Link>
							) : (
								<span />
							)}
						</nav>
					) : null}
				</>
			)}
		</section>
	)
}
