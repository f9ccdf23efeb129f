import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { listCategoryOptions } from '#server/catalog/admin-categories.ts'
import { listProductsForAdmin, removeProduct, setProductActive, StockMovedError } from '#server/catalog/admin-products.ts'
import { applyBulkProductChange, setProductStock } from '#server/catalog/admin-bulk.ts'
import { getLowStockThreshold, setLowStockThreshold } from '#server/catalog/stock-settings.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { answerRowAction, type RowActionConfig } from '#server/admin/row-actions.ts'
import { rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { readFormData } from '#server/http/request-body.ts'
import { getApp } from '#server/context.ts'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { useLeaveGuard } from '#app/components/admin/leave-guard.tsx'
import { isRejected } from '#app/lib/forms/submission.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { ResourceTable, type Column } from '#app/components/admin/resource-table.tsx'
import { RowActions } from '#app/components/admin/row-actions.tsx'
import { buttonPrimary, buttonSecondary, buttonSmall, ConfirmDialog, inputClass, labelClass, Spinner, StatusBadge } from '#app/components/admin/ui.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { MONEY, WHOLE } from '#domain/locale-number.ts'
import { isUuid } from '#domain/ids.ts'
import { searchText } from '#domain/forms/fields.ts'
import { formatEuro } from '#domain/money.ts'
import { shopProductHref } from '#domain/catalog.ts'
import { bulkProductSchema, inlineStockSchema, lowStockThresholdSchema } from '#domain/forms/admin-product-list.ts'
import { formError, parseSubmission, submittedValues, type AdminRejection } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import type { Route } from './+types/products'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const url = new URL(request.url)
	const q = searchText(url.searchParams.get('q'))
	const rawCategory = url.searchParams.get('category') ?? ''
	const category = rawCategory === 'none' || isUuid(rawCategory) ? rawCategory : ''
	const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10)
	const [list, categories, threshold] = await Promise.all([
		listProductsForAdmin(db, { q, category: category || undefined, page: Number.isFinite(page) ? page : 1 }),
		listCategoryOptions(db),
		getLowStockThreshold(db),
	])
	return { ...list, q, category, threshold, categories: categories.map(({ id, name }) => ({ id, name })) }
}

export function meta() {
	return [{ title: `${adminT('products.title')} | ${adminT('nav.title')}` }]
}

const rowActionConfig: RowActionConfig = {
	setActive: (app, id, active) => setProductActive(app.db, id, active),
	remove: removeProduct,
	messages: {
		activated: adminT('messages.productActivated'),
		deactivated: adminT('messages.productDeactivated'),
		deleted: adminT('messages.productDeleted'),
		updateFailed: adminT('messages.productUpdate'),
		deleteFailed: adminT('messages.productDelete'),
	},
}

const bulkToast = { activate: 'bulk.activated', deactivate: 'bulk.deactivated', delete: 'bulk.deleted', price: 'bulk.priced', stock: 'bulk.stocked' } as const

/**
 * intent=toggle|delete (one row; deleting also removes its stored pictures), intent=bulk (the ticked
 * products, one transaction, ADR 0125), intent=stock (a figure typed in the list, compare-and-set)
 * and intent=threshold (the low-stock threshold). Refusals keep the one shape (ADR 0101).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const posted = submittedValues(await readFormData(request))
	const refuse = (message: string, status: number, field?: string) => rejectAdminSubmission(formError(message, field), posted, status, adminT('common.error'))
	try {
		if (posted.intent === 'bulk') {
			const submission = parseSubmission(bulkProductSchema, posted)
			if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
			const result = await applyBulkProductChange(app, submission.value)
			const skippedKey = submission.value.operation === 'price' ? 'bulk.skippedVariants' : 'bulk.skippedMadeToOrder'
			const skipped = result.skipped ? adminT(skippedKey, { count: result.skipped }) : undefined
			return toastResult({ type: 'success', title: adminT(bulkToast[submission.value.operation], { count: result.count }), description: skipped })
		}
		if (posted.intent === 'stock') {
			const submission = parseSubmission(inlineStockSchema, posted)
			if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
			const { id, stock, loadedStock } = submission.value
			try {
				if ((await setProductStock(app.db, id, stock, loadedStock)) === null) return refuse(adminT('common.notFound'), 404)
			} catch (error) {
				// Refused with the figure now: the row keeps what was typed, and a second save is measured against that figure.
				if (!(error instanceof StockMovedError)) throw error
				const current = error.currentStock === null ? '' : String(error.currentStock)
				return rejectAdminSubmission(formError(error.message, error.field), { ...posted, loadedStock: current }, error.status, adminT('common.error'))
			}
			return toastResult({ type: 'success', title: adminT('products.stockSaved') })
		}
		if (posted.intent === 'threshold') {
			const submission = parseSubmission(lowStockThresholdSchema, posted)
			if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
			await setLowStockThreshold(app.db, submission.value.threshold)
			return toastResult({ type: 'success', title: adminT('products.thresholdSaved') })
		}
	} catch (error) {
		if (error instanceof AdminInputError) return refuse(error.message, error.status, error.field)
		throw error
	}
	return answerRowAction(app, request, posted, rowActionConfig)
}

type Row = Route.ComponentProps['loaderData']['products'][number]

/**
 * The stock cell: a made-to-order note, or the figure to edit in place, flagged at 0 and at or below the
 * threshold. A typed figure is saved on Enter, with its button, or when the field loses focus, against the
 * figure the row showed (compare-and-set, ADR 0094); until it is saved the row counts as unsaved.
 */
