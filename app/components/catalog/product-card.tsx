import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { DEFAULT_LOCALE, type Badge, type PortraitSize, type ProductKind } from '#domain/enums.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import { ResponsiveImage } from '../responsive-image.tsx'
import { PriceWithSale, SaleBadge, type SaleOfferData, type SaleTranslate } from './sale-price.tsx'

export type ProductCardData = {
	id: string
	slug: string
	name: string
	kind: ProductKind
	/** The price charged now (the sale price while a sale is on). */
	priceCents: number
	/** The reduction to announce, or null; absent where the page does not know. */
	sale?: SaleOfferData | null
	image: string | null
	badges: Badge[]
	portraitSize: PortraitSize | null
	/** Units on sale (0: sold out); null for made to order; absent where the page does not know. */
	stock?: number | null
	/** Sold as variants (ADR 0264): the price is the cheapest one's, shown as "From …". */
	hasVariants?: boolean
}

/** Portrait products open the customiser in their size; everything else its product page. */
export function productHref(product: Pick<ProductCardData, 'slug' | 'kind' | 'portraitSize'>) {
	return product.kind === 'portrait_cardboard' ? `/customize-portrait?size=${product.portraitSize ?? '13x18'}` : `/product/${product.slug}`
}

/** Translates a key; the caller's `t` from useTranslation. */
type Translate = ((key: `product.badges.${Badge}` | 'product.soldOut') => string) & SaleTranslate

function Badges({ badges, t }: { badges: Badge[]; t: Translate }) {
	if (badges.length === 0) return null
	return (
		<ul className="flex flex-wrap gap-1">
			{badges.map((badge) => (
				<li
					key={badge}
					className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge === 'Bestseller' ? 'bg-clay-dark text-white' : badge === 'Nou' ? 'bg-ink text-cream' : 'bg-sand text-ink'}`}
				>
					{t(`product.badges.${badge}`)}
				</li>
			))}
		</ul>
	)
}

export function BadgeList({ badges }: { badges: Badge[] }) {
	const { t } = useTranslation()
	return <Badges badges={badges} t={t} />
}

/** One card of the catalogue grid, translated with the grid's `t` and language. */
export function ProductCard({ product, eager, t, language }: { product: ProductCardData; eager: boolean; t: Translate; language: string }) {
	const soldOut = product.stock === 0
	return (
		<article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm" data-testid="product-card">
			{soldOut ? (
				<p className="absolute left-3 top-3 z-10 rounded-full bg-ink px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white" data-testid="sold-out">
					{t('product.soldOut')}
				</p>
			) : null}
			{product.image ? (
				<ResponsiveImage
					src={product.image}
					sizes="(min-width: 1152px) 270px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
					width={800}
					height={800}
					alt=""
					eager={eager}
					className={`aspect-square w-full object-cover ${soldOut ? 'opacity-60' : ''}`}
				/>
			) : (
				<div className="aspect-square w-full bg-sand" />
			)}
			<div className="flex flex-1 flex-col gap-2 p-4">
				{product.sale ? <SaleBadge sale={product.sale} t={t} className="self-start" /> : null}
				<Badges badges={product.badges} t={t} />
				<h3 className="font-medium">
					<Link
						to={localizedPath(isLocale(language) ? language : DEFAULT_LOCALE, productHref(product))}
						className="after:absolute after:inset-0 hover:text-clay-dark"
					>
						{product.name}
					</Link>
				</h3>
				<div className="mt-auto">
					<PriceWithSale
						priceCents={product.priceCents}
						sale={product.sale ?? null}
						from={product.hasVariants}
						language={language}
						t={t}
						className="font-semibold text-clay-dark"
					/>
				</div>
			</div>
		</article>
	)
}
