import { languageAlternates } from '#server/seo.ts'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { requestPasswordReset } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { Field, primaryButton } from '#app/components/account/field.tsx'
import { EMAIL_MAX } from '#domain/forms/auth-limits.ts'
import { forgotPasswordSchema } from '#domain/forms/auth.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { isRejected, rejectRefusal, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { pageHeadersWithActionHeaders } from '#server/http/action-headers.ts'
import type { Route } from './+types/forgot-password'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

export function loader({ context }: Route.LoaderArgs) {
	const t = serverI18n(getApp(context).locale).t
	return {
		meta: {
			title: `${t('auth.forgotTitle')} | ${t('meta.siteName')}`,
			description: t('auth.forgotText'),
			alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/forgot-password'),
		},
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData?.meta.title },
		{ name: 'description', content: loaderData?.meta.description },
		{ name: 'robots', content: 'noindex' },
		...alternateLinks(loaderData?.meta.alternates),
	]
}

/** A throttled attempt posted without JavaScript keeps its Retry-After. */
export const headers = pageHeadersWithActionHeaders

export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(forgotPasswordSchema, await readFormData(request))
	// The address comes back, so a form posted before the page's JavaScript ran is still filled in.
	const kept = (email: unknown, messageValues?: Record<string, string | number>) => ({
		email: typeof email === 'string' ? email.slice(0, EMAIL_MAX) : '',
		messageValues,
	})
	if (!submission.ok) return rejectSubmission(submission.errors, kept(submission.values.email))
	const result = await requestPasswordReset(app, submission.value.email)
	if (!result.ok) return rejectRefusal(result, kept(submission.value.email, result.values), 'email')
	// The same answer whether or not the address has an account.
	return { ok: true as const, message: 'auth.forgotSent' }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const busy = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	const kept = rejected?.values as { email?: string; messageValues?: Record<string, string | number> } | undefined
	useSubmissionToast(actionData, t('form.validationTitle'), (message) => t(message, kept?.messageValues))
	return (
		<div className="mx-auto max-w-md px-4 py-12 sm:py-16">
			<h1 className="font-serif text-3xl">{t('auth.forgotTitle')}</h1>
			<p className="mt-3 text-muted">{t('auth.forgotText')}</p>
			{actionData && !rejected && 'message' in actionData ? (
				<p role="status" className="mt-6 notice-success text-sm">
					{t(actionData.message)}
				</p>
			) : (
				<Form method="post" className="mt-6 space-y-4" noValidate>
					<Field
						id="forgot-email"
						name="email"
						type="email"
						autoComplete="email"
						required
						maxLength={EMAIL_MAX}
						label={t('auth.email')}
						defaultValue={kept?.email}
						error={rejected?.errors.formError ? t(rejected.errors.formError, kept?.messageValues) : undefined}
					/>
					<button type="submit" disabled={busy} className={primaryButton}>
						{busy ? t('auth.busy') : t('auth.forgotSubmit')}
					</button>
				</Form>
			)}
			<p className="mt-6 text-center text-sm">
				<Link to={lp('/login')} className="text-clay-dark underline underline-offset-2">
					{t('auth.backToLogin')}
				</Link>
			</p>
		</div>
	)
}
