/** The product page's approved reviews, worded by the loader (ADR 0268). */
export type ProductReviewsView = {
	title: string
	/** The average and the count, or that there are none yet. */
	summary: string
	list: { id: string; stars: string; starsLabel: string; text: string; locale: string; byline: string }[]
}

/**
 * Reviews of verified buyers: the summary, then each review as written (in its own language, marked
 * with `lang`). Rendered on the server with words the loader chose; it adds no behaviour to the page.
 */
export function ProductReviews({ reviews }: { reviews: ProductReviewsView }) {
	return (
		<section aria-labelledby="reviews-title" className="mt-16">
			<h2 id="reviews-title" className="font-serif text-2xl">
				{reviews.title}
			</h2>
			<p className="mt-2 text-sm text-muted">{reviews.summary}</p>
			<ul className="mt-6 grid gap-4 md:grid-cols-2">
				{reviews.list.map((review) => (
					<li key={review.id} className="rounded-2xl bg-white p-5 shadow-sm">
						<p role="img" aria-label={review.starsLabel} className="text-clay-dark">
							{review.stars}
						</p>
						<p lang={review.locale} className="mt-2 whitespace-pre-line break-words">
							{review.text}
						</p>
						<p className="mt-3 text-sm text-muted">{review.byline}</p>
					</li>
				))}
			</ul>
		</section>
	)
}
