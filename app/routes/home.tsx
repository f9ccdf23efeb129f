import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { listTopLevelCategories } from '#server/catalog/categories.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { imageSrcSet } from '#app/lib/images.ts'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
	const { db, locale } = getApp(context)
	const t = serverI18n(locale).t
	return {
		categories: await listTopLevelCategories(db),
		meta: { title: `${t('meta.siteName')} | ${t('meta.homeTitle')}`, description: t('meta.homeDescription') },
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData.meta.title }, { name: 'description', content: loaderData.meta.description }]
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<section className="bg-sand/60">
				<div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
					<h1 className="max-w-2xl font-serif text-4xl leading-tight sm:text-5xl">{t('home.heroTitle')}</h1>
					<p className="mt-4 max-w-xl text-lg text-muted">{t('home.heroText')}</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/catalog" className="rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink">
							{t('home.heroShop')}
						</Link>
						<Link to="/about" className="rounded-full border border-clay-dark px-6 py-3 font-medium text-clay-dark hover:bg-white">
							{t('home.heroAbout')}
						</Link>
					</div>
				</div>
			</section>
			<section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="categories-title">
				<h2 id="categories-title" className="font-serif text-2xl">
					{t('home.categoriesTitle')}
				</h2>
				<ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
					{loaderData.categories.map((category) => (
						<li key={category.id}>
							<Link to={`/catalog?category=${encodeURIComponent(category.slug)}`} className="group block overflow-hidden rounded-2xl bg-white shadow-sm">
								{category.imageUrl ? (
									<img
										src={category.imageUrl}
										srcSet={imageSrcSet(category.imageUrl)}
										sizes="(min-width: 768px) 25vw, 50vw"
										width={800}
										height={800}
										alt=""
										className="aspect-square w-full object-cover transition group-hover:scale-105"
									/>
								) : null}
								<span className="block px-4 py-3 font-medium">{category.name}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
