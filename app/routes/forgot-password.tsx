import { useTranslation } from 'react-i18next'
import { data, Form, Link, useNavigation } from 'react-router'
import { requestPasswordReset } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { Field, primaryButton } from '#app/components/account/field.tsx'
import { EMAIL_MAX } from '#domain/forms/auth-limits.ts'
import { firstIssue, forgotPasswordSchema } from '#domain/forms/auth.ts'
import type { Route } from './+types/forgot-password'

export function loader({ context }: Route.LoaderArgs) {
	const t = serverI18n(getApp(context).locale).t
	return { meta: { title: `${t('auth.forgotTitle')} | ${t('meta.siteName')}`, description: t('auth.forgotText') } }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: loaderData?.meta.title }, { name: 'description', content: loaderData?.meta.description }, { name: 'robots', content: 'noindex' }]
}

export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const parsed = forgotPasswordSchema.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success) return data({ ok: false as const, message: firstIssue(parsed.error), values: undefined }, { status: 400 })
	const result = await requestPasswordReset(app, parsed.data.email)
	if (!result.ok) return data({ ok: false as const, message: result.message, values: result.values }, { status: result.status })
	// The same answer whether or not the address has an account.
	return { ok: true as const, message: 'auth.forgotSent', values: undefined }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-md px-4 py-12 sm:py-16">
			<h1 className="font-serif text-3xl">{t('auth.forgotTitle')}</h1>
			<p className="mt-3 text-muted">{t('auth.forgotText')}</p>
			{actionData?.ok ? (
				<p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
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
						error={actionData && !actionData.ok ? t(actionData.message, actionData.values) : undefined}
					/>
					<button type="submit" disabled={busy} className={primaryButton}>
						{busy ? t('auth.busy') : t('auth.forgotSubmit')}
					</button>
				</Form>
			)}
			<p className="mt-6 text-center text-sm">
				<Link to="/login" className="text-clay-dark underline underline-offset-2">
					{t('auth.backToLogin')}
				</Link>
			</p>
		</div>
	)
}
