import { useTranslation } from '#app/lib/i18n/translation.tsx'

/** The product page's approved reviews, as the loader worded them (ADR 0268). */
export type ProductReviewsProps = {
	summary: { averageText: string; count: number } | null
	list: { id: string; rating: number; text: string; locale: string; authorName: string; country: string; date: string; dateTime: string }[]
}

/** Filled and empty stars for a rating; the words for it are the reader's. */
function Stars({ rating, label }: { rating: number; label: string }) {
	return (
		<span className="text-clay-dark">
			<span aria-hidden="true">
				{'★'.repeat(rating)}
				<span className="text-sand">{'★'.repeat(5 - rating)}</span>
			</span>
			<span className="sr-only">{label}</span>
		</span>
	)
}

/**
 * Reviews of verified buyers: the average and the count, then each review as written (in its own
 * language, marked with `lang`), with the writer's first name and country. Rendered on the server; it
 * adds no behaviour to the page.
 */
export function ProductReviews({ reviews }: { reviews: ProductReviewsProps }) {
	const { t } = useTranslation()
	const { summary, list } = reviews
	return (
		<section aria-labelledby="reviews-title" className="mt-16" data-testid="product-reviews">
			<h2 id="reviews-title" className="font-serif text-2xl">
				{t('review.sectionTitle')}
			</h2>
			{summary ? (
				<p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-sm" data-testid="reviews-summary">
					<span className="text-lg font-semibold">{t('review.average', { average: summary.averageText })}</span>
					<span className="text-muted">{t('review.count', { count: summary.count })}</span>
				</p>
			) : (
				<p className="mt-2 text-sm text-muted">{t('review.none')}</p>
			)}
			{list.length ? (
				<ul className="mt-6 grid gap-4 md:grid-cols-2">
					{list.map((review) => (
						<li key={review.id} className="rounded-2xl bg-white p-5 shadow-sm" data-testid="product-review">
							<Stars rating={review.rating} label={t('review.stars', { rating: review.rating })} />
							<p lang={review.locale} className="mt-2 whitespace-pre-line break-words leading-relaxed">
								{review.text}
							</p>
							<p className="mt-3 text-sm text-muted">
								<span className="font-medium text-ink">{review.authorName || t('review.anonymous')}</span>, {review.country} ·{' '}
								<time dateTime={review.dateTime}>{review.date}</time> · {t('review.verified')}
							</p>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
