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
import { readReviewPage, submitReview, type ReviewPage } from '#server/reviews/reviews.ts'
import { formError, parseSubmission, type FormErrors } from '#domain/forms/submission.ts'
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from '#domain/reviews.ts'
import { reviewSchema } from '#domain/forms/review.ts'
import type { Route } from './+types/review'

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MAX - index)

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
	return data(
		{ page, key: key ?? '', words: reviewPageWords(t, page), meta: { title: `${title} | ${t('meta.siteName')}` } },
		{ status, headers: PRIVATE_HEADERS },
	)
}

type T = ReturnType<ReturnType<typeof serverI18n>['getFixedT']>

/**
 * The page's words, in the buyer's language. The review texts are the server's alone (server/i18n.ts):
 * they stay out of the language chunk every storefront page downloads, so the page gets them here.
 */
function reviewPageWords(t: T, page: Exclude<ReviewPage, { kind: 'not-found' }>) {
	if (page.kind !== 'open') {
		const closed =
			page.kind === 'expired'
				? { title: 'review.expiredTitle', text: 'review.expiredText' }
				: { title: 'review.notDeliveredTitle', text: 'review.notDeliveredText' }
		return { open: false as const, title: t(closed.title), intro: t(closed.text), contact: t('review.contact') }
	}
	return {
		open: true as const,
		title: t('review.title', { name: page.product.name }),
		intro: t('review.intro'),
		contact: t('review.contact'),
		viewProduct: t('review.viewProduct'),
		ratingLabel: t('review.ratingLabel'),
		ratingOptions: RATINGS.map((rating) => ({ rating, label: t('review.ratingOption', { rating }) })),
		textLabel: t('review.textLabel'),
		textHint: t('review.textHint', { max: REVIEW_TEXT_MAX }),
		submit: t(page.review ? 'review.update' : 'review.submit'),
		sending: t('review.sending'),
		saved: t('review.saved'),
		updated: t('review.updated'),
		existing: page.review ? `${t(`review.status.${page.review.status}`)} ${t('review.existing')}` : null,
	}
}

/** A refusal worded in the buyer's language (the messages are the server's review texts), with what they typed. */
function rejectReview(t: T, errors: FormErrors, values: { rating: string; text: string }, status: number) {
	const fieldErrors = Object.fromEntries(Object.entries(errors.fieldErrors).map(([field, message]) => [field, t(message)]))
	return rejectSubmission({ fieldErrors, formError: errors.formError ? t(errors.formError) : null }, values, status, PRIVATE_HEADERS)
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
	const t = serverI18n(app.locale).getFixedT(app.locale)
	const form = await readFormData(request)
	const key = new URL(request.url).searchParams.get('key') ?? (typeof form.get('key') === 'string' ? (form.get('key') as string) : null)
	const submission = parseSubmission(reviewSchema, form)
	if (!submission.ok) return rejectReview(t, submission.errors, keptValues(submission.values), 400)
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

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const busy = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	// The messages come worded from the server; only the toast's title is the interface's.
	useSubmissionToast(rejected, rejected && Object.keys(rejected.errors.fieldErrors).length === 0 ? t('error.title') : t('form.validationTitle'))
	const { page, key, words } = loaderData
	if (page.kind !== 'open' || !words.open)
		return (
			<div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:py-14">
				<h1 className="font-serif text-3xl">{words.title}</h1>
				<p>{words.intro}</p>
				<p>
					<Link to={lp('/contact')} className="underline hover:text-clay-dark">
						{words.contact}
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
					<h1 className="font-serif text-3xl">{words.title}</h1>
					<Link to={lp(`/product/${encodeURIComponent(product.slug)}`)} className="text-sm underline hover:text-clay-dark">
						{words.viewProduct}
					</Link>
				</div>
			</div>
			<p className="text-muted">{words.intro}</p>
			{saved ? (
				<p role="status" className="notice-success rounded-2xl p-4" data-testid="review-saved">
					{saved.edited ? words.updated : words.saved}
				</p>
			) : words.existing ? (
				<p className="rounded-2xl bg-sand/70 p-4 text-sm" data-testid="review-existing">
					{words.existing}
				</p>
			) : null}
			{/* The key travels in the address and in the form, so the page's own post and a post before its JavaScript both carry it. */}
			<Form method="post" action={`?key=${encodeURIComponent(key)}`} noValidate className="space-y-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
				<input type="hidden" name="key" value={key} />
				<fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
					<legend className="text-sm font-medium">{words.ratingLabel}</legend>
					<div className="mt-2 flex flex-wrap gap-2">
						{words.ratingOptions.map(({ rating, label }) => (
							<label key={rating} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-sand px-3 has-checked:border-clay-dark">
								<input type="radio" name="rating" value={rating} defaultChecked={values.rating === String(rating)} required />
								<span aria-hidden="true" className="text-clay-dark">
									{'★'.repeat(rating)}
								</span>
								<span className="sr-only">{label}</span>
							</label>
						))}
					</div>
					{errors.rating ? (
						<p id="review-rating-error" className="mt-1 text-sm text-danger">
							{errors.rating}
						</p>
					) : null}
				</fieldset>
				<div>
					<label htmlFor="review-text" className="block text-sm font-medium">
						{words.textLabel}
					</label>
					<p id="review-text-hint" className="text-sm text-muted">
						{words.textHint}
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
						className="mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 aria-invalid:border-danger"
					/>
					{errors.text ? (
						<p id="review-text-error" className="mt-1 text-sm text-danger">
							{errors.text}
						</p>
					) : null}
				</div>
				{message ? (
					<p role="alert" className="text-danger">
						{message}
					</p>
				) : null}
				<button type="submit" disabled={busy} className="btn-primary">
					{busy ? words.sending : words.submit}
				</button>
			</Form>
		</div>
	)
}
