import { useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, redirect, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { findActiveProduct, findRelatedProducts } from '#server/catalog/catalog.ts'
import { localizeContentGroups, type LocalizingApp } from '#server/catalog/content.ts'
import { localizedUrl } from '#server/public-url.ts'
import { sharedStorefrontRead } from '#server/catalog/shared-reads.ts'
import { getApp } from '#server/context.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { reminderT } from '#server/marketing/reminder-texts.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { AddToCartButton } from '#app/components/cart/add-to-cart-button.tsx'
import { BadgeList, ProductCard } from '#app/components/catalog/product-card.tsx'
import { PriceWithSale, SaleBadge } from '#app/components/catalog/sale-price.tsx'
import { ResponsiveImage } from '#app/components/responsive-image.tsx'
import { isCatalogKey } from '#domain/catalog.ts'
import { localizedPath, stripLocale } from '#domain/i18n/paths.ts'
import { isUuid } from '#domain/ids.ts'
import { imageSrcSet } from '#domain/images.ts'
import { formatAmount } from '#domain/money.ts'
import { formatMeasures, type FormattedMeasures } from '#domain/measures.ts'
import { breadcrumbListJsonLd, productGroupJsonLd, productJsonLd, reviewsJsonLd } from '#domain/structured-data.ts'
import { approvedReviewsFrom, productReviewsView } from '#server/reviews/reviews.ts'
import { ProductReviews } from '#app/components/catalog/product-reviews.tsx'
import { selectedVariant, variantPicker, VALUES_SEPARATOR } from '#domain/variants.ts'
import { listProductVariants, localizeOptions } from '#server/catalog/variants.ts'
import { VariantPicker } from '#app/components/catalog/variant-picker.tsx'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/product'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { shownLeadTime } from '#domain/lead-time.ts'

export async function loader({ params, context, request }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const key = params.key.trim().toLowerCase()
	const lookup = isUuid(key) ? { id: key } : isCatalogKey(key) ? { slug: key } : null
	// Staff preview inactive products (ADR 0125); customers get the 404. Staff have a session, so the page cache never keeps what they see,
	// and their read is their own: the shared read below holds active products only.
	const user = getCurrentUser(context)
	const includeInactive = !!user && (user.isAdmin || user.isEditor)
	const read = async (localizing: LocalizingApp) => {
		const found = lookup ? await findActiveProduct(app.db, lookup, { includeInactive }) : null
		if (!found) return { found, product: undefined, parent: null, related: [], options: null, reviews: null }
		const [relatedRows, variantRows] = await Promise.all([
			findRelatedProducts(app.db, found),
			found.optionNames.length ? listProductVariants(app.db, found.id) : Promise.resolve([]),
		])
		const reviews = approvedReviewsFrom(found.approvedReviews)
		// The product, its category's parent tab (breadcrumbs) and the related products: one translation read.
		const [[product], [parent], related] = await localizeContentGroups(
			localizing,
			[
				{ kind: 'product', rows: [found] },
				{ kind: 'category', rows: [{ name: found.parentCategoryName }] },
				{ kind: 'product', rows: relatedRows },
			],
			app.locale,
		)
		const options = variantRows.length ? await localizeOptions(localizing, app.locale, found.optionNames, variantRows) : null
		return { found, product, parent: parent?.name ?? null, related, options, reviews }
	}
	// The product in the visitor's language, read once for everyone until the catalogue changes (ADR 0122).
	const { found, product, parent, related, options, reviews } = includeInactive
		? await read(app)
		: await sharedStorefrontRead(app, `product ${app.locale} ${key}`, read)
	if (found && found.slug !== params.key) {
		// The slug URL is canonical; an id (or differently written) URL moves there for good.
		throw redirect(localizedPath(app.locale, `/product/${encodeURIComponent(found.slug)}`), 301)
	}
	if (!found) {
		return data(
			{
				product: null,
				meta: {
					...pageMeta(app, { title: t('product.notFound'), description: t('product.notFoundText'), path: `/product/${encodeURIComponent(params.key)}` }),
				},
				jsonLd: null,
				breadcrumbsLd: null,
				breadcrumbs: [],
				related: [],
				lei: null,
				preview: false,
				picker: null,
				reviews: null,
				stockAlert: null,
			},
			{ status: 404 },
		)
	}
	if (!product) throw new Error(`product ${found.id} was read but not localized`)
	// The variant the address names (ADR 0264), else the first one a customer can buy.
	const variant = options ? selectedVariant(options.variants, new URL(request.url).searchParams.get('variant')?.toLowerCase() ?? null) : null
	const picker = options && variant ? variantPicker(options.optionLabels, options.variants, variant) : null
	const variantLabelOf = (values: string[]) => `${product.name} — ${values.join(VALUES_SEPARATOR)}`
	const meta = pageMeta(app, {
		title: product.name,
		description: product.description || t('catalog.description'),
		path: `/product/${product.slug}`,
		image: product.images[0],
		type: 'product',
	})
	// The page in its own language (ADR 0106).
	const absolute = (url: string) => new URL(url, app.env.PUBLIC_URL).href
	const structured = { ...product, images: product.images.map(absolute) }
	const page = { url: meta.canonical, brand: meta.siteName, burnTimeName: t('product.burnTime') }
	// Approved reviews as written, each with its writer's first name and country (ADR 0268).
	const shownReviews = reviews ? productReviewsView(reviews, app.locale) : null
	const reviewsLd = reviews
		? reviewsJsonLd(
				reviews.summary,
				reviews.reviews.map((review) => ({ ...review, language: review.locale, publishedAt: review.createdAt })),
			)
		: {}
	const productLd = options
		? productGroupJsonLd(
				{
					...structured,
					optionNames: product.optionNames,
					optionLabels: options.optionLabels,
					variants: options.variants.map((row) => ({ ...row, name: variantLabelOf(row.valueLabels), image: row.image ? absolute(row.image) : null })),
				},
				{ ...page, variantUrl: (id) => `${meta.canonical}?variant=${id}` },
			)
		: productJsonLd(structured, page)
	const jsonLd = { ...productLd, ...reviewsLd }
	// Home › Shop › the category's tab › the category › the product (ADR 0137), the last one the page itself.
	const breadcrumbs: { name: string; href: string | null }[] = [
		{ name: t('product.home'), href: '/' },
		{ name: t('catalog.title'), href: '/catalog' },
		...(product.parentCategoryHref && parent ? [{ name: parent, href: product.parentCategoryHref }] : []),
		...(product.categoryHref && product.categoryName ? [{ name: product.categoryName, href: product.categoryHref }] : []),
		{ name: product.name, href: null },
	]
	const breadcrumbsLd = breadcrumbListJsonLd(
		breadcrumbs.map((crumb) => ({ name: crumb.name, url: crumb.href ? localizedUrl(app.env.PUBLIC_URL, app.locale, crumb.href) : meta.canonical })),
	)
	// Decision 0011: euro everywhere; Romanian visitors also see an approximate amount in lei.
	const own = variant
		? {
				priceCents: variant.priceCents,
				sale: variant.sale,
				stock: variant.stock,
				images: variant.image ? [variant.image, ...product.images.filter((url) => url !== variant.image)] : product.images,
				weightGrams: variant.weightGrams,
			}
		: {}
	const priced = { ...product, ...own }
	const lei = app.locale === 'ro' ? { cents: Math.round(priced.priceCents * app.env.RON_PER_EUR), rate: app.env.RON_PER_EUR } : null
	const { updatedAt: _updatedAt, isActive, categoryId: _categoryId, parentCategoryName: _parent, optionNames: _options, ...rest } = priced
	// Formatted here, in the page's language, so the server's and the browser's Intl data cannot disagree.
	const measures = formatMeasures(app.locale, priced)
	const shown = {
		...rest,
		measures,
		details: productDetailRows(t, { ...priced, measures }),
		// What the cart adds: the variant itself, under its name in this language.
		sellable: variant ? { id: variant.id, name: variantLabelOf(variant.valueLabels), sku: variant.sku } : { id: product.id, name: product.name, sku: null },
	}
	if (!isActive)
		return data(
			{ product: shown, meta, jsonLd: null, breadcrumbsLd: null, breadcrumbs, related, lei, preview: true, picker, reviews: shownReviews, stockAlert: null },
			{ headers: { 'Cache-Control': 'private, no-store' } },
		)
	// A sold-out product or variant offers to write when it is back (ADR 0269): a link to the sign-up, its text from the loader.
	const stockAlert =
		priced.stock === 0 && product.kind !== 'portrait_cardboard'
			? { label: reminderT(app.locale)('stockAlert.title'), path: `/stock-alert?product=${shown.sellable.id}` }
			: null
	return { product: shown, meta, jsonLd, breadcrumbsLd, breadcrumbs, related, lei, preview: false, picker, reviews: shownReviews, stockAlert }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle(['variant'])

export function meta({ loaderData }: Route.MetaArgs) {
	const tags = seoMeta(loaderData?.meta)
	if (loaderData?.jsonLd) tags.push({ 'script:ld+json': loaderData.jsonLd })
	if (loaderData?.breadcrumbsLd) tags.push({ 'script:ld+json': loaderData.breadcrumbsLd })
	if (!loaderData?.product || loaderData.preview) tags.push({ name: 'robots', content: 'noindex' })
	return tags
}

function ProductNotFound() {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<div className="mx-auto max-w-2xl px-4 py-24 text-center">
			<p className="text-sm font-semibold text-clay-dark">404</p>
			<h1 className="mt-2 font-serif text-3xl">{t('product.notFound')}</h1>
			<p className="mt-4 text-muted">{t('product.notFoundText')}</p>
			<Link to={lp('/catalog')} className="mt-8 btn-primary">
				{t('product.backToCatalog')}
			</Link>
		</div>
	)
}

type Crumb = { name: string; href: string | null }

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<nav aria-label={t('product.breadcrumbs')} className="mb-6 text-sm text-muted">
			<ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
				{crumbs.map((crumb, index) => (
					<li key={index} className="flex items-center gap-2">
						{index > 0 ? <span aria-hidden="true">›</span> : null}
						{crumb.href ? (
							<Link to={lp(crumb.href)} className="hover:text-clay-dark underline underline-offset-4">
								{crumb.name}
							</Link>
						) : (
							<span aria-current="page" className="text-ink">
								{crumb.name}
							</span>
						)}
					</li>
				))}
			</ol>
		</nav>
	)
}

