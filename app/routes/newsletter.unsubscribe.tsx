import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import * as z from 'zod/mini'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { unsubscribeFromNewsletter } from '#server/marketing/newsletter.ts'
import { pageMeta } from '#server/seo.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/newsletter.unsubscribe'

const tokenSchema = z.object({ token: z.catch(z.string().check(z.trim(), z.maxLength(200)), '') })

export function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const { token } = tokenSchema.parse({ token: new URL(request.url).searchParams.get('token') ?? '' })
	return {
		token,
		meta: pageMeta(app, { title: t('newsletter.unsubscribeTitle'), description: t('newsletter.unsubscribeText'), path: '/newsletter/unsubscribe' }),
	}
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
	const { token } = tokenSchema.parse(oneClick ? { token: new URL(request.url).searchParams.get('token') ?? '' } : posted)
	const done = await unsubscribeFromNewsletter(getApp(context).db, token)
	return done
		? { ok: true as const, message: 'newsletter.unsubscribed' }
		: data({ ok: false as const, message: 'newsletter.unsubscribeInvalid' }, { status: 400 })
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{t('newsletter.unsubscribeTitle')}</h1>
			{actionData ? (
				<p role={actionData.ok ? 'status' : 'alert'} className={`mt-6 ${actionData.ok ? 'text-green-800' : 'text-red-800'}`}>
					{t(actionData.message)}
				</p>
			) : (
				<>
					<p className="mt-3 text-muted">{t('newsletter.unsubscribeText')}</p>
					<Form method="post" className="mt-6">
						<input type="hidden" name="token" value={loaderData.token} />
						<button type="submit" disabled={busy} className="rounded-full bg-clay-dark px-6 py-3 font-medium text-white disabled:opacity-60">
							{t('newsletter.unsubscribeButton')}
						</button>
					</Form>
				</>
			)}
		</div>
	)
}
