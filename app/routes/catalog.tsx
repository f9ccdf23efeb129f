import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useSubmit } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { loadCatalog } from '#server/catalog/catalog.ts'
import { localizeContentGroups } from '#server/catalog/content.ts'
import { sharedStorefrontRead } from '#server/catalog/shared-reads.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { ProductCard } from '#app/components/catalog/product-card.tsx'
import { CATALOG_QUERY_PARAMS, CATALOG_SORTS, catalogHref } from '#domain/catalog.ts'
import { parseCatalogQuery } from '#domain/catalog-query.ts'
import { PORTRAIT_SIZES } from '#domain/enums.ts'
import { PORTRAIT_BASE_CENTS } from '#domain/portrait-price.ts'
import { formatEuro } from '#domain/money.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/catalog'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

/** The portrait category's slug (category=portrait_cardboard shows the two fixed size cards). */
const PORTRAIT_CATEGORY = 'portrait_cardboard'

export async function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const query = parseCatalogQuery(new URL(request.url).searchParams)
	// The same for every visitor in a language until the catalogue changes: read once, shared (ADR 0122).
	const { result, tabs, subcategories, products } = await sharedStorefrontRead(app, `catalog ${app.locale} ${JSON.stringify(query)}`, async (localizing) => {
		const result = await loadCatalog(app.db, query, app.locale)
		// One translation read for the whole page (at most one query), whatever it shows.
		const [tabs, subcategories, products] = await localizeContentGroups(
			localizing,
			[
				{ kind: 'category', rows: result.tabs },
				{ kind: 'category', rows: result.subcategories },
				{ kind: 'product', rows: result.products },
			],
			app.locale,
		)
		return { result, tabs, subcategories, products }
	})
	const selectedCategory =
		result.selected.type === 'category' ? (tabs.find((tab) => tab.id === (result.selected as { category: { id: string } }).category.id) ?? null) : null
	const subcategory = result.subcategory ? (subcategories.find((sub) => sub.id === result.subcategory!.id) ?? null) : null
	const selectedKey = result.selected.type === 'category' ? selectedCategory!.slug : result.selected.type === 'unknown' ? null : result.selected.type
	const filter = query.filter ?? null
	const page = query.page

	const t = serverI18n(app.locale).t
	const q = query.q ?? null
	const sort = query.sort
	const title = [
		q ? t('catalog.searchTitle', { q }) : null,
		subcategory?.name ?? selectedCategory?.name ?? (selectedKey === 'bestsellers' ? t('catalog.bestsellers') : null),
		filter === 'new' ? t('catalog.newArrivals') : filter === 'bestsellers' && selectedKey !== 'bestsellers' ? t('catalog.bestsellers') : null,
		t('catalog.title'),
	]
		.filter(Boolean)
		.join(' · ')
	const listing = {
		category: selectedKey && selectedKey !== 'all' ? selectedKey : undefined,
		subcategory: subcategory?.slug,
		filter: filter ?? undefined,
		q: q ?? undefined,
		sort,
	}
	const canonical = catalogHref({ ...listing, page })
	// A page past the last one names nothing, like an unknown category.
	const notFound = result.selected.type === 'unknown' || result.subcategoryUnknown || (page > 1 && products.length === 0)
	return data(
		{
			tabs,
			selectedKey,
			selectedCategory,
			subcategories,
			subcategory,
			filter,
			q,
			sort,
			products,
			pagination: {
				page,
				previous: page > 1 ? catalogHref({ ...listing, page: page - 1 }) : null,
				next: result.hasNextPage ? catalogHref({ ...listing, page: page + 1 }) : null,
			},
			showPortraitSizes: selectedCategory?.slug === PORTRAIT_CATEGORY && !subcategory,
			meta: pageMeta(app, {
				title: page > 1 ? `${title} · ${t('catalog.pageNumber', { page })}` : title,
				description: subcategory?.description ?? selectedCategory?.description ?? t('catalog.description'),
				path: canonical,
				image: selectedCategory?.imageUrl ?? products[0]?.image,
			}),
		},
		{ status: notFound ? 404 : 200 },
	)
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle(CATALOG_QUERY_PARAMS)

