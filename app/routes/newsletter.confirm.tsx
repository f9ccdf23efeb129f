import { data } from 'react-router'
import { ConfirmByButton } from '#app/components/content/confirm-by-button.tsx'
import { getApp } from '#server/context.ts'
import { emailedLinkPage, postedLinkToken } from '#server/http/emailed-link.ts'
import { confirmNewsletterSubscription } from '#server/marketing/newsletter.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/newsletter.confirm'

const TOKEN_MAX = 200

export function loader({ request, context }: Route.LoaderArgs) {
	return emailedLinkPage(getApp(context), request, {
		titleKey: 'newsletter.confirmTitle',
		textKey: 'newsletter.confirmText',
		path: '/newsletter/confirm',
		maxLength: TOKEN_MAX,
	})
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [...seoMeta(loaderData?.meta), { name: 'robots', content: 'noindex' }]
}

/**
 * Confirming is a POST (the click on the page's button), so a mail client's link scanner opening
 * the link cannot subscribe anyone (double opt-in, ADR 0270). The welcome email goes on confirmation.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { db, env, email } = getApp(context)
	const token = await postedLinkToken(request, TOKEN_MAX)
	const outcome = await confirmNewsletterSubscription(db, { token, publicUrl: env.PUBLIC_URL })
	if (outcome === 'confirmed') email.nudge()
	return outcome === 'invalid'
		? data({ ok: false as const, message: 'newsletter.confirmInvalid' }, { status: 400 })
		: { ok: true as const, message: 'newsletter.confirmed' }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<ConfirmByButton
			token={loaderData.token}
			titleKey="newsletter.confirmTitle"
			textKey="newsletter.confirmText"
			buttonKey="newsletter.confirmButton"
			outcome={actionData}
		/>
	)
}
