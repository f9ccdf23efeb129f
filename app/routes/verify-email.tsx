import { data } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { ConfirmByButton } from '#app/components/content/confirm-by-button.tsx'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { verifyEmailAddress } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { emailedLinkPage, postedLinkToken } from '#server/http/emailed-link.ts'
import { serverI18n } from '#server/i18n.ts'
import { redirectWithToast } from '#server/toast.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'
import type { Route } from './+types/verify-email'

const TOKEN_MAX = 2_000

export function loader({ request, context }: Route.LoaderArgs) {
	return emailedLinkPage(getApp(context), request, { titleKey: 'auth.verifyTitle', textKey: 'auth.verifyText', path: '/verify-email', maxLength: TOKEN_MAX })
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [...seoMeta(loaderData?.meta), { name: 'robots', content: 'noindex' }]
}

/** Verifying is a POST (a confirmation click), so opening the link never changes anything by itself. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const result = await verifyEmailAddress(app, await postedLinkToken(request, TOKEN_MAX))
	if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status })
	const t = serverI18n(app.locale).t
	return redirectWithToast(app, '/account', { type: 'success', title: t('auth.verifiedTitle'), description: t('auth.verifiedText') })
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	return (
		<ConfirmByButton
			token={loaderData.token}
			titleKey="auth.verifyTitle"
			textKey="auth.verifyText"
			buttonKey="auth.verifyButton"
			outcome={actionData}
			afterRefusal={
				<p className="mt-6 text-sm">
					<Link to={lp('/account')} className="text-clay-dark underline underline-offset-2">
						{t('auth.verifyNewLink')}
					</Link>
				</p>
			}
		/>
	)
}
