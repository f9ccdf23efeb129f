import { Form, Link, useNavigation } from 'react-router'
import { listCategoryOptions } from '#server/catalog/admin-categories.ts'
import { listProductsForAdmin, removeProduct, setProductActive } from '#server/catalog/admin-products.ts'
import { rowActions } from '#server/admin/row-actions.ts'
import { getApp } from '#server/context.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { RowActions } from '#app/components/admin/row-actions.tsx'
import { buttonPrimary, buttonSecondary, inputClass, labelClass, Spinner, StatusBadge } from '#app/components/admin/ui.tsx'
import { adminT } from '#domain/i18n/admin.ts'
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
	return [{ title: `${adminT('products.title')} | ${adminT('nav.title')}` }]
}

/** intent=toggle (id, active=true|false) or intent=delete (id); deleting also removes the stored pictures (the service does). */
export const action = rowActions({
	setActive: (app, id, active) => setProductActive(app.db, id, active),
	remove: removeProduct,
	messages: {
		activated: adminT('messages.productActivated'),
		deactivated: adminT('messages.productDeactivated'),
		deleted: adminT('messages.productDeleted'),
		updateFailed: adminT('messages.productUpdate'),
		deleteFailed: adminT('messages.productDelete'),
	},
})

type Row = Route.ComponentProps['loaderData']['products'][number]

const columns: [Column<Row>, ...Column<Row>[]] = [
	{
		header: adminT('products.name'),
		cell: (product) => (
			<span className="flex items-center gap-3">
				{product.image ? <img src={product.image} alt="" width={40} height={40} className="size-10 rounded object-cover" /> : null}
				{product.name}
			</span>
		),
	},
	{
		header: adminT('products.category'),
		cell: (product) =>
			product.categoryName ?? (
				<span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{adminT('products.categoryCleared')}</span>
			),
	},
	{ header: adminT('products.kind'), cell: (product) => adminT(`products.kinds.${product.kind}`) },
	{ header: adminT('products.price'), cell: (product) => formatEuro(product.priceCents, 'ro'), className: 'whitespace-nowrap' },
	{ header: adminT('products.stock'), cell: (product) => product.stock ?? adminT('products.madeToOrder') },
	{
		header: adminT('products.badges'),
		cell: (product) => (
			<span className="flex flex-wrap gap-1">
				{product.badges.map((badge) => (
					<span key={badge} className="rounded-full bg-sand px-2 py-0.5 text-xs">
						{badge}
					</span>
				))}
			</span>
		),
	},
	{
		header: adminT('products.status'),
		cell: (product) => <StatusBadge active={product.isActive} on={adminT('products.active')} off={adminT('products.inactive')} />,
	},
	{
		header: adminT('common.actions'),
		cell: (product) => (
			<RowActions
				row={product}
				editTo={`/admin/products/${product.id}`}
				labels={{ toggle: 'products.toggleLabel', edit: 'products.editLabel', delete: 'products.deleteLabel' }}
			/>
		),
	},
]

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
					{adminT('products.title')}
				</h1>
				<Link to="/admin/products/new" className={buttonPrimary}>
					{adminT('products.add')}
				</Link>
			</div>
			<Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
				<div className="min-w-52 flex-1">
					<label htmlFor="product-search" className={labelClass}>
						{adminT('products.searchLabel')}
					</label>
					<input id="product-search" type="search" name="q" defaultValue={q} maxLength={100} className={inputClass} />
				</div>
				<div className="min-w-52">
					<label htmlFor="product-category" className={labelClass}>
						{adminT('products.filterLabel')}
					</label>
					<select id="product-category" name="category" defaultValue={category} className={inputClass}>
						<option value="">{adminT('products.allCategories')}</option>
						<option value="none">{adminT('products.withoutCategory')}</option>
						{categories.map((option) => (
							<option key={option.id} value={option.id}>
								{option.name}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('common.search')}
				</button>
			</Form>
			{loading ? (
				<Spinner />
			) : products.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">{adminT('products.empty')}</p>
					{filtered ? null : (
						<Link to="/admin/products/new" className={`${buttonPrimary} mt-4`}>
							{adminT('products.add')}
						</Link>
					)}
				</div>
			) : (
				<>
					<ResourceTable rows={products} rowKey={(product) => product.id} columns={columns} />
					<Pager page={page} pages={pages} total={total} href={(target) => pageLink(q, category, target)} />
				</>
			)}
		</section>
	)
}
