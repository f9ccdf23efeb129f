import { data } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { StockAlertForm } from '#app/components/catalog/stock-alert-form.tsx'
import { rejectRefusal, rejectSubmission } from '#app/lib/forms/submission.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { stockAlertSchema } from '#domain/forms/stock-alert.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { isUuid } from '#domain/ids.ts'
import { getApp } from '#server/context.ts'
import { withActionHeaders } from '#server/http/action-headers.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { reminderT } from '#server/marketing/reminder-texts.ts'
import { requestStockAlert, stockAlertErrors, stockAlertFormTexts, stockAlertProduct } from '#server/marketing/stock-alerts.ts'
import type { Route } from './+types/stock-alert'

/**
 * /{lang}/stock-alert?product=…: where a sold-out product or variant's page sends a visitor who wants
 * to hear, once, when it is back (ADR 0269). The product page carries only the link: its JavaScript
 * is at its budget (ADR 0014). The form is a plain post to this page's action, so it works before
 * the page's JavaScript; its texts come from the loader.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const productId = new URL(request.url).searchParams.get('product')?.toLowerCase() ?? ''
	const product = isUuid(productId) ? await stockAlertProduct(app.db, app.locale, productId) : null
	const t = reminderT(app.locale)
	const texts = stockAlertFormTexts(app.locale)
	return data(
		{
			product,
			texts,
			notice: !product ? t('stockAlert.unavailable') : product.soldOut ? null : t('stockAlert.inStock'),
			pageTitle: `${texts.title} | ${serverI18n(app.locale).t('meta.siteName')}`,
		},
		{ status: product ? 200 : 404 },
	)
}

/** A throttled sign-up posted before the page's JavaScript still says when to come back. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	return withActionHeaders(new Headers(loaderHeaders), actionHeaders)
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.pageTitle }, { name: 'robots', content: 'noindex' }]
}

/** A refusal answers 4xx with its message in the page's language and the address typed, so the form shows it again. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(stockAlertSchema, await readFormData(request))
	if (!submission.ok) {
		const typed = submission.values.email
		return rejectSubmission(stockAlertErrors(app.locale, submission.errors), { email: typeof typed === 'string' ? typed.slice(0, 255) : '' })
	}
	const { email, productId } = submission.value
	const outcome = await requestStockAlert(app, { email, productId, locale: app.locale })
	const t = reminderT(app.locale)
	if (outcome.kind === 'rate-limited')
		return rejectRefusal({ status: 429, message: t('stockAlert.tooMany'), retryAfterSeconds: outcome.retryAfterSeconds }, { email })
	if (outcome.kind === 'unavailable') return rejectRefusal({ status: 404, message: t('stockAlert.unavailable') }, { email })
	return { ok: true as const, message: t(outcome.kind === 'waiting' ? 'stockAlert.waiting' : 'stockAlert.inStock') }
}

export default function StockAlert({ loaderData, actionData }: Route.ComponentProps) {
	const lp = useLocalizedPath()
	const { product, texts, notice } = loaderData
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{texts.title}</h1>
			{product ? (
				<p className="mt-3 text-lg">
					<Link to={lp(product.path)} className="underline underline-offset-4 hover:text-clay-dark">
						{product.name}
					</Link>
				</p>
			) : null}
			{notice ? (
				<p role="status" className="mt-6">
					{notice}
				</p>
			) : product ? (
				<StockAlertForm productId={product.id} texts={texts} answer={actionData} />
			) : null}
		</div>
	)
}