const KNOWN_SCENTS = ['vanilla', 'ocean', 'lavender', 'citrus', 'seasonal'] as const
const KNOWN_CONTAINERS = ['glass', 'metal'] as const

/**
 * Every attribute the product has, as term and value in the page's language; those it lacks are
 * left out. Worked out by the loader, so the page's JavaScript carries only the list.
 */
function productDetailRows(
	t: ReturnType<typeof serverI18n>['t'],
	product: {
		scent: string | null
		smellsLike: string | null
		waxColor: string | null
		containerType: string | null
		giftWrapAvailable: boolean
		customLabelAvailable: boolean
		kind: string
		measures: FormattedMeasures
	},
): [string, string][] {
	const rows: [string, string][] = []
	if (product.scent)
		rows.push([
			t('product.scent'),
			(KNOWN_SCENTS as readonly string[]).includes(product.scent) ? t(`product.scents.${product.scent as (typeof KNOWN_SCENTS)[number]}`) : product.scent,
		])
	if (product.smellsLike) rows.push([t('product.smellsLike'), product.smellsLike])
	if (product.waxColor) rows.push([t('product.waxColor'), product.waxColor])
	if (product.containerType)
		rows.push([
			t('product.container'),
			(KNOWN_CONTAINERS as readonly string[]).includes(product.containerType)
				? t(`product.containers.${product.containerType as (typeof KNOWN_CONTAINERS)[number]}`)
				: product.containerType,
		])
	if (product.measures.burnTime) rows.push([t('product.burnTime'), product.measures.burnTime])
	if (product.measures.size) rows.push([t('product.size'), product.measures.size])
	if (product.measures.weight) rows.push([t('product.weight'), product.measures.weight])
	if (product.kind !== 'portrait_cardboard' && product.giftWrapAvailable) rows.push([t('product.giftWrap'), t('product.giftWrapAvailable')])
	if (product.customLabelAvailable) rows.push([t('product.customLabel'), t('product.customLabelAvailable')])
	return rows
}

