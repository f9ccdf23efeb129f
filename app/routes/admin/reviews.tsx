import { useState } from 'react'
import { useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { buttonDanger, buttonSmall, ConfirmDialog } from '#app/components/admin/ui.tsx'
import { ListState } from '#app/components/admin/list-state.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { loadAdminPage, rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { deleteReview, listReviewsForAdmin, moderateReview } from '#server/reviews/admin.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { parseReviewStatusFilter, REVIEW_STATUS_FILTERS, reviewModerationSchema } from '#domain/forms/admin-reviews.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryLabel } from '#domain/shipping.ts'
import type { Route } from './+types/reviews'

/** Verified reviews for the owner to read (ADR 0268): those waiting first; only approved ones show in the shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const status = parseReviewStatusFilter(new URL(request.url).searchParams.get('status'))
	return loadAdminPage(app, 'reviews list', async () => ({ status, ...(await listReviewsForAdmin(app.db, status)) }), {
		status,
		reviews: [],
		counts: { pending: 0, approved: 0, rejected: 0 },
	})
}

export function meta() {
	return [{ title: `${adminT('reviews.title')} | ${adminT('nav.title')}` }]
}

const DONE = { approve: 'reviews.approved', reject: 'reviews.rejected', delete: 'reviews.deleted' } as const

/** intent=approve, reject or delete (id); a refusal is in the one shape (ADR 0101). */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(reviewModerationSchema, await readFormData(request))
	if (!submission.ok) return rejectAdminSubmission(submission.errors, submission.values)
	const { intent, id } = submission.value
	try {
		if (intent === 'delete') await deleteReview(app.db, id)
		else await moderateReview(app.db, id, intent === 'approve' ? 'approved' : 'rejected')
	} catch (error) {
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message), submission.value, error.status, adminT('common.error'))
		throw error
	}
	return toastResult({ type: 'success', title: adminT(DONE[intent]) })
}

type Review = Route.ComponentProps['loaderData']['reviews'][number]

function ReviewCard({ review }: { review: Review }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const busy = fetcher.state !== 'idle'
	const author = review.authorName || '—'
	return (
		<li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="admin-review">
			<div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
				<p>
					<Link to={`/admin/products/${review.productId}`} className="font-semibold underline underline-offset-4 hover:text-clay-dark">
						{review.productName}
					</Link>{' '}
					<span className="text-clay-dark" aria-label={adminT('reviews.ratingValue', { rating: review.rating })}>
						{'★'.repeat(review.rating)}
						<span className="text-sand">{'★'.repeat(5 - review.rating)}</span>
					</span>
				</p>
				<p className="text-muted">
					{adminT(`reviews.statuses.${review.status}`)} · {formatAdminDateTime(review.createdAt)}
				</p>
			</div>
			<p className="mt-2 whitespace-pre-line break-words" lang={review.locale}>
				{review.text}
			</p>
			<p className="mt-2 text-xs text-muted">
				{adminT('reviews.author')}: {author}, {countryLabel(review.country, 'ro')} · {adminT('reviews.language')}: {review.locale.toUpperCase()} ·{' '}
				{adminT('reviews.order')}:{' '}
				<Link to={`/admin/orders/${review.orderId}`} className="underline">
					{review.orderId.slice(0, 8)}
				</Link>
			</p>
			<div className="mt-3 flex flex-wrap gap-2">
				{review.status !== 'approved' ? (
					<fetcher.Form method="post">
						<input type="hidden" name="id" value={review.id} />
						<button type="submit" name="intent" value="approve" className={buttonSmall} disabled={busy}>
							{adminT('reviews.approve')}
						</button>
					</fetcher.Form>
				) : null}
				{review.status !== 'rejected' ? (
					<fetcher.Form method="post">
						<input type="hidden" name="id" value={review.id} />
						<button type="submit" name="intent" value="reject" className={buttonSmall} disabled={busy}>
							{adminT('reviews.reject')}
						</button>
					</fetcher.Form>
				) : null}
				<button type="button" className={buttonDanger} disabled={busy} onClick={() => setConfirming(true)}>
					{adminT('reviews.delete')}
				</button>
			</div>
			<ConfirmDialog
				open={confirming}
				description={adminT('reviews.deleteConfirm', { name: author })}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent: 'delete', id: review.id }, { method: 'post' })}
			/>
		</li>
	)
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
	const { status, reviews, counts, loadError } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/reviews'
	return (
		<section aria-labelledby="reviews-title">
			<h1 id="reviews-title" className="font-serif text-3xl">
				{adminT('reviews.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('reviews.intro')}</p>
			<nav aria-label={adminT('reviews.statusLabel')} className="mt-6">
				<ul className="flex flex-wrap gap-2 text-sm">
					{REVIEW_STATUS_FILTERS.map((filter) => (
						<li key={filter}>
							<Link
								to={filter === 'pending' ? '/admin/reviews' : `/admin/reviews?status=${filter}`}
								aria-current={filter === status ? 'page' : undefined}
								className={`rounded-full border px-3 py-1 ${filter === status ? 'border-clay-dark font-semibold text-clay-dark' : 'border-sand'}`}
							>
								{adminT(`reviews.statusFilter.${filter}`)}
								{filter === 'all' ? '' : ` (${counts[filter]})`}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			<ListState loading={loading} loadError={loadError ? adminT('reviews.loadFailed') : null} empty={reviews.length === 0 ? adminT('reviews.empty') : null}>
				<ul className="mt-6 space-y-4">
					{reviews.map((review) => (
						<ReviewCard key={review.id} review={review} />
					))}
				</ul>
			</ListState>
		</section>
	)
}
