import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { ResponsiveImage } from '#app/components/responsive-image.tsx'
import { isRejected, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { PRIVATE_HEADERS, privatePageHeaders, privatePageMeta } from '#app/lib/private-page.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { readReviewPage, submitReview } from '#server/reviews/reviews.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX, reviewSchema } from '#domain/reviews.ts'
import type { Route } from './+types/review'

/**
 * A verified buyer reviews one product of a delivered order (ADR 0268), from the signed link in its
 * delivered email, without an account. A wrong or foreign link gets the same 404 as an unknown order.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).getFixedT(app.locale)
	const key = new URL(request.url).searchParams.get('key')
	const page = await readReviewPage(app.db, app.secret, { orderId: params.orderId, productId: params.productId }, key, app.locale)
	if (page.kind === 'not-found') throw data(null, { status: 404, headers: PRIVATE_HEADERS })
	const status = page.kind === 'expired' ? 410 : page.kind === 'not-delivered' ? 409 : 200
	const title =
		page.kind === 'open' ? t('review.metaTitle', { name: page.product.name }) : t(page.kind === 'expired' ? 'review.expiredTitle' : 'review.notDeliveredTitle')
	return data({ page, key: key ?? '', meta: { title: `${title} | ${t('meta.siteName')}` } }, { status, headers: PRIVATE_HEADERS })
}

export const headers = privatePageHeaders

export function meta({ loaderData }: Route.MetaArgs) {
	return privatePageMeta(loaderData?.meta.title)
}

/** What the buyer typed, given back with a refusal so nothing is lost (the text as typed, even when too long). */
function keptValues(values: Record<string, unknown>) {
	return { rating: typeof values.rating === 'string' ? values.rating : '', text: typeof values.text === 'string' ? values.text : '' }
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const form = await readFormData(request)
	const key = new URL(request.url).searchParams.get('key') ?? (typeof form.get('key') === 'string' ? (form.get('key') as string) : null)
	const submission = parseSubmission(reviewSchema, form)
	if (!submission.ok) return rejectSubmission(submission.errors, keptValues(submission.values), 400, PRIVATE_HEADERS)
	const saved = await submitReview(app.db, app.secret, {
		orderId: params.orderId,
		productId: params.productId,
		key,
		locale: app.locale,
		review: submission.value,
	})
	if (saved.ok) return data({ ok: true as const, edited: saved.edited }, { headers: PRIVATE_HEADERS })
	if (saved.refusal === 'not-found') throw data(null, { status: 404, headers: PRIVATE_HEADERS })
	const message = saved.refusal === 'expired' ? 'review.expiredText' : 'review.notDeliveredText'
	return rejectSubmission(
		formError(message),
		{ rating: String(submission.value.rating), text: submission.value.text },
		saved.refusal === 'expired' ? 410 : 409,
		PRIVATE_HEADERS,
	)
}

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MAX - index)

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const busy = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	useSubmissionToast(rejected, rejected && Object.keys(rejected.errors.fieldErrors).length === 0 ? t('error.title') : t('form.validationTitle'), t)
	const { page, key } = loaderData
	if (page.kind !== 'open')
		return (
			<div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:py-14">
				<h1 className="font-serif text-3xl">{t(page.kind === 'expired' ? 'review.expiredTitle' : 'review.notDeliveredTitle')}</h1>
				<p>{t(page.kind === 'expired' ? 'review.expiredText' : 'review.notDeliveredText')}</p>
				<p>
					<Link to={lp('/contact')} className="underline hover:text-clay-dark">
						{t('review.contact')}
					</Link>
				</p>
			</div>
		)
	const { product, review } = page
	const saved = actionData && 'ok' in actionData ? actionData : null
	const values = rejected
		? (rejected.values as unknown as { rating: string; text: string })
		: { rating: review ? String(review.rating) : '', text: review?.text ?? '' }
	const errors = rejected?.errors.fieldErrors ?? {}
	const message = rejected && Object.keys(errors).length === 0 ? rejected.errors.formError : null
	return (
		<div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:py-14">
			<div className="flex items-center gap-4">
				{product.image ? (
					<ResponsiveImage src={product.image} sizes="96px" width={96} height={96} alt="" eager className="h-24 w-24 rounded-2xl object-cover" />
				) : null}
				<div>
					<h1 className="font-serif text-3xl">{t('review.title', { name: product.name })}</h1>
					<Link to={lp(`/product/${encodeURIComponent(product.slug)}`)} className="text-sm underline hover:text-clay-dark">
						{t('review.viewProduct')}
					</Link>
				</div>
			</div>
			<p className="text-muted">{t('review.intro')}</p>
			{saved ? (
				<p role="status" className="rounded-2xl bg-green-50 p-4 text-green-900" data-testid="review-saved">
					{t(saved.edited ? 'review.updated' : 'review.saved')}
				</p>
			) : review ? (
				<p className="rounded-2xl bg-sand/70 p-4 text-sm" data-testid="review-existing">
					{t(`review.status.${review.status}`)} {t('review.existing')}
				</p>
			) : null}
			{/* The key travels in the address and in the form, so the page's own post and a post before its JavaScript both carry it. */}
			<Form method="post" action={`?key=${encodeURIComponent(key)}`} noValidate className="space-y-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
				<input type="hidden" name="key" value={key} />
				<fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
					<legend className="text-sm font-medium">{t('review.ratingLabel')}</legend>
					<div className="mt-2 flex flex-wrap gap-2">
						{RATINGS.map((rating) => (
							<label key={rating} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-sand px-3 has-checked:border-clay-dark">
								<input type="radio" name="rating" value={rating} defaultChecked={values.rating === String(rating)} required />
								<span aria-hidden="true" className="text-clay-dark">
									{'★'.repeat(rating)}
								</span>
								<span className="sr-only">{t('review.ratingOption', { rating })}</span>
							</label>
						))}
					</div>
					{errors.rating ? (
						<p id="review-rating-error" className="mt-1 text-sm text-red-800">
							{t(errors.rating)}
						</p>
					) : null}
				</fieldset>
				<div>
					<label htmlFor="review-text" className="block text-sm font-medium">
						{t('review.textLabel')}
					</label>
					<p id="review-text-hint" className="text-sm text-muted">
						{t('review.textHint', { max: REVIEW_TEXT_MAX })}
					</p>
					<textarea
						id="review-text"
						name="text"
						rows={6}
						required
						maxLength={REVIEW_TEXT_MAX}
						defaultValue={values.text}
						aria-invalid={errors.text ? true : undefined}
						aria-describedby={errors.text ? 'review-text-hint review-text-error' : 'review-text-hint'}
						className="mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 aria-invalid:border-red-800"
					/>
					{errors.text ? (
						<p id="review-text-error" className="mt-1 text-sm text-red-800">
							{t(errors.text)}
						</p>
					) : null}
				</div>
				{message ? (
					<p role="alert" className="text-red-800">
						{t(message)}
					</p>
				) : null}
				<button type="submit" disabled={busy} className="rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink disabled:opacity-60">
					{busy ? t('review.sending') : t(review ? 'review.update' : 'review.submit')}
				</button>
			</Form>
		</div>
	)
}
