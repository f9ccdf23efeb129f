import { data } from 'react-router'
import { ConfirmByButton } from '#app/components/content/confirm-by-button.tsx'
import { getApp } from '#server/context.ts'
import { emailedLinkPage, linkToken, linkTokenOf } from '#server/http/emailed-link.ts'
import { readFormData } from '#server/http/request-body.ts'
import { unsubscribeFromNewsletter } from '#server/marketing/newsletter.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/newsletter.unsubscribe'

const TOKEN_MAX = 200

export function loader({ request, context }: Route.LoaderArgs) {
	return emailedLinkPage(getApp(context), request, {
		titleKey: 'newsletter.unsubscribeTitle',
		textKey: 'newsletter.unsubscribeText',
		path: '/newsletter/unsubscribe',
		maxLength: TOKEN_MAX,
	})
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [...seoMeta(loaderData?.meta), { name: 'robots', content: 'noindex' }]
}

/**
 * Unsubscribing is a POST (a confirmation click), so link scanners in mail clients cannot do it.
 * A mail provider's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the
 * address in the List-Unsubscribe header, which carries the token in its query: no cookie, no page,
 * no Origin (the same-origin check lets such a request through; a browser on another site is still refused).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const posted = Object.fromEntries(await readFormData(request))
	const oneClick = posted['List-Unsubscribe'] === 'One-Click'
	const token = oneClick ? linkTokenOf(request.url, TOKEN_MAX) : linkToken(posted.token, TOKEN_MAX)
	const done = await unsubscribeFromNewsletter(getApp(context).db, token)
	return done
		? { ok: true as const, message: 'newsletter.unsubscribed' }
		: data({ ok: false as const, message: 'newsletter.unsubscribeInvalid' }, { status: 400 })
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<ConfirmByButton
			token={loaderData.token}
			titleKey="newsletter.unsubscribeTitle"
			textKey="newsletter.unsubscribeText"
			buttonKey="newsletter.unsubscribeButton"
			outcome={actionData}
		/>
	)
}
