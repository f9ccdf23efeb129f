import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { listTopLevelCategories } from '#server/catalog/categories.ts'
import { localizeHome, readHomeContent } from '#server/home/home-content.ts'
import { sharedStorefrontRead } from '#server/catalog/shared-reads.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { ResponsiveImage } from '#app/components/responsive-image.tsx'
import { catalogHref } from '#domain/catalog.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { SHOP } from '#domain/shop.ts'
import type { Route } from './+types/home'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

export async function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	// The owner's home page (ADR 0132) and the categories, localized in one translation read.
	const { categories, home } = await sharedStorefrontRead(app, `home ${app.locale}`, async (localizing) => {
		const [categories, home] = await Promise.all([listTopLevelCategories(app.db), readHomeContent(app.db)])
		return localizeHome(localizing, home, categories, app.locale)
	})
	const meta = pageMeta(app, {
		title: null,
		description: home?.heroText ?? t('meta.homeDescription'),
		path: '/',
		image: home?.heroImageUrl ?? categories[0]?.imageUrl,
	})
	return { categories, home, meta: { ...meta, title: `${meta.siteName} | ${t('meta.homeTitle')}` } }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

const FEATURES = [
	{ key: 'Custom', icon: 'M4 20h4L19 9l-4-4L4 16v4Zm11-15 4 4' },
	{ key: 'Quality', icon: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.3 6.8 19l1-5.8-4.3-4.1 5.9-.9L12 3Z' },
	{ key: 'Delivery', icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z' },
] as const

/** A page of the shop in the visitor's language, or a full address as it is. */
function bannerHref(link: string, lp: (path: string) => string) {
	return link.startsWith('/') ? lp(link) : link
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const home = loaderData.home
	return (
		<>
			<section className="bg-sand/60">
				<div className={`mx-auto max-w-6xl px-4 py-16 sm:py-24 ${home?.heroImageUrl ? 'grid items-center gap-10 lg:grid-cols-2' : ''}`}>
					<div>
						<h1 className="max-w-2xl font-serif text-4xl leading-tight sm:text-5xl">{home?.heroTitle ?? t('home.heroTitle')}</h1>
						<p className="mt-4 max-w-xl text-lg text-muted">{home?.heroText ?? t('home.heroText')}</p>
						<div className="mt-8 flex flex-wrap gap-3">
							<Link to={lp('/catalog')} className="btn-primary">
								{t('home.heroShop')}
							</Link>
							<Link to={lp('/about')} className="btn-secondary">
								{t('home.heroAbout')}
							</Link>
						</div>
					</div>
					{home?.heroImageUrl ? (
						// The largest paint on a phone as on a computer: loaded first, in the width the screen needs.
						<ResponsiveImage
							src={home.heroImageUrl}
							sizes="(min-width: 1152px) 544px, (min-width: 1024px) 45vw, calc(100vw - 2rem)"
							width={1600}
							height={1200}
							alt=""
							eager="high"
							className="aspect-[4/3] w-full rounded-3xl object-cover shadow-sm"
						/>
					) : null}
				</div>
			</section>
			<section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="categories-title">
				<h2 id="categories-title" className="font-serif text-2xl">
					{t('home.categoriesTitle')}
				</h2>
				<ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
					{loaderData.categories.map((category, index) => (
						<li key={category.id}>
							<Link to={lp(catalogHref({ category: category.slug }))} className="group block overflow-hidden rounded-2xl bg-white shadow-sm">
								{category.imageUrl ? (
									<ResponsiveImage
										src={category.imageUrl}
										sizes="(min-width: 1152px) 270px, (min-width: 768px) 25vw, 50vw"
										width={800}
										height={800}
										alt=""
										eager={index < 2}
										className="aspect-square w-full object-cover transition group-hover:scale-105"
									/>
								) : null}
								<span className="block px-4 py-3 font-medium">{category.name}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
			<section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="story-title">
				<div className="rounded-3xl bg-white p-8 shadow-sm sm:p-12">
					<h2 id="story-title" className="font-serif text-2xl">
						{home?.storyTitle ?? t('home.storyTitle')}
					</h2>
					<p className="mt-4 max-w-3xl whitespace-pre-line text-lg leading-relaxed text-muted">{home?.storyText ?? t('home.storyText')}</p>
					<Link to={lp('/about')} className="mt-6 inline-block font-medium text-clay-dark underline underline-offset-4 hover:text-ink">
						{t('home.storyLink')}
					</Link>
				</div>
			</section>
			<section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="features-title">
				<h2 id="features-title" className="font-serif text-2xl">
					{t('home.featuresTitle')}
				</h2>
				<ul className="mt-6 grid gap-4 md:grid-cols-3">
					{FEATURES.map((feature) => (
						<li key={feature.key} className="rounded-2xl border border-sand bg-white p-6">
							<svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-clay-dark">
								<path d={feature.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
							</svg>
							<h3 className="mt-3 text-lg font-semibold">{t(`home.feature${feature.key}Title`)}</h3>
							<p className="mt-2 text-muted">{t(`home.feature${feature.key}Text`)}</p>
						</li>
					))}
				</ul>
			</section>
			{home?.bannerImageUrl ? (
				<aside className="mx-auto max-w-6xl px-4 py-6" aria-label={home.bannerAlt ?? undefined}>
					{home.bannerLink ? (
						<a href={bannerHref(home.bannerLink, lp)} className="block overflow-hidden rounded-3xl shadow-sm">
							<ResponsiveImage
								src={home.bannerImageUrl}
								sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
								width={1600}
								height={400}
								alt={home.bannerAlt ?? ''}
								className="aspect-[4/1] w-full object-cover"
							/>
						</a>
					) : (
						<ResponsiveImage
							src={home.bannerImageUrl}
							sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
							width={1600}
							height={400}
							alt={home.bannerAlt ?? ''}
							className="aspect-[4/1] w-full rounded-3xl object-cover shadow-sm"
						/>
					)}
				</aside>
			) : null}
			<section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="developer-title">
				<div className="rounded-3xl bg-ink px-8 py-10 text-cream">
					<h2 id="developer-title" className="font-serif text-2xl">
						{t('home.developerTitle', { platform: SHOP.developerPlatform })}
					</h2>
					<p className="mt-3 max-w-3xl">{t('home.developerText', { platform: SHOP.developerPlatform })}</p>
				</div>
			</section>
		</>
	)
}
