import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Form, useNavigation } from 'react-router'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { subscribeToNewsletter } from '#server/marketing/newsletter.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { newsletterSchema } from '#domain/forms/newsletter.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { isRejected, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/newsletter'

export function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	return { meta: pageMeta(app, { title: t('newsletter.title'), description: t('newsletter.description'), path: '/newsletter' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

export async function action({ request, context }: Route.ActionArgs) {
	const { db, locale, env, email } = getApp(context)
	const submission = parseSubmission(newsletterSchema, await readFormData(request))
	if (!submission.ok) {
		// The address comes back, so a form posted before the page's JavaScript ran is still filled in.
		const email = typeof submission.values.email === 'string' ? submission.values.email.slice(0, 255) : ''
		return rejectSubmission(submission.errors, { email })
	}
	const outcome = await subscribeToNewsletter(db, { email: submission.value.email, locale, publicUrl: env.PUBLIC_URL })
	if (outcome === 'confirmation-sent') email.nudge()
	return { ok: true as const, message: outcome === 'confirmation-sent' ? 'newsletter.confirmationSent' : 'newsletter.alreadySubscribed' }
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	useSubmissionToast(actionData, t('form.validationTitle'), t)
	const rejected = isRejected(actionData) ? actionData : null
	const message = rejected ? rejected.errors.formError : actionData && 'message' in actionData ? actionData.message : null
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{t('newsletter.title')}</h1>
			<p className="mt-3 text-muted">{t('newsletter.description')}</p>
			<Form method="post" className="mt-8 space-y-4" noValidate>
				<div>
					<label htmlFor="newsletter-email" className="block text-sm font-medium">
						{t('newsletter.email')}
					</label>
					<input
						id="newsletter-email"
						name="email"
						type="email"
						autoComplete="email"
						required
						maxLength={255}
						defaultValue={rejected ? String(rejected.values.email ?? '') : undefined}
						className="mt-1 w-full rounded-lg border border-muted/40 bg-white px-3 py-2"
					/>
				</div>
				<label className="flex items-start gap-2 text-sm">
					<input type="checkbox" name="consent" required className="mt-1" />
					<span>{t('newsletter.consent')}</span>
				</label>
				<p className="text-sm text-muted">{t('newsletter.unsubscribeNote')}</p>
				<button type="submit" disabled={busy} className="btn-primary">
					{t('newsletter.submit')}
				</button>
				{message ? (
					<p role={rejected ? 'alert' : 'status'} className={rejected ? 'text-danger' : 'text-success'}>
						{t(message)}
					</p>
				) : null}
			</Form>
		</div>
	)
}
