import { languageAlternates } from '#server/seo.ts'
import { useEffect } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Form, redirect, useNavigation, useSearchParams } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { deleteSession, signIn, signUp } from '#server/auth/accounts.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { redirectWithToast } from '#server/toast.ts'
import { Field, primaryButton } from '#app/components/account/field.tsx'
import { notify, SUBMISSION_RESULT } from '#app/components/toasts.tsx'
import { isRejected, rejectRefusal, rejectSubmission, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { returnPath } from '#domain/auth/return-url.ts'
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX } from '#domain/forms/auth-limits.ts'
import { loginFormSchema } from '#domain/forms/auth.ts'
import { parseSubmission } from '#domain/forms/submission.ts'
import { pageHeadersWithActionHeaders } from '#server/http/action-headers.ts'
import type { Route } from './+types/login'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import { alternateLinks } from '#app/lib/seo.ts'

export function loader({ context, url }: Route.LoaderArgs) {
	const { locale } = getApp(context)
	// The target keeps its language; an old one without gets this page's (ADR 0106).
	const returnUrl = returnPath(url.searchParams.get('returnUrl'), locale)
	// A signed-in user is sent to returnUrl (default: home).
	if (getCurrentUser(context)) throw redirect(returnUrl)
	const t = serverI18n(locale).t
	return {
		returnUrl,
		meta: {
			title: `${t('auth.loginTitle')} | ${t('meta.siteName')}`,
			description: t('auth.loginDescription'),
			alternates: languageAlternates(getApp(context).env.PUBLIC_URL, '/login'),
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

/** The page's headers plus a throttled attempt's Retry-After. */
export const headers = pageHeadersWithActionHeaders

/**
 * What comes back with a refusal: the tab it came from and the address (never the password), and
 * the figures a service message needs (`messageValues`, e.g. the minutes to wait).
 */
type Kept = { intent: 'login' | 'signup'; email: string; messageValues?: Record<string, string | number> }

function kept(values: Record<string, unknown>, messageValues?: Kept['messageValues']): Kept {
	const email = typeof values.email === 'string' ? values.email.slice(0, EMAIL_MAX) : ''
	return { intent: values.intent === 'signup' ? 'signup' : 'login', email, ...(messageValues ? { messageValues } : {}) }
}

export async function action({ request, context, url }: Route.ActionArgs) {
	const app = getApp(context)
	const form = await readFormData(request)
	const submission = parseSubmission(loginFormSchema, form)
	if (!submission.ok) return rejectSubmission(submission.errors, kept(submission.values))
	const input = submission.value
	const t = serverI18n(app.locale).t

	if (input.intent === 'signup') {
		const result = await signUp(app, request, { email: input.email, password: input.password, fullName: input.fullName })
		if (!result.ok) return rejectRefusal(result, kept(input, result.values))
		return { ok: true as const, intent: input.intent, email: input.email }
	}
	const result = await signIn(app, request, { email: input.email, password: input.password })
	if (!result.ok) return rejectRefusal(result, kept(input, result.values))
	// A session this browser already had ends: one sign-in, one fresh session id.
	const previous = getCurrentUser(context)
	if (previous) await deleteSession(app, previous.sessionId)
	const posted = form.get('returnUrl')
	const returnUrl = returnPath(typeof posted === 'string' ? posted : url.searchParams.get('returnUrl'), app.locale)
	return redirectWithToast(
		app,
		returnUrl,
		{ type: 'success', title: t('auth.signInSuccessTitle'), description: t('auth.signInSuccessText') },
		{ headers: result.setCookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
	)
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const [searchParams] = useSearchParams()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const rejected = isRejected(actionData) ? actionData : null
	const failure = rejected ? (rejected.values as unknown as Kept) : null
	const signedUp = !!actionData && !rejected
	const tab: 'login' | 'signup' = signedUp ? 'login' : failure ? failure.intent : searchParams.get('tab') === 'signup' ? 'signup' : 'login'

	// The first error in a toast titled 'Eroare autentificare' or 'Eroare înregistrare'.
	useSubmissionToast(actionData, t(failure?.intent === 'signup' ? 'auth.signUpErrorTitle' : 'auth.signInErrorTitle'), (message) =>
		t(message, failure?.messageValues),
	)
	useEffect(() => {
		if (actionData && !isRejected(actionData))
			notify({ type: 'success', title: t('auth.signUpSuccessTitle'), description: t('auth.signUpSuccessText') }, { replaces: SUBMISSION_RESULT })
	}, [actionData, t])

	const tabHref = (next: 'login' | 'signup') => {
		const params = new URLSearchParams()
		if (next === 'signup') params.set('tab', 'signup')
		if (loaderData.returnUrl !== lp('/')) params.set('returnUrl', loaderData.returnUrl)
		const query = params.toString()
		return lp(query ? `/login?${query}` : '/login')
	}
	const tabClass = (active: boolean) =>
		`flex-1 rounded-full px-4 py-2 text-center text-sm font-medium ${active ? 'bg-clay-dark text-white' : 'text-ink hover:bg-sand'}`
	const email = actionData && !isRejected(actionData) ? actionData.email : (failure?.email ?? '')
	const error = rejected?.errors.formError ? t(rejected.errors.formError, failure?.messageValues) : undefined

	return (
		<div className="mx-auto max-w-md px-4 py-12 sm:py-16">
			<h1 className="font-serif text-3xl">{t('auth.loginTitle')}</h1>
			<nav aria-label={t('auth.tabs')} className="mt-6">
				<ul className="flex gap-2 rounded-full bg-sand/60 p-1">
					<li className="flex flex-1">
						<Link to={tabHref('login')} aria-current={tab === 'login' ? 'page' : undefined} className={tabClass(tab === 'login')} replace preventScrollReset>
							{t('auth.loginTab')}
						</Link>
					</li>
					<li className="flex flex-1">
						<Link to={tabHref('signup')} aria-current={tab === 'signup' ? 'page' : undefined} className={tabClass(tab === 'signup')} replace preventScrollReset>
							{t('auth.signupTab')}
						</Link>
					</li>
				</ul>
			</nav>
			{error ? (
				<p role="alert" className="mt-6 notice-danger text-sm">
					{error}
				</p>
			) : null}
			{signedUp ? (
				<p role="status" className="mt-6 notice-success text-sm">
					{t('auth.signUpSuccessTitle')} {t('auth.signUpSuccessText')}
				</p>
			) : null}
			{tab === 'login' ? (
				// The key changes after a sign-up, so the fields start again (the password clears).
				<Form method="post" className="mt-6 space-y-4" key={signedUp ? `login-after-signup-${email}` : 'login'} noValidate>
					<input type="hidden" name="intent" value="login" />
					<input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
					<Field
						id="login-email"
						name="email"
						type="email"
						autoComplete="username"
						required
						maxLength={EMAIL_MAX}
						defaultValue={email}
						label={t('auth.email')}
					/>
					<Field
						id="login-password"
						name="password"
						type="password"
						autoComplete="current-password"
						required
						maxLength={PASSWORD_MAX}
						defaultValue=""
						label={t('auth.password')}
					/>
					<button type="submit" disabled={busy} className={primaryButton}>
						{busy ? t('auth.busy') : t('auth.signInSubmit')}
					</button>
					<p className="text-center text-sm">
						<Link to={lp('/forgot-password')} className="text-clay-dark underline underline-offset-2">
							{t('auth.forgotLink')}
						</Link>
					</p>
				</Form>
			) : (
				<Form method="post" className="mt-6 space-y-4" key="signup" noValidate>
					<input type="hidden" name="intent" value="signup" />
					<input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
					<Field id="signup-name" name="fullName" type="text" autoComplete="name" maxLength={FULL_NAME_MAX} label={t('auth.fullName')} />
					<Field id="signup-email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={email} label={t('auth.email')} />
					<Field
						id="signup-password"
						name="password"
						type="password"
						autoComplete="new-password"
						required
						minLength={8}
						maxLength={PASSWORD_MAX}
						defaultValue=""
						label={t('auth.password')}
						hint={t('auth.passwordHint')}
					/>
					<button type="submit" disabled={busy} className={primaryButton}>
						{busy ? t('auth.busy') : t('auth.signUpSubmit')}
					</button>
				</Form>
			)}
		</div>
	)
}
