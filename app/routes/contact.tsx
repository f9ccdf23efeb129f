import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { useFetcher } from 'react-router'
import { sendContactMessage } from '#server/contact/contact.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { withActionHeaders } from '#server/http/action-headers.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { notify, SUBMISSION_RESULT } from '#app/components/toasts.tsx'
import { isRejected, rejectRefusal, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { contactSchema } from '#domain/forms/contact.ts'
import { CONTACT_LIMITS, type ContactField } from '#domain/forms/contact-limits.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { SHOP } from '#domain/shop.ts'
import type { Route } from './+types/contact'

export function loader({ context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	return { meta: pageMeta(app, { title: t('contact.title'), description: t('contact.metaDescription'), path: '/contact' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. A throttled message's answer also says when to come back. */
export function headers(args: Route.HeadersArgs) {
	return withActionHeaders(sharedPageHeaders(args), args.actionHeaders)
}
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle()

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

/** The submitted texts, each cut to its field's limit: what was sent comes back with a refusal, so a form posted before the page's JavaScript ran is still filled in. */
function keptValues(form: Record<string, unknown>) {
	const values: Partial<Record<ContactField, string>> = {}
	for (const { name } of FIELDS) if (typeof form[name] === 'string') values[name] = form[name].slice(0, CONTACT_LIMITS[name])
	return values
}

export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(contactSchema, await readFormData(request))
	if (!submission.ok) return rejectSubmission(submission.errors, keptValues(submission.values))
	const outcome = await sendContactMessage(app, submission.value)
	if (outcome.kind === 'rate-limited') {
		return rejectRefusal({ status: 429, message: 'contact.tooMany', retryAfterSeconds: outcome.retryAfterSeconds }, keptValues(submission.value))
	}
	return { ok: true as const }
}

const FIELDS: { name: ContactField; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
	{ name: 'name', type: 'text', autoComplete: 'name' },
	{ name: 'email', type: 'email', autoComplete: 'email' },
	{ name: 'subject', type: 'text' },
	{ name: 'message', type: 'textarea' },
]

export default function Contact({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const fetcher = useFetcher<typeof action>()
	const form = useRef<HTMLFormElement>(null)
	// The page's JavaScript sends the form in the background (fetcher); posted before it ran, the page itself answers.
	const result = fetcher.data ?? actionData
	const busy = fetcher.state !== 'idle'
	useEffect(() => {
		if (fetcher.state === 'idle' && result && !isRejected(result)) {
			form.current?.reset()
			notify({ type: 'success', title: t('contact.success') }, { replaces: SUBMISSION_RESULT })
		}
	}, [fetcher.state, result, t])
	const rejected = isRejected(result) ? result : null
	// The first error also goes into a toast: 'Eroare validare' for a field, the generic title otherwise.
	useSubmissionToast(result, rejected && Object.keys(rejected.errors.fieldErrors).length === 0 ? t('error.title') : t('form.validationTitle'), t)
	const errors: Record<string, string> = rejected?.errors.fieldErrors ?? {}
	const values = (rejected?.values ?? {}) as Partial<Record<ContactField, string>>
	const message = rejected && Object.keys(rejected.errors.fieldErrors).length === 0 ? rejected.errors.formError : null
	const inputClass = 'mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 aria-invalid:border-danger'

	return (
		<div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1fr_1.4fr]">
			<div>
				<h1 className="font-serif text-3xl sm:text-4xl">{t('contact.title')}</h1>
				<p className="mt-3 text-muted">{t('contact.intro')}</p>
				<dl className="mt-8 space-y-4">
					<div>
						<dt className="text-sm font-semibold">{t('contact.emailLabel')}</dt>
						<dd>
							<a href={`mailto:${SHOP.email}`} className="text-clay-dark underline underline-offset-4">
								{SHOP.email}
							</a>
						</dd>
					</div>
					<div>
						<dt className="text-sm font-semibold">{t('contact.phoneLabel')}</dt>
						<dd className="text-muted">{t('contact.phoneSoon')}</dd>
					</div>
					<div>
						<dt className="text-sm font-semibold">{t('contact.locationLabel')}</dt>
						<dd className="text-muted">{t('contact.location')}</dd>
					</div>
					<div>
						<dt className="text-sm font-semibold">{t('contact.videoLabel')}</dt>
						<dd>
							<a href={SHOP.videoChannelUrl} rel="noopener noreferrer" className="text-clay-dark underline underline-offset-4">
								{t('contact.videoLink')}
							</a>
						</dd>
					</div>
				</dl>
				<p className="mt-8 rounded-2xl bg-sand/70 p-4 text-sm">{t('contact.responseTime')}</p>
			</div>
			<section aria-labelledby="contact-form-title" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
				<h2 id="contact-form-title" className="font-serif text-2xl">
					{t('contact.formTitle')}
				</h2>
				<fetcher.Form ref={form} method="post" noValidate className="mt-6 space-y-4">
					{FIELDS.map((field) => {
						const error = errors[field.name]
						const common = {
							id: `contact-${field.name}`,
							name: field.name,
							required: true,
							maxLength: CONTACT_LIMITS[field.name],
							'aria-invalid': error ? true : undefined,
							'aria-describedby': error ? `contact-${field.name}-error` : undefined,
							className: inputClass,
						}
						return (
							<div key={field.name}>
								<label htmlFor={common.id} className="block text-sm font-medium">
									{t(`contact.${field.name}`)}
								</label>
								{field.type === 'textarea' ? (
									<textarea {...common} rows={6} defaultValue={values[field.name]} />
								) : (
									<input {...common} type={field.type} autoComplete={field.autoComplete} defaultValue={values[field.name]} />
								)}
								{error ? (
									<p id={`contact-${field.name}-error`} className="mt-1 text-sm text-danger">
										{t(error)}
									</p>
								) : null}
							</div>
						)
					})}
					<div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
						<label htmlFor="contact-website">{t('contact.honeypot')}</label>
						<input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
					</div>
					{message ? (
						<p role="alert" className="text-danger">
							{t(message)}
						</p>
					) : null}
					{actionData && !isRejected(actionData) && !fetcher.data ? (
						<p role="status" className="text-success">
							{t('contact.success')}
						</p>
					) : null}
					<button type="submit" disabled={busy} className="btn-primary">
						{busy ? t('contact.sending') : t('contact.submit')}
					</button>
				</fetcher.Form>
			</section>
		</div>
	)
}