export function meta({ loaderData }: Route.MetaArgs) {
	const tags = seoMeta(loaderData?.meta)
	// Search results are for the visitor, not for search engines' indexes.
	if (loaderData?.q) tags.push({ name: 'robots', content: 'noindex' })
	return tags
}

/** Sorting: a GET form that keeps the page's other parameters; it submits on change once the page's JavaScript runs, with its button before. */
function SortForm({ sort, keep }: { sort: string; keep: Record<string, string | null | undefined> }) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const submit = useSubmit()
	return (
		<Form
			method="get"
			action={lp('/catalog')}
			preventScrollReset
			className="flex min-w-0 flex-wrap items-center justify-end gap-2 text-sm"
			data-testid="sort-form"
		>
			{Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
			<label htmlFor="catalog-sort" className="font-medium">
				{t('catalog.sortLabel')}
			</label>
			<select
				id="catalog-sort"
				name="sort"
				defaultValue={sort}
				key={sort}
				onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
				className="min-h-11 min-w-0 max-w-full rounded-full border border-sand bg-white px-3"
			>
				{CATALOG_SORTS.map((option) => (
					<option key={option} value={option}>
						{t(`catalog.sort.${option}`)}
					</option>
				))}
			</select>
			{/* Choosing an order sends the form; only a browser without JavaScript needs a button for it. */}
			<noscript>
				<button type="submit" className="btn-secondary min-h-11 px-4 py-0">
					{t('catalog.sortApply')}
				</button>
			</noscript>
		</Form>
	)
}

