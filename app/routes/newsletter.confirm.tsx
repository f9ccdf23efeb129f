import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, Form, useNavigation } from 'react-router'
import * as z from 'zod/mini'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { serverI18n } from '#server/i18n.ts'
import { confirmNewsletterSubscription } from '#server/marketing/newsletter.ts'
import { pageMeta } from '#server/seo.ts'
import { seoMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/newsletter.confirm'

const tokenSchema = z.object({ token: z.catch(z.string().check(z.trim(), z.maxLength(200)), '') })

export function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const { token } = tokenSchema.parse({ token: new URL(request.url).searchParams.get('token') ?? '' })
	return {
		token,
		meta: pageMeta(app, { title: t('newsletter.confirmTitle'), description: t('newsletter.confirmText'), path: '/newsletter/confirm' }),
	}
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
	const { token } = tokenSchema.parse(Object.fromEntries(await readFormData(request)))
	const outcome = await confirmNewsletterSubscription(db, { token, publicUrl: env.PUBLIC_URL })
	if (outcome === 'confirmed') email.nudge()
	return outcome === 'invalid'
		? data({ ok: false as const, message: 'newsletter.confirmInvalid' }, { status: 400 })
		: { ok: true as const, message: 'newsletter.confirmed' }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{t('newsletter.confirmTitle')}</h1>
			{actionData ? (
				<p role={actionData.ok ? 'status' : 'alert'} className={`mt-6 ${actionData.ok ? 'text-green-800' : 'text-red-800'}`}>
					{t(actionData.message)}
				</p>
			) : (
				<>
					<p className="mt-3 text-muted">{t('newsletter.confirmText')}</p>
					<Form method="post" className="mt-6">
						<input type="hidden" name="token" value={loaderData.token} />
						<button type="submit" disabled={busy} className="rounded-full bg-clay-dark px-6 py-3 font-medium text-white disabled:opacity-60">
							{t('newsletter.confirmButton')}
						</button>
					</Form>
				</>
			)}
		</div>
	)
}
