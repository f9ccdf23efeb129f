import { Form, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { isRejected, useSubmissionToast } from '#app/lib/forms/submission.ts'

/** What the product page's action answers a back-in-stock sign-up with. */
export type StockAlertAnswer =
	{ ok: true; message: string } | { errors: { fieldErrors: Record<string, string>; formError: string | null }; values: Record<string, unknown> }

/**
 * On a sold-out product or variant: an address to be told, once, when it is back (ADR 0269). A plain
 * form post to the page's own action, so it works before the page's JavaScript; a refusal keeps what was typed.
 */
export function StockAlertForm({ productId, answer }: { productId: string; answer: StockAlertAnswer | undefined }) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	useSubmissionToast(answer, t('form.validationTitle'), t)
	const rejected = isRejected(answer) ? answer : null
	const error = rejected?.errors.formError ?? null
	const done = answer && 'ok' in answer ? answer.message : null
	return (
		<section aria-labelledby="stock-alert-title" className="mt-6 rounded-2xl bg-sand/60 p-4" data-testid="stock-alert">
			<h2 id="stock-alert-title" className="font-semibold">
				{t('stockAlert.title')}
			</h2>
			<p className="mt-1 text-sm text-muted">{t('stockAlert.intro')}</p>
			<Form method="post" noValidate preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
				<input type="hidden" name="intent" value="stock-alert" />
				<input type="hidden" name="productId" value={productId} />
				<div className="min-w-56 flex-1">
					<label htmlFor="stock-alert-email" className="block text-sm font-medium">
						{t('stockAlert.email')}
					</label>
					<input
						id="stock-alert-email"
						name="email"
						type="email"
						autoComplete="email"
						required
						maxLength={255}
						defaultValue={rejected ? String(rejected.values.email ?? '') : undefined}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'stock-alert-message' : undefined}
						className="mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 aria-invalid:border-red-800"
					/>
				</div>
				<button type="submit" disabled={busy} className="min-h-11 rounded-full bg-clay-dark px-6 py-2 font-medium text-white hover:bg-ink disabled:opacity-60">
					{t('stockAlert.submit')}
				</button>
			</Form>
			{error || done ? (
				<p id="stock-alert-message" role={error ? 'alert' : 'status'} className={`mt-2 text-sm ${error ? 'text-red-800' : 'text-green-800'}`}>
					{t(error ?? done!)}
				</p>
			) : null}
			<p className="mt-2 text-xs text-muted">{t('stockAlert.note')}</p>
		</section>
	)
}