function StockCell({ product, threshold, onUnsaved }: { product: Row; threshold: number; onUnsaved: (id: string, unsaved: boolean) => void }) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const [typed, setTyped] = useState<string | null>(null)
	// The figure last sent: it is not sent twice, and it stays unsaved only if the server refused it.
	const [sent, setSent] = useState<string | null>(null)
	const refused = fetcher.state === 'idle' && isRejected(fetcher.data)
	// A refusal because the stock moved carries the figure now; the next save is compared with it.
	const movedTo = refused ? (fetcher.data as AdminRejection).values.loadedStock : undefined
	const changed = typed !== null && typed !== String(product.stock)
	const unsaved = changed && (typed !== sent || refused)
	useEffect(() => {
		onUnsaved(product.id, unsaved)
		return () => onUnsaved(product.id, false)
	}, [onUnsaved, product.id, unsaved])
	if (product.variantCount > 0) return <span className="text-muted">{adminT('variants.count', { count: product.variantCount })}</span>
	if (product.stock === null) return <span className="text-muted">{adminT('products.madeToOrder')}</span>
	const flag = product.stock === 0 ? 'out' : product.stock <= threshold ? 'low' : null
	const value = typed ?? String(product.stock)
	const saveOnLeave = (event: FocusEvent<HTMLFormElement>) => {
		// Focus moving within the row (to its own save button, whose submission sends it) is not leaving it.
		if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
		const field = event.currentTarget.elements.namedItem('stock')
		if (!changed || (typed === sent && !refused) || !(field instanceof HTMLInputElement) || !field.validity.valid) return
		setSent(typed)
		void fetcher.submit(event.currentTarget)
	}
	return (
		<fetcher.Form
			method="post"
			className="flex flex-wrap items-center gap-2"
			onSubmit={(event) => {
				if (typed === sent && !refused) event.preventDefault()
				else setSent(typed)
			}}
			onBlur={saveOnLeave}
			data-testid={`stock-${product.id}`}
		>
			<input type="hidden" name="intent" value="stock" />
			<input type="hidden" name="id" value={product.id} />
			<input type="hidden" name="loadedStock" value={typeof movedTo === 'string' ? movedTo : product.stock} />
			<NumberInput
				name="stock"
				format={WHOLE}
				aria-label={adminT('products.stockFor', { name: product.name })}
				className="w-20 rounded-lg border border-muted/60 bg-white px-2 py-1 text-sm"
				value={value}
				onChange={(event) => setTyped(event.target.value)}
			/>
			{changed ? (
				<button type="submit" className={buttonSmall} disabled={fetcher.state !== 'idle'} aria-label={adminT('products.saveStockFor', { name: product.name })}>
					{adminT('products.saveStock')}
				</button>
			) : null}
			{flag ? (
				<span
					className={`rounded-full px-2 py-0.5 text-xs font-semibold ${flag === 'out' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
					data-stock-flag={flag}
				>
					{flag === 'out' ? adminT('products.outOfStock') : adminT('products.lowStock')}
				</span>
			) : null}
		</fetcher.Form>
	)
}

function productColumns(options: {
	threshold: number
	selected: ReadonlySet<string>
	toggle: (id: string, on: boolean) => void
	onUnsaved: (id: string, unsaved: boolean) => void
}): [Column<Row>, ...Column<Row>[]] {
	return [
		{
			header: adminT('products.name'),
			cell: (product) => (
				<span className="flex items-center gap-3">
					<input
						type="checkbox"
						className="size-5 shrink-0 accent-clay-dark"
						checked={options.selected.has(product.id)}
						onChange={(event) => options.toggle(product.id, event.target.checked)}
						aria-label={adminT('products.selectProduct', { name: product.name })}
					/>
					{product.image ? <img src={product.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded object-cover" /> : null}
					<span className="min-w-0 break-words">{product.name}</span>
				</span>
			),
		},
		{
			header: adminT('products.category'),
			cell: (product) =>
				product.categoryName ?? (
					<span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
						{adminT('products.categoryCleared')}
					</span>
				),
		},
		{ header: adminT('products.kind'), cell: (product) => adminT(`products.kinds.${product.kind}`) },
		{ header: adminT('products.price'), cell: (product) => formatEuro(product.priceCents, 'ro'), className: 'whitespace-nowrap' },
		{
			header: adminT('products.stock'),
			cell: (product) => <StockCell key={`${product.id}-${product.stock}`} product={product} threshold={options.threshold} onUnsaved={options.onUnsaved} />,
		},
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
				<div className="flex flex-wrap gap-2">
					<RowActions
						row={product}
						editTo={`/admin/products/${product.id}`}
						labels={{ toggle: 'products.toggleLabel', edit: 'products.editLabel', delete: 'products.deleteLabel' }}
					/>
					<a
						href={shopProductHref(product.slug)}
						target="_blank"
						rel="noopener"
						className={buttonSmall}
						aria-label={adminT('products.viewInShopLabel', { name: product.name })}
					>
						{adminT('products.viewInShop')}
					</a>
				</div>
			),
		},
	]
}

type BulkOperation = 'activate' | 'deactivate' | 'delete' | 'price' | 'stock'

/** The bulk bar: what to do with the ticked products, posted as one intent=bulk (ADR 0125). */
function BulkBar({
	selected,
	pageIds,
	onSelectPage,
	onDone,
}: {
	selected: readonly string[]
	pageIds: readonly string[]
	onSelectPage: (on: boolean) => void
	onDone: () => void
}) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const [operation, setOperation] = useState<BulkOperation>('deactivate')
	const [value, setValue] = useState('')
	const [confirming, setConfirming] = useState(false)
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => {
		if (fetcher.data && 'toast' in fetcher.data) onDone()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer matters
	}, [fetcher.data])
	const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id))
	const needsValue = operation === 'price' || operation === 'stock'
	return (
		<fetcher.Form
			ref={form}
			method="post"
			aria-label={adminT('bulk.label')}
			className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm"
			onSubmit={(event) => {
				if (operation !== 'delete') return
				event.preventDefault()
				setConfirming(true)
			}}
		>
			<input type="hidden" name="intent" value="bulk" />
			{selected.map((id) => (
				<input key={id} type="hidden" name="ids[]" value={id} />
			))}
			<label className="flex items-center gap-2 self-center text-sm">
				<input type="checkbox" className="size-5 accent-clay-dark" checked={allOnPage} onChange={(event) => onSelectPage(event.target.checked)} />
				{adminT('products.selectPage')}
			</label>
			<p className="self-center text-sm font-medium" aria-live="polite" data-testid="bulk-count">
				{adminT('bulk.selected', { count: selected.length })}
			</p>
			<div>
				<label htmlFor="bulk-operation" className={labelClass}>
					{adminT('bulk.operation')}
				</label>
				<select
					id="bulk-operation"
					name="operation"
					className={inputClass}
					value={operation}
					onChange={(event) => setOperation(event.target.value as BulkOperation)}
				>
					{(['activate', 'deactivate', 'delete', 'price', 'stock'] as const).map((option) => (
						<option key={option} value={option}>
							{adminT(`bulk.${option}`)}
						</option>
					))}
				</select>
			</div>
			{needsValue ? (
				<div className="w-36">
					<label htmlFor="bulk-value" className={labelClass}>
						{adminT(`bulk.${operation}`)}
					</label>
					<NumberInput
						id="bulk-value"
						name="value"
						format={operation === 'price' ? MONEY : { decimals: 0, signed: true }}
						className={inputClass}
						value={value}
						onChange={(event) => setValue(event.target.value)}
					/>
				</div>
			) : null}
			<button type="submit" className={buttonPrimary} disabled={selected.length === 0 || fetcher.state !== 'idle'}>
				{adminT('bulk.apply')}
			</button>
			<ConfirmDialog
				open={confirming}
				description={adminT('bulk.confirmDelete', { count: selected.length })}
				onClose={() => setConfirming(false)}
				onConfirm={() => {
					if (form.current) fetcher.submit(form.current)
				}}
			/>
		</fetcher.Form>
	)
}

/** The owner's low-stock threshold, kept in the shop's settings. */
function ThresholdForm({ threshold }: { threshold: number }) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	return (
		<fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
			<input type="hidden" name="intent" value="threshold" />
			<div className="w-36">
				<label htmlFor="low-stock-threshold" className={labelClass}>
					{adminT('products.threshold')}
				</label>
				<NumberInput
					id="low-stock-threshold"
					name="threshold"
					format={WHOLE}
					defaultValue={threshold}
					aria-describedby="low-stock-threshold-hint"
					className={inputClass}
				/>
			</div>
			<button type="submit" className={buttonSecondary} disabled={fetcher.state !== 'idle'}>
				{adminT('products.thresholdSave')}
			</button>
			<p id="low-stock-threshold-hint" className="basis-full text-xs text-muted">
				{adminT('products.thresholdHint')}
			</p>
		</fetcher.Form>
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

/** What the list is filtered by, in words, for the empty message. */
function filterDescription(q: string, category: string, categories: readonly { id: string; name: string }[]) {
	const parts: string[] = []
	if (q) parts.push(adminT('products.filterSearch', { q }))
	if (category === 'none') parts.push(adminT('products.filterNoCategory'))
	else if (category) parts.push(adminT('products.filterCategory', { name: categories.find((option) => option.id === category)?.name ?? category }))
	return parts.join(', ')
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
	const { products, q, category, categories, page, pages, total, threshold } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/products'
	const filtered = q !== '' || category !== ''
	const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
	const pageIds = products.map((product) => product.id)
	const toggle = (id: string, on: boolean) =>
		setSelected((current) => {
			const next = new Set(current)
			if (on) next.add(id)
			else next.delete(id)
			return next
		})
	// Only products still listed stay selected (a deleted or filtered-out product cannot be changed by mistake).
	const shownSelected = [...selected].filter((id) => pageIds.includes(id))
	// Rows with a typed stock figure not yet saved: leaving the list (another page of it too) asks first.
	const [unsavedStock, setUnsavedStock] = useState<ReadonlySet<string>>(new Set())
	const onUnsaved = useCallback(
		(id: string, unsaved: boolean) =>
			setUnsavedStock((current) => {
				if (current.has(id) === unsaved) return current
				const next = new Set(current)
				if (unsaved) next.add(id)
				else next.delete(id)
				return next
			}),
		[],
	)
	const unsavedDialog = useLeaveGuard(unsavedStock.size > 0, (current, next) => current.pathname !== next.pathname || current.search !== next.search)
	const columns = productColumns({ threshold, selected, toggle, onUnsaved })
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
			<div className="mt-6 flex flex-wrap items-end justify-between gap-6">
				<Form method="get" role="search" className="flex min-w-0 flex-1 flex-wrap items-end gap-3">
					<div className="min-w-0 flex-1 basis-52">
						<label htmlFor="product-search" className={labelClass}>
							{adminT('products.searchLabel')}
						</label>
						<input id="product-search" type="search" name="q" defaultValue={q} maxLength={100} className={inputClass} />
					</div>
					<div className="min-w-0 basis-52">
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
				<ThresholdForm threshold={threshold} />
			</div>
			{unsavedDialog}
			{loading ? (
				<Spinner />
			) : products.length === 0 ? (
				<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
					<p className="text-muted">
						{filtered ? adminT('products.emptyFiltered', { filter: filterDescription(q, category, categories) }) : adminT('products.empty')}
					</p>
					{filtered ? (
						<Link to="/admin/products" className={`${buttonSecondary} mt-4`}>
							{adminT('products.clearFilters')}
						</Link>
					) : (
						<Link to="/admin/products/new" className={`${buttonPrimary} mt-4`}>
							{adminT('products.add')}
						</Link>
					)}
				</div>
			) : (
				<>
					<BulkBar
						selected={shownSelected}
						pageIds={pageIds}
						onSelectPage={(on) => setSelected(on ? new Set(pageIds) : new Set())}
						onDone={() => setSelected(new Set())}
					/>
					<ResourceTable rows={products} rowKey={(product) => product.id} columns={columns} />
					<Pager page={page} pages={pages} total={total} href={(target) => pageLink(q, category, target)} />
				</>
			)}
		</section>
	)
}
