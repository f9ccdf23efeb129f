import { languageAlternates } from '#server/seo.ts'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { clearSessionCookies, isResetTokenUsable, resetPassword } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { redirectWithToast } from '#server/toast.ts'
import { Field, primaryButton } from '#app/components/account/field.tsx'
import { PASSWORD_MAX } from '#domain/forms/auth-limits.ts'
import { resetPasswordSchema } from '#domain/forms/auth.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { isRejected, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import type { Route } from './+types/reset-password'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader({ context, url }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const token = url.searchParams.get('token') ?? ''
	const valid = await isResetTokenUsable(app, token)
	const meta = { title: `${t('auth.resetTitle')} | ${t('meta.siteName')}`, alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/reset-password') }
	// A forged, spent or expired token is a client error, shown as a page with a way on.
	return data({ valid, token: valid ? token : '', meta }, { status: valid ? 200 : 400, headers: NO_STORE })
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'robots', content: 'noindex' }, ...alternateLinks(loaderData?.meta.alternates)]
}

export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(resetPasswordSchema, await readFormData(request))
	// The form comes back with the token (never the passwords), so a typo in the password does not lose the link.
	const posted = submission.ok ? submission.value.token : submission.values.token
	const token = typeof posted === 'string' && (await isResetTokenUsable(app, posted)) ? posted : ''
	if (!submission.ok) return rejectSubmission(submission.errors, { token }, 400, NO_STORE)
	const result = await resetPassword(app, { token: submission.value.token, password: submission.value.password })
	if (!result.ok) return rejectSubmission(formError(result.message), { token }, result.status, NO_STORE)
	const t = serverI18n(app.locale).t
	// Every session of the account ended, this browser's included.
	const cookies = await clearSessionCookies(app)
	return redirectWithToast(
		app,
		'/login',
		{ type: 'success', title: t('auth.resetDoneTitle'), description: t('auth.resetDoneText') },
		{ headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
	)
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const busy = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	const token = rejected ? String(rejected.values.token ?? '') : loaderData.token
	const invalid = !token || rejected?.errors.formError === 'auth.resetInvalid'
	useSubmissionToast(invalid ? null : actionData, t('form.validationTitle'), t)
	return (
		<div className="mx-auto max-w-md px-4 py-12 sm:py-16">
			<h1 className="font-serif text-3xl">{t('auth.resetTitle')}</h1>
			{invalid ? (
				<>
					<p role="alert" className="mt-6 notice-danger text-sm">
						{t('auth.resetInvalid')}
					</p>
					<p className="mt-6 text-center text-sm">
						<Link to={lp('/forgot-password')} className="text-clay-dark underline underline-offset-2">
							{t('auth.requestNewLink')}
						</Link>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 space-y-4" noValidate>
					<input type="hidden" name="token" value={token} />
					{rejected?.errors.formError ? (
						<p role="alert" className="notice-danger text-sm">
							{t(rejected.errors.formError)}
						</p>
					) : null}
					<Field
						id="reset-password"
						name="password"
						type="password"
						autoComplete="new-password"
						required
						minLength={8}
						maxLength={PASSWORD_MAX}
						label={t('auth.newPassword')}
						hint={t('auth.passwordHint')}
					/>
					<Field
						id="reset-confirm"
						name="confirmPassword"
						type="password"
						autoComplete="new-password"
						required
						maxLength={PASSWORD_MAX}
						label={t('auth.confirmPassword')}
					/>
					<button type="submit" disabled={busy} className={primaryButton}>
						{busy ? t('auth.busy') : t('auth.resetSubmit')}
					</button>
				</Form>
			)}
		</div>
	)
}