/** The product's attributes as the loader listed them. */
function ProductDetails({ rows }: { rows: [string, string][] }) {
	const { t } = useTranslation()
	if (rows.length === 0) return null
	return (
		<section className="mt-8" aria-labelledby="details-title">
			<h2 id="details-title" className="text-lg font-semibold">
				{t('product.details')}
			</h2>
			<dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="product-details">
				{rows.map(([term, value]) => (
					<div key={term} className="contents">
						<dt className="font-medium">{term}</dt>
						<dd className="text-muted">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

/**
 * The product's photos: the current one large (a button that opens it enlarged), previous and next
 * buttons and one named button per photo; the arrow keys move between photos while the gallery has focus.
 */
function Gallery({ images, name }: { images: string[]; name: string }) {
	const { t } = useTranslation()
	const dialog = useRef<HTMLDialogElement>(null)
	const [index, setIndex] = useState(0)
	const count = images.length
	const image = images[index] ?? images[0] ?? null
	if (!image) return <div className="aspect-square w-full rounded-3xl bg-sand" />
	const go = (next: number) => setIndex(((next % count) + count) % count)
	const zoomButton = 'flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full px-2 font-medium whitespace-nowrap hover:bg-sand sm:px-4'
	const arrowClass = 'flex min-h-11 min-w-11 items-center justify-center rounded-full border border-sand bg-white font-semibold hover:border-clay-dark'
	return (
		<section
			aria-label={t('product.gallery')}
			onKeyDown={(event) => {
				if (count < 2 || (event.target as Element).closest('dialog')) return
				if (event.key === 'ArrowRight') go(index + 1)
				else if (event.key === 'ArrowLeft') go(index - 1)
				else return
				event.preventDefault()
			}}
		>
			<button
				type="button"
				aria-haspopup="dialog"
				onClick={() => dialog.current?.showModal()}
				className="block w-full cursor-zoom-in overflow-hidden rounded-3xl bg-white shadow-sm"
			>
				<ResponsiveImage
					key={image}
					src={image}
					sizes="(min-width: 1152px) 556px, (min-width: 768px) 50vw, 100vw"
					width={800}
					height={800}
					alt={count > 1 ? `${name} (${t('product.imageOf', { index: index + 1, count })})` : name}
					eager={index === 0 ? 'high' : true}
					className="aspect-square w-full object-cover"
				/>
				<span className="sr-only">{t('product.enlarge')}</span>
			</button>
			{count > 1 ? (
				<div className="mt-3 flex items-center gap-2">
					<button type="button" onClick={() => go(index - 1)} className={arrowClass}>
						<span aria-hidden="true">‹</span>
						<span className="sr-only">{t('product.previousImage')}</span>
					</button>
					<ul className="flex flex-1 flex-wrap gap-2">
						{images.map((url, position) => (
							<li key={url}>
								<button
									type="button"
									aria-pressed={position === index}
									onClick={() => setIndex(position)}
									className="block h-16 w-16 overflow-hidden rounded-xl border-2 border-transparent aria-pressed:border-clay-dark"
								>
									<ResponsiveImage src={url} sizes="64px" width={64} height={64} alt="" className="h-full w-full object-cover" />
									<span className="sr-only">{t('product.showImage', { index: position + 1 })}</span>
								</button>
							</li>
						))}
					</ul>
					<button type="button" onClick={() => go(index + 1)} className={arrowClass}>
						<span aria-hidden="true">›</span>
						<span className="sr-only">{t('product.nextImage')}</span>
					</button>
				</div>
			) : null}
			{count > 1 ? (
				<p className="sr-only" aria-live="polite" data-testid="gallery-status">
					{t('product.imageOf', { index: index + 1, count })}
				</p>
			) : null}
			<dialog
				ref={dialog}
				aria-label={name}
				onClick={(event) => {
					if (event.target === event.currentTarget) dialog.current?.close()
				}}
				onKeyDown={(event) => {
					if (count < 2) return
					if (event.key === 'ArrowRight') go(index + 1)
					else if (event.key === 'ArrowLeft') go(index - 1)
				}}
				// A phone gets the whole screen, with the photo wider than it to pan across: enlarged to the
				// page's width it would be no bigger than the page's own. Larger screens fit it in view.
				className="m-0 h-dvh max-h-none w-screen max-w-none bg-white p-0 backdrop:bg-ink/80 sm:m-auto sm:h-auto sm:max-h-[95vh] sm:w-auto sm:max-w-[95vw] sm:rounded-2xl"
			>
				{/* On a phone the buttons show a sign (their names stay for screen readers), so they keep to one line. */}
				<form method="dialog" className="sticky top-0 left-0 z-10 flex flex-nowrap items-center justify-end gap-2 bg-white p-2" data-testid="zoom-toolbar">
					{count > 1 ? (
						<>
							<button type="button" onClick={() => go(index - 1)} className={zoomButton}>
								<span aria-hidden="true" className="text-xl sm:hidden">
									‹
								</span>
								<span className="sr-only sm:not-sr-only">{t('product.previousImage')}</span>
							</button>
							<button type="button" onClick={() => go(index + 1)} className={zoomButton}>
								<span aria-hidden="true" className="text-xl sm:hidden">
									›
								</span>
								<span className="sr-only sm:not-sr-only">{t('product.nextImage')}</span>
							</button>
						</>
					) : null}
					<button type="submit" className={zoomButton}>
						<span aria-hidden="true" className="text-xl sm:hidden">
							×
						</span>
						<span className="sr-only sm:not-sr-only">{t('product.close')}</span>
					</button>
				</form>
				{/* Lazy: inside the closed dialog it loads when opened (an eager one would be preloaded with the page, competing with the main image). */}
				<img
					src={image}
					srcSet={imageSrcSet(image)}
					sizes="(min-width: 640px) min(800px, 95vw), 800px"
					alt={name}
					width={800}
					height={800}
					loading="lazy"
					decoding="async"
					className="h-auto w-[200vw] max-w-none sm:max-h-[80vh] sm:w-auto sm:max-w-full sm:object-contain"
				/>
			</dialog>
		</section>
	)
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const navigation = useNavigation()
	const { product, lei, preview, breadcrumbs, related, picker, stockAlert } = loaderData
	if (!product) return <ProductNotFound />

	const loading = navigation.state === 'loading' && stripLocale(navigation.location.pathname).startsWith('/product/')
	const soldOut = product.stock === 0
	const leadTime = shownLeadTime(product)
	return (
		<div className="mx-auto max-w-6xl px-4 py-10" aria-busy={loading}>
			{preview ? (
				<p className="mb-6 notice-warning rounded-2xl text-sm font-medium" data-testid="product-preview">
					{t('product.preview')}
				</p>
			) : null}
			{loading ? (
				<p role="status" className="mb-4 text-sm text-muted">
					{t('product.loading')}
				</p>
			) : null}
			<Breadcrumbs crumbs={breadcrumbs} />
			<div className={`grid gap-10 md:grid-cols-2 ${loading ? 'opacity-50' : ''}`}>
				{/* A new product starts at its first photo. */}
				<Gallery key={product.id} images={product.images} name={product.name} />
				<div>
					{product.sale ? <SaleBadge sale={product.sale} t={t} className="mb-2 inline-block" /> : null}
					<BadgeList badges={product.badges} />
					<h1 className="mt-3 font-serif text-3xl sm:text-4xl">{product.name}</h1>
					{product.categoryName ? (
						<p className="mt-2 text-muted">
							{t('product.category')}:{' '}
							{product.categoryHref ? (
								<Link to={lp(product.categoryHref)} className="underline underline-offset-4 hover:text-clay-dark">
									{product.categoryName}
								</Link>
							) : (
								product.categoryName
							)}
						</p>
					) : null}
					<div className="mt-6">
						<PriceWithSale
							priceCents={product.priceCents}
							sale={product.sale}
							language={i18n.language}
							t={t}
							className="text-3xl font-semibold text-clay-dark"
							noteClassName="mt-1 text-sm text-muted"
							testId="product-price"
						/>
					</div>
					{lei ? (
						<p className="mt-1 text-sm text-muted" data-testid="product-price-lei">
							{t('product.approxLei', { amount: formatAmount(lei.cents, i18n.language), rate: formatAmount(Math.round(lei.rate * 100), i18n.language) })}
						</p>
					) : null}
					<p
						className={`mt-4 font-medium ${soldOut ? 'inline-block rounded-full bg-ink px-4 py-1 text-sm font-semibold uppercase tracking-wide text-white' : 'text-success'}`}
						data-testid="stock-line"
					>
						{soldOut ? t('product.outOfStock') : leadTime !== null ? t('product.leadTime', { count: leadTime }) : t('product.stock')}
					</p>
					{picker ? <VariantPicker options={picker} sku={product.sellable.sku} /> : null}
					{stockAlert ? (
						<Link to={lp(stockAlert.path)} className="mt-4 block font-medium text-clay-dark underline">
							{stockAlert.label}
						</Link>
					) : null}
					<div className="mt-6">
						{product.kind === 'portrait_cardboard' ? (
							<Link to={lp(`/customize-portrait?size=${product.portraitSize ?? '13x18'}`)} className="btn-primary px-8">
								{t('product.customize')}
							</Link>
						) : (
							<AddToCartButton
								key={product.sellable.id}
								product={{
									id: product.sellable.id,
									slug: product.slug,
									name: product.sellable.name,
									priceCents: product.priceCents,
									image: product.images[0] ?? null,
									stock: product.stock,
									leadTimeDays: leadTime,
								}}
								className="btn-primary px-8"
							/>
						)}
					</div>
					{product.description ? (
						<section className="mt-8" aria-labelledby="description-title">
							<h2 id="description-title" className="text-lg font-semibold">
								{t('product.description')}
							</h2>
							<p className="mt-2 whitespace-pre-line leading-relaxed text-muted">{product.description}</p>
						</section>
					) : null}
					<ProductDetails rows={product.details} />
				</div>
			</div>
			{loaderData.reviews ? <ProductReviews reviews={loaderData.reviews} /> : null}
			{related.length > 0 ? (
				<section aria-labelledby="related-title" className="mt-16" data-testid="related-products">
					<h2 id="related-title" className="font-serif text-2xl">
						{t('product.related')}
					</h2>
					<ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
						{related.map((item) => (
							<li key={item.id}>
								<ProductCard product={item} eager={false} t={t} language={i18n.language} />
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}
