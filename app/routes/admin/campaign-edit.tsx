import { useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getCampaign, saveCampaign, sendCampaignTest, startCampaign } from '#server/marketing/campaigns.ts'
import { notFound, rejectAdminSubmission, saveAdminForm, toastResult, uuidParam } from '#server/admin/route-helpers.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { buttonPrimary, buttonSecondary, ConfirmDialog, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { isRejected } from '#app/lib/forms/submission.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { LOCALES } from '#domain/enums.ts'
import { campaignSchema, campaignTestSchema } from '#domain/forms/admin-campaign.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX } from '#domain/newsletter/campaign-body.ts'
import type { Route } from './+types/campaign-edit'

const ownerAddress = (app: ReturnType<typeof getApp>) => app.env.OWNER_EMAIL ?? app.env.SHOP_EMAIL

export async function loader({ params, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const settings = { ownerEmail: ownerAddress(app), sendsPerMinute: app.env.NEWSLETTER_SENDS_PER_MINUTE }
	if (params.id === 'new') return { campaign: null, translations: null, queued: 0, confirmedSubscribers: 0, ...settings }
	const found = await getCampaign(app.db, uuidParam(params.id))
	if (!found) notFound()
	return { ...found, ...settings }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.campaign ? loaderData.campaign.subject : adminT('campaigns.newTitle')} | ${adminT('nav.title')}` }]
}

/** A new campaign's first save: on to its own page, where it is translated, tested and sent. */
function createCampaign(app: ReturnType<typeof getApp>, request: Request) {
	return saveAdminForm(app, request, {
		schema: campaignSchema,
		save: (value) => saveCampaign(app, null, value),
		saved: (saved) => ({ to: `/admin/newsletter/campaigns/${saved.id}`, title: adminT('campaigns.created') }),
		failure: adminT('campaigns.saveFailed'),
		what: 'newsletter campaign',
	})
}

/**
 * intent=save (subject, body: the draft, queued for translation), intent=test (locale: to the
 * owner's own address), intent=send (starts the paced sending to every confirmed subscriber).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	if (params.id === 'new') return createCampaign(app, request)
	const id = uuidParam(params.id)
	const posted = submittedValues(await readFormData(request))
	const refuse = (error: unknown) => {
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message), posted, error.status, adminT('common.error'))
		throw error
	}
	try {
		if (posted.intent === 'test') {
			const submission = parseSubmission(campaignTestSchema, posted)
			if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
			const to = ownerAddress(app)
			await sendCampaignTest(
				app.db,
				{ publicUrl: app.env.PUBLIC_URL, sendsPerMinute: app.env.NEWSLETTER_SENDS_PER_MINUTE },
				{ id, locale: submission.value.locale, to },
			)
			app.email.nudge()
			return toastResult({ type: 'success', title: adminT('campaigns.testSent', { email: to }) })
		}
		if (posted.intent === 'send') {
			await startCampaign(app.db, id)
			app.newsletterCampaigns.nudge()
			app.log.info({ event: 'newsletter-campaign-started', campaignId: id }, 'newsletter campaign sending started')
			return toastResult({ type: 'success', title: adminT('campaigns.sendStarted') })
		}
		const submission = parseSubmission(campaignSchema, posted)
		if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
		await saveCampaign(app, id, submission.value)
		return toastResult({ type: 'success', title: adminT('campaigns.updated') })
	} catch (error) {
		return refuse(error)
	}
}

function TranslationPreview({ locale, texts }: { locale: 'en' | 'es'; texts: { subject: string | null; body: string | null } }) {
	const ready = texts.subject !== null && texts.body !== null
	return (
		<div className="rounded-xl border border-sand p-3" data-testid={`campaign-translation-${locale}`}>
			<h3 className="text-sm font-semibold">{adminT(`translations.locales.${locale}`)}</h3>
			{ready ? (
				<>
					<p className="mt-1 text-sm font-medium">{texts.subject}</p>
					<p className="mt-1 whitespace-pre-line text-sm text-muted">{texts.body}</p>
				</>
			) : (
				<p className="mt-1 text-sm italic text-muted">{adminT('campaigns.translationPending')}</p>
			)}
		</div>
	)
}

export default function CampaignEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { campaign, translations } = loaderData
	useToastResult(actionData)
	const saving = useNavigation().state === 'submitting'
	const rejected = isRejected(actionData) ? actionData : null
	const draft = !campaign || campaign.status === 'draft'
	const typed = (name: 'subject' | 'body') =>
		rejected && typeof rejected.values[name] === 'string' ? (rejected.values[name] as string) : (campaign?.[name] ?? '')
	return (
		<section aria-labelledby="campaign-title" className="max-w-3xl">
			<Link to="/admin/newsletter/campaigns" className="text-sm text-clay-dark underline underline-offset-4">
				← {adminT('common.back')}
			</Link>
			<h1 id="campaign-title" className="mt-3 font-serif text-3xl">
				{campaign ? adminT('campaigns.editTitle') : adminT('campaigns.newTitle')}
			</h1>
			{campaign ? (
				<p className="mt-2 text-sm text-muted">
					{adminT('campaigns.status')}: <strong>{adminT(`campaigns.statuses.${campaign.status}`)}</strong>
					{campaign.status !== 'draft' ? ` · ${adminT('campaigns.progress', { queued: loaderData.queued })}` : null}
					{campaign.sentAt ? ` · ${formatAdminDateTime(campaign.sentAt)}` : null}
				</p>
			) : null}
			<Form method="post" className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				<input type="hidden" name="intent" value="save" />
				<div>
					<label htmlFor="campaign-subject" className={labelClass}>
						{adminT('campaigns.subject')}
					</label>
					<input
						id="campaign-subject"
						name="subject"
						required
						maxLength={CAMPAIGN_SUBJECT_MAX}
						defaultValue={typed('subject')}
						key={`subject-${campaign?.updatedAt ?? ''}`}
						readOnly={!draft}
						aria-invalid={rejected?.errors.fieldErrors.subject ? true : undefined}
						className={inputClass}
					/>
				</div>
				<div>
					<label htmlFor="campaign-body" className={labelClass}>
						{adminT('campaigns.body')}
					</label>
					<textarea
						id="campaign-body"
						name="body"
						required
						rows={12}
						maxLength={CAMPAIGN_BODY_MAX}
						defaultValue={typed('body')}
						key={`body-${campaign?.updatedAt ?? ''}`}
						readOnly={!draft}
						aria-describedby="campaign-body-hint"
						aria-invalid={rejected?.errors.fieldErrors.body ? true : undefined}
						className={inputClass}
					/>
					<p id="campaign-body-hint" className="mt-1 text-xs text-muted">
						{adminT('campaigns.bodyHint')}
					</p>
				</div>
				{draft ? (
					<button type="submit" className={buttonPrimary} disabled={saving}>
						{adminT('common.save')}
					</button>
				) : null}
			</Form>
			{campaign && translations ? (
				<>
					<section aria-labelledby="campaign-translations" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
						<div className="flex flex-wrap items-center justify-between gap-3">
							<h2 id="campaign-translations" className="font-serif text-xl">
								{adminT('campaigns.translationsTitle')}
							</h2>
							<a href={`/admin/translations?tab=campaign&q=${encodeURIComponent(campaign.subject)}`} className={buttonSecondary}>
								{adminT('campaigns.editTranslations')}
							</a>
						</div>
						<div className="mt-3 grid gap-3 md:grid-cols-2">
							<TranslationPreview locale="en" texts={translations.en} />
							<TranslationPreview locale="es" texts={translations.es} />
						</div>
					</section>
					<TestSend ownerEmail={loaderData.ownerEmail} />
					{draft ? <StartSending confirmedSubscribers={loaderData.confirmedSubscribers} perMinute={loaderData.sendsPerMinute} /> : null}
				</>
			) : null}
		</section>
	)
}

function TestSend({ ownerEmail }: { ownerEmail: string }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	return (
		<section aria-labelledby="campaign-test" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
			<h2 id="campaign-test" className="font-serif text-xl">
				{adminT('campaigns.testTitle')}
			</h2>
			<p className="mt-1 text-sm text-muted">{adminT('campaigns.testIntro', { email: ownerEmail })}</p>
			<fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
				<input type="hidden" name="intent" value="test" />
				<div>
					<label htmlFor="campaign-test-locale" className={labelClass}>
						{adminT('campaigns.testLanguage')}
					</label>
					<select id="campaign-test-locale" name="locale" defaultValue="ro" className={inputClass}>
						{LOCALES.map((locale) => (
							<option key={locale} value={locale}>
								{adminT(`campaigns.languages.${locale}`)}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className={buttonSecondary} disabled={fetcher.state !== 'idle'}>
					{adminT('campaigns.testSend')}
				</button>
			</fetcher.Form>
		</section>
	)
}

function StartSending({ confirmedSubscribers, perMinute }: { confirmedSubscribers: number; perMinute: number }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	return (
		<section aria-labelledby="campaign-send" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
			<h2 id="campaign-send" className="font-serif text-xl">
				{adminT('campaigns.sendTitle')}
			</h2>
			<p className="mt-1 text-sm text-muted">{adminT('campaigns.sendIntro', { count: confirmedSubscribers, perMinute })}</p>
			<button type="button" className={`${buttonPrimary} mt-3`} disabled={fetcher.state !== 'idle'} onClick={() => setConfirming(true)}>
				{adminT('campaigns.send')}
			</button>
			<ConfirmDialog
				open={confirming}
				title={adminT('campaigns.send')}
				description={adminT('campaigns.sendConfirm')}
				confirmLabel={adminT('campaigns.send')}
				onClose={() => setConfirming(false)}
				onConfirm={() => {
					fetcher.submit({ intent: 'send' }, { method: 'post' })
					setConfirming(false)
				}}
			/>
		</section>
	)
}
