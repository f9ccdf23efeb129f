import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import * as z from 'zod/mini'
import { Link } from '#app/components/link.tsx'
import { verifyEmailAddress } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { redirectWithToast } from '#server/toast.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import type { Route } from './+types/verify-email'

const tokenSchema = z.object({ token: z.catch(z.string().check(z.trim(), z.maxLength(2_000)), '') })

export function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const { token } = tokenSchema.parse({ token: new URL(request.url).searchParams.get('token') ?? '' })
	return {
		token,
		meta: pageMeta(app, { title: t('auth.verifyTitle'), description: t('auth.verifyText'), path: '/verify-email' }),
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [...seoMeta(loaderData?.meta), { name: 'robots', content: 'noindex' }]
}

/** Verifying is a POST (a confirmation click), so opening the link never changes anything by itself. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const { token } = tokenSchema.parse(Object.fromEntries(await readFormData(request)))
	const result = await verifyEmailAddress(app, token)
	if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status })
	const t = serverI18n(app.locale).t
	return redirectWithToast(app, '/account', { type: 'success', title: t('auth.verifiedTitle'), description: t('auth.verifiedText') })
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{t('auth.verifyTitle')}</h1>
			{actionData ? (
				<>
					<p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
						{t(actionData.message)}
					</p>
					<p className="mt-6 text-sm">
						<Link to={lp('/account')} className="text-clay-dark underline underline-offset-2">
							{t('auth.verifyNewLink')}
						</Link>
					</p>
				</>
			) : (
				<>
					<p className="mt-3 text-muted">{t('auth.verifyText')}</p>
					<Form method="post" className="mt-6">
						<input type="hidden" name="token" value={loaderData.token} />
						<button type="submit" disabled={busy} className="rounded-full bg-clay-dark px-6 py-3 font-medium text-white disabled:opacity-60">
							{t('auth.verifyButton')}
						</button>
					</Form>
				</>
			)}
		</div>
	)
}
