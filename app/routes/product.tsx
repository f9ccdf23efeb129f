import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigation } from 'react-router'
import { findActiveProduct } from '#server/catalog/catalog.ts'
import { localizeContent } from '#server/catalog/content.ts'
import { sharedStorefrontRead } from '#server/catalog/shared-reads.ts'
import { getApp } from '#server/context.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { AddToCartButton } from '#app/components/cart/add-to-cart-button.tsx'
import { BadgeList } from '#app/components/catalog/product-card.tsx'
import { ResponsiveImage } from '#app/components/responsive-image.tsx'
import { isCatalogKey } from '#domain/catalog.ts'
import { localizedPath, stripLocale } from '#domain/i18n/paths.ts'
import { isUuid } from '#domain/ids.ts'
import { imageSrcSet } from '#domain/images.ts'
import { formatAmount, formatEuro } from '#domain/money.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/product'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const key = params.key.trim().toLowerCase()
	const lookup = isUuid(key) ? { id: key } : isCatalogKey(key) ? { slug: key } : null
	// Staff preview inactive products (ADR 0125); customers get the 404. Staff have a session, so the page cache never keeps what they see,
	// and their read is their own: the shared read below holds active products only.
	const user = getCurrentUser(context)
	const includeInactive = !!user && (user.isAdmin || user.isEditor)
	const read = async (localizing: Parameters<typeof localizeContent>[0]) => {
		const found = lookup ? await findActiveProduct(app.db, lookup, { includeInactive }) : null
		const [product] = found ? await localizeContent(localizing, 'product', [found], app.locale) : []
		return { found, product }
	}
	// The product in the visitor's language, read once for everyone until the catalogue changes (ADR 0122).
	const { found, product } = includeInactive ? await read(app) : await sharedStorefrontRead(app, `product ${app.locale} ${key}`, read)
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
				lei: null,
				preview: false,
			},
			{ status: 404 },
		)
	}
	const meta = pageMeta(app, {
		title: product!.name,
		description: product!.description || t('catalog.description'),
		path: `/product/${product!.slug}`,
		image: product!.images[0],
		type: 'product',
	})
	const jsonLd = {
		'@context': 'https://schema.org',
		'@type': 'Product',
		// The page in its own language (ADR 0106).
		url: meta.canonical,
		name: product!.name,
		description: product!.description,
		sku: product!.id,
		image: product!.images.map((url) => new URL(url, app.env.PUBLIC_URL).href),
		...(product!.categoryName ? { category: product!.categoryName } : {}),
		brand: { '@type': 'Brand', name: meta.siteName },
		offers: {
			'@type': 'Offer',
			url: meta.canonical,
			price: (product!.priceCents / 100).toFixed(2),
			priceCurrency: 'EUR',
			availability: product!.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
		},
	}
	// Decision 0011: euro everywhere; Romanian visitors also see an approximate amount in lei.
	const lei = app.locale === 'ro' ? { cents: Math.round(product!.priceCents * app.env.RON_PER_EUR), rate: app.env.RON_PER_EUR } : null
	const { updatedAt: _updatedAt, isActive, ...shown } = product!
	if (!isActive) return data({ product: shown, meta, jsonLd: null, lei, preview: true }, { headers: { 'Cache-Control': 'private, no-store' } })
	return { product: shown, meta, jsonLd, lei, preview: false }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	const tags = seoMeta(loaderData?.meta)
	if (loaderData?.jsonLd) tags.push({ 'script:ld+json': loaderData.jsonLd })
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
			<Link to={lp('/catalog')} className="mt-8 inline-block rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink">
				{t('product.backToCatalog')}
			</Link>
		</div>
	)
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const navigation = useNavigation()
	const dialog = useRef<HTMLDialogElement>(null)
	const [imageIndex, setImageIndex] = useState(0)
	const { product, lei, preview } = loaderData
	if (!product) return <ProductNotFound />

	const loading = navigation.state === 'loading' && stripLocale(navigation.location.pathname).startsWith('/product/')
	const image = product.images[imageIndex] ?? product.images[0] ?? null
	return (
		<div className="mx-auto max-w-6xl px-4 py-10" aria-busy={loading}>
			{preview ? (
				<p className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="product-preview">
					{t('product.preview')}
				</p>
			) : null}
			{loading ? (
				<p role="status" className="mb-4 text-sm text-muted">
					{t('product.loading')}
				</p>
			) : null}
			<div className={`grid gap-10 md:grid-cols-2 ${loading ? 'opacity-50' : ''}`}>
				<div>
					{image ? (
						<button
							type="button"
							aria-haspopup="dialog"
							onClick={() => dialog.current?.showModal()}
							className="block w-full cursor-zoom-in overflow-hidden rounded-3xl bg-white shadow-sm"
						>
							<ResponsiveImage
								src={image}
								sizes="(min-width: 1152px) 556px, (min-width: 768px) 50vw, 100vw"
								width={800}
								height={800}
								alt={product.name}
								eager="high"
								className="aspect-square w-full object-cover"
							/>
							<span className="sr-only">{t('product.enlarge')}</span>
						</button>
					) : (
						<div className="aspect-square w-full rounded-3xl bg-sand" />
					)}
					{product.images.length > 1 ? (
						<ul className="mt-3 flex gap-2">
							{product.images.map((url, index) => (
								<li key={url}>
									<button
										type="button"
										aria-pressed={index === imageIndex}
										onClick={() => setImageIndex(index)}
										className="block h-16 w-16 overflow-hidden rounded-xl border-2 border-transparent aria-pressed:border-clay-dark"
									>
										<ResponsiveImage src={url} sizes="64px" width={64} height={64} alt="" className="h-full w-full object-cover" />
										<span className="sr-only">{t('product.showImage', { index: index + 1 })}</span>
									</button>
								</li>
							))}
						</ul>
					) : null}
				</div>
				<div>
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
					<p className="mt-6 text-3xl font-semibold text-clay-dark" data-testid="product-price">
						{formatEuro(product.priceCents, i18n.language)}
					</p>
					{lei ? (
						<p className="mt-1 text-sm text-muted" data-testid="product-price-lei">
							{t('product.approxLei', { amount: formatAmount(lei.cents, i18n.language), rate: formatAmount(Math.round(lei.rate * 100), i18n.language) })}
						</p>
					) : null}
					<p className={`mt-4 font-medium ${product.stock === 0 ? 'text-red-800' : 'text-green-800'}`} data-testid="stock-line">
						{product.stock === 0 ? t('product.outOfStock') : t('product.stock')}
					</p>
					<div className="mt-6">
						{product.kind === 'portrait_cardboard' ? (
							<Link
								to={lp(`/customize-portrait?size=${product.portraitSize ?? '13x18'}`)}
								className="inline-block rounded-full bg-clay-dark px-8 py-3 font-medium text-white hover:bg-ink"
							>
								{t('product.customize')}
							</Link>
						) : (
							<AddToCartButton
								product={{
									id: product.id,
									slug: product.slug,
									name: product.name,
									priceCents: product.priceCents,
									image: product.images[0] ?? null,
									stock: product.stock,
								}}
								className="rounded-full bg-clay-dark px-8 py-3 font-medium text-white hover:bg-ink disabled:cursor-not-allowed disabled:bg-muted"
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
				</div>
			</div>
			{image ? (
				<dialog
					ref={dialog}
					aria-label={product.name}
					onClick={(event) => {
						if (event.target === event.currentTarget) dialog.current?.close()
					}}
					className="m-auto max-h-[95vh] max-w-[95vw] rounded-2xl bg-white p-0 backdrop:bg-ink/80"
				>
					<form method="dialog" className="flex justify-end p-2">
						<button type="submit" className="min-h-11 rounded-full px-4 font-medium hover:bg-sand">
							{t('product.close')}
						</button>
					</form>
					{/* Lazy: inside the closed dialog it loads when opened (an eager one would be preloaded with the page, competing with the main image). */}
					<img
						src={image}
						srcSet={imageSrcSet(image)}
						sizes="min(800px, 95vw)"
						alt={product.name}
						width={800}
						height={800}
						loading="lazy"
						decoding="async"
						className="max-h-[80vh] w-auto object-contain"
					/>
				</dialog>
			) : null}
		</div>
	)
}