function Tab({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
	const lp = useLocalizedPath()
	return (
		<li>
			<Link
				to={lp(to)}
				preventScrollReset
				aria-current={current ? 'page' : undefined}
				className={`flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium ${current ? 'border-clay-dark bg-clay-dark text-white' : 'border-sand bg-white hover:border-clay-dark'}`}
			>
				{children}
			</Link>
		</li>
	)
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const { tabs, selectedKey, selectedCategory, subcategories, subcategory, filter, q, sort, products, pagination, showPortraitSizes } = loaderData
	// Tabs and subcategories keep the search and the order the visitor chose.
	const kept = { q: q ?? undefined, sort }
	const heading = q
		? t('catalog.searchTitle', { q })
		: (subcategory?.name ??
			selectedCategory?.name ??
			(selectedKey === 'bestsellers' ? t('catalog.bestsellers') : filter === 'new' ? t('catalog.newArrivals') : t('catalog.title')))
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="font-serif text-3xl sm:text-4xl">{heading}</h1>
			{selectedCategory?.description ? <p className="mt-2 max-w-2xl text-muted">{selectedCategory.description}</p> : null}

			<nav aria-label={t('catalog.tabsLabel')} className="-mx-4 mt-6 overflow-x-auto px-4">
				<ul className="flex gap-2 pb-2">
					<Tab to={catalogHref({ filter: filter ?? undefined, ...kept })} current={selectedKey === 'all'}>
						{t('catalog.all')}
					</Tab>
					<Tab to={catalogHref({ category: 'bestsellers', filter: filter === 'new' ? 'new' : undefined, ...kept })} current={selectedKey === 'bestsellers'}>
						{t('catalog.bestsellers')}
					</Tab>
					{tabs.map((tab) => (
						<Tab key={tab.id} to={catalogHref({ category: tab.slug, filter: filter ?? undefined, ...kept })} current={selectedKey === tab.slug}>
							{tab.name}
						</Tab>
					))}
				</ul>
			</nav>

			{selectedCategory && subcategories.length > 0 ? (
				<nav aria-label={t('catalog.subcategoriesLabel')} className="mt-6">
					<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
						{subcategories.map((sub) => {
							const current = subcategory?.id === sub.id
							return (
								<li key={sub.id}>
									<Link
										to={lp(catalogHref({ category: selectedCategory.slug, subcategory: current ? undefined : sub.slug, filter: filter ?? undefined, ...kept }))}
										preventScrollReset
										aria-current={current ? 'true' : undefined}
										className={`flex h-full min-h-16 flex-col justify-center rounded-2xl border-2 p-3 text-sm ${current ? 'border-clay-dark bg-sand' : 'border-sand bg-white hover:border-clay-dark'}`}
									>
										<span className="font-semibold">{sub.name}</span>
										{sub.description ? <span className="mt-1 text-xs text-muted">{sub.description}</span> : null}
									</Link>
								</li>
							)
						})}
					</ul>
				</nav>
			) : null}

			{showPortraitSizes ? (
				<section aria-labelledby="portrait-sizes" className="mt-8">
					<h2 id="portrait-sizes" className="font-serif text-2xl">
						{t('catalog.portraitsTitle')}
					</h2>
					<ul className="mt-4 grid gap-4 sm:grid-cols-2">
						{PORTRAIT_SIZES.map((size, index) => (
							<li key={size}>
								<Link
									to={lp(`/customize-portrait?size=${size}`)}
									className="flex h-full flex-col gap-2 rounded-2xl border-2 border-sand bg-white p-6 hover:border-clay-dark"
									data-testid="portrait-size-card"
								>
									<span className="text-lg font-semibold">{index === 0 ? t('catalog.portraitSmall') : t('catalog.portraitLarge')}</span>
									<span className="text-muted">{t('catalog.portraitSize', { size })}</span>
									<span className="text-xl font-semibold text-clay-dark">{formatEuro(PORTRAIT_BASE_CENTS[size], i18n.language)}</span>
									<span className="mt-2 font-medium text-clay-dark underline underline-offset-4">{t('catalog.customize')}</span>
								</Link>
							</li>
						))}
					</ul>
				</section>
			) : (
				<section aria-labelledby="products-title" className="mt-8">
					<h2 id="products-title" className="sr-only">
						{t('catalog.productsLabel')}
					</h2>
					{products.length > 0 || q ? (
						<div className="mb-4 flex justify-end">
							<SortForm sort={sort} keep={{ category: selectedKey && selectedKey !== 'all' ? selectedKey : null, subcategory: subcategory?.slug, filter, q }} />
						</div>
					) : null}
					{products.length === 0 ? (
						<div className="rounded-2xl bg-white p-8 text-center">
							<p className="text-lg">{q ? t('catalog.searchEmpty', { q }) : t('catalog.empty')}</p>
							<Link to={lp('/catalog')} className="mt-4 inline-block font-medium text-clay-dark underline underline-offset-4">
								{t('catalog.showAll')}
							</Link>
						</div>
					) : (
						<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
							{products.map((product, index) => (
								<li key={product.id}>
									<ProductCard product={product} eager={index < 2} t={t} language={i18n.language} />
								</li>
							))}
						</ul>
					)}
					{pagination.previous || pagination.next ? (
						<nav aria-label={t('catalog.pagesLabel')} className="mt-8 flex items-center justify-center gap-4">
							{pagination.previous ? (
								<Link to={lp(pagination.previous)} rel="prev" className="btn-secondary min-h-11 px-5 py-0">
									{t('catalog.previousPage')}
								</Link>
							) : null}
							<span aria-current="page">{t('catalog.pageNumber', { page: pagination.page })}</span>
							{pagination.next ? (
								<Link to={lp(pagination.next)} rel="next" className="btn-secondary min-h-11 px-5 py-0">
									{t('catalog.nextPage')}
								</Link>
							) : null}
						</nav>
					) : null}
				</section>
			)}
		</div>
	)
}
