import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { queryRows, type Database, type DbExecutor } from '#db/client.ts'
import { emailOutbox, newsletterCampaigns, newsletterCampaignSends, newsletterSubscribers, translations } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import type { CampaignInput } from '#domain/forms/admin-campaign.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { AdminInputError } from '../admin/errors.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { renderCampaignEmail } from '../email/templates/campaign.tsx'
import { serverI18n } from '../i18n.ts'
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { sourceHash } from '../translation/cache.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'
import { TARGET_LOCALES, type TargetLocale } from '../translation/providers.ts'
import { contentContext } from '../translation/sync.ts'
import { confirmedSubscriber, unsubscribeUrl } from './newsletter.ts'

/** What sending needs from the configuration. */
export type CampaignMailSettings = {
	publicUrl: string
	/** How many campaign emails every instance together queues in any minute. */
	sendsPerMinute: number
}

export type CampaignStatus = (typeof newsletterCampaigns.$inferSelect)['status']

/** The outbox key of one subscriber's email of one campaign: queueing it twice sends it once. */
const campaignDedupeKey = (campaignId: string, subscriberId: string) => `newsletter-campaign:${campaignId}:${subscriberId}`

const SUBJECT_CONTEXT = contentContext('campaign', 'subject')
const BODY_CONTEXT = contentContext('campaign', 'body')

const notFound = () => new AdminInputError(adminT('campaigns.notFound'), 404)

/**
 * Saves a draft (a new one when `id` is null) and queues its subject and body for translation.
 * A campaign that has started sending is never changed: what subscribers got stays what it says.
 */
export async function saveCampaign(app: TranslationApp, id: string | null, input: CampaignInput): Promise<{ id: string; created: boolean }> {
	let saved: string
	if (id) {
		const [row] = await app.db
			.update(newsletterCampaigns)
			.set({ subject: input.subject, body: input.body })
			.where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
			.returning({ id: newsletterCampaigns.id })
		if (!row) throw (await campaignExists(app.db, id)) ? new AdminInputError(adminT('campaigns.alreadySent'), 409) : notFound()
		saved = row.id
	} else {
		const [row] = await app.db.insert(newsletterCampaigns).values(input).returning({ id: newsletterCampaigns.id })
		saved = row!.id
	}
	await queueContentTranslation(app, { kind: 'campaign', id: saved })
	return { id: saved, created: id === null }
}

async function campaignExists(db: DbExecutor, id: string) {
	const [row] = await db.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
	return row !== undefined
}

/** Every campaign, newest first, with how many subscribers it has been queued for. */
export async function listCampaigns(db: DbExecutor) {
	return db
		.select({
			id: newsletterCampaigns.id,
			subject: newsletterCampaigns.subject,
			status: newsletterCampaigns.status,
			createdAt: newsletterCampaigns.createdAt,
			sentAt: newsletterCampaigns.sentAt,
			queued: sql<number>`(select count(*)::int from ${newsletterCampaignSends} where ${newsletterCampaignSends.campaignId} = ${newsletterCampaigns.id})`,
		})
		.from(newsletterCampaigns)
		.orderBy(desc(newsletterCampaigns.createdAt), asc(newsletterCampaigns.id))
}

type CampaignTexts = { subject: string; body: string }

/**
 * A campaign's subject and body in `locale` (the owner's correction, else the machine's), or null
 * for a text not translated yet. Read with the caller's executor: a transaction reads them itself.
 */
async function translatedTexts(db: DbExecutor, campaign: CampaignTexts, locale: TargetLocale) {
	const rows = await db
		.select({ context: translations.context, text: sql<string | null>`coalesce(${translations.overrideText}, ${translations.translatedText})` })
		.from(translations)
		.where(
			and(
				eq(translations.locale, locale),
				or(
					and(eq(translations.sourceHash, sourceHash(campaign.subject)), eq(translations.context, SUBJECT_CONTEXT)),
					and(eq(translations.sourceHash, sourceHash(campaign.body)), eq(translations.context, BODY_CONTEXT)),
				),
			),
		)
	const text = (context: string) => rows.find((row) => row.context === context)?.text ?? null
	return { subject: text(SUBJECT_CONTEXT), body: text(BODY_CONTEXT) }
}

/** The campaign in the subscriber's language: Romanian as written, other languages translated (Romanian where a text is missing). */
async function campaignIn(db: DbExecutor, campaign: CampaignTexts, locale: Locale): Promise<CampaignTexts> {
	if (locale === 'ro') return campaign
	const translated = await translatedTexts(db, campaign, locale)
	return { subject: translated.subject ?? campaign.subject, body: translated.body ?? campaign.body }
}

/** The languages whose subject or body has no translation yet (machine or the owner's). */
async function missingTranslations(db: DbExecutor, campaign: CampaignTexts): Promise<TargetLocale[]> {
	const missing: TargetLocale[] = []
	for (const locale of TARGET_LOCALES) {
		const translated = await translatedTexts(db, campaign, locale)
		if (translated.subject === null || translated.body === null) missing.push(locale)
	}
	return missing
}

/** One campaign for its page: its texts, each language's translation (null where missing), and how far sending has gone. */
export async function getCampaign(db: DbExecutor, id: string) {
	const [campaign] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
	if (!campaign) return null
	const [en, es] = await Promise.all(TARGET_LOCALES.map((locale) => translatedTexts(db, campaign, locale)))
	const [queued] = await db.select({ total: count() }).from(newsletterCampaignSends).where(eq(newsletterCampaignSends.campaignId, id))
	const [confirmed] = await db.select({ total: count() }).from(newsletterSubscribers).where(confirmedSubscriber)
	return { campaign, translations: { en: en!, es: es! }, queued: queued?.total ?? 0, confirmedSubscribers: confirmed?.total ?? 0 }
}

function unsubscribeHeaders(url: string) {
	// RFC 8058: mail providers POST "List-Unsubscribe=One-Click" to the address, with no cookie and no page.
	return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

function campaignEmail(texts: CampaignTexts, locale: Locale, url: string) {
	const t = serverI18n(locale).t
	return renderCampaignEmail({
		locale,
		subject: texts.subject,
		body: texts.body,
		unsubscribeUrl: url,
		footerNote: t('newsletter.campaignFooter'),
		unsubscribeLabel: t('newsletter.campaignUnsubscribe'),
	})
}

/**
 * Queues the campaign, in `locale`, to the owner's own address, marked as a test. Its unsubscribe
 * link names nobody. A language whose translation is not ready is refused, so the test shows what
 * subscribers would get.
 */
export async function sendCampaignTest(db: DbExecutor, settings: CampaignMailSettings, input: { id: string; locale: Locale; to: string }) {
	const [campaign] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, input.id))
	if (!campaign) throw notFound()
	if (input.locale !== 'ro' && (await missingTranslations(db, campaign)).includes(input.locale)) {
		throw new AdminInputError(adminT('campaigns.translationMissing', { languages: adminT(`campaigns.languages.${input.locale}`) }), 409)
	}
	const texts = await campaignIn(db, campaign, input.locale)
	const url = unsubscribeUrl(settings.publicUrl, input.locale, '')
	const email = campaignEmail(texts, input.locale, url)
	await enqueueEmail(db, { to: input.to, ...email, subject: `[Test] ${email.subject}`, headers: unsubscribeHeaders(url) })
}

/**
 * Starts sending a draft: from here on the paced job queues one email per confirmed subscriber.
 * Refused while a language lacks its translation (a subscriber would get Romanian) or once started.
 */
export async function startCampaign(db: DbExecutor, id: string) {
	const [campaign] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id))
	if (!campaign) throw notFound()
	if (campaign.status !== 'draft') throw new AdminInputError(adminT('campaigns.alreadySent'), 409)
	const missing = await missingTranslations(db, campaign)
	if (missing.length) {
		throw new AdminInputError(
			adminT('campaigns.translationMissing', { languages: missing.map((locale) => adminT(`campaigns.languages.${locale}`)).join(', ') }),
			409,
		)
	}
	const [started] = await db
		.update(newsletterCampaigns)
		.set({ status: 'sending', sendingStartedAt: sql`now()` })
		.where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
		.returning({ id: newsletterCampaigns.id })
	if (!started) throw new AdminInputError(adminT('campaigns.alreadySent'), 409)
}

type DueSubscriber = { id: string; email: string; locale: Locale; token: string }

/** Confirmed subscribers of a sending campaign (those who had confirmed when it started) who have no email of it yet; pending sign-ups never. */
const dueSubscribers = (campaign: { id: string; sendingStartedAt: Date | null }) => sql`
	from ${newsletterSubscribers} s
	where s.unsubscribed_at is null and s.confirmed_at <= ${campaign.sendingStartedAt}
		and not exists (select 1 from ${newsletterCampaignSends} x where x.campaign_id = ${campaign.id} and x.subscriber_id = s.id)`

/**
 * One round of the campaign job: queues the emails of the campaigns being sent, as many as the
 * per-minute limit leaves room for (counted over every instance's sends of the last minute), one per
 * subscriber in their language, and marks a campaign sent once nobody is left. The campaigns are
 * locked for the round, so instances take turns; the sends' primary key and the outbox's dedupe key
 * make each subscriber's email one, whatever runs twice. Returns how many emails were queued.
 */
export async function queueCampaignEmails(db: Database, settings: CampaignMailSettings): Promise<number> {
	return db.transaction(async (tx) => {
		// Campaign emails of subscribers who left after they were queued: the sender already passes them over.
		await tx
			.delete(emailOutbox)
			.where(
				and(
					eq(emailOutbox.status, 'pending'),
					inArray(
						emailOutbox.newsletterSubscriberId,
						tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(isNotNull(newsletterSubscribers.unsubscribedAt)),
					),
				),
			)
		const sending = await tx
			.select()
			.from(newsletterCampaigns)
			.where(eq(newsletterCampaigns.status, 'sending'))
			.orderBy(asc(newsletterCampaigns.sendingStartedAt), asc(newsletterCampaigns.id))
			.for('update')
		if (sending.length === 0) return 0
		const [recent] = await tx
			.select({ total: count() })
			.from(newsletterCampaignSends)
			.where(gt(newsletterCampaignSends.queuedAt, sql`now() - interval '1 minute'`))
		let room = settings.sendsPerMinute - (recent?.total ?? 0)
		let queued = 0
		for (const campaign of sending) {
			if (room <= 0) break
			// Locked while queued, so an unsubscribe at this moment waits for the round and then removes what it queued.
			const due = await queryRows<DueSubscriber>(
				tx,
				sql`select s.id, s.email, s.locale, s.unsubscribe_token as token ${dueSubscribers(campaign)}
				order by s.confirmed_at, s.id limit ${room} for update of s skip locked`,
			)
			const texts = new Map<Locale, CampaignTexts>()
			for (const subscriber of due) {
				const inserted = await tx
					.insert(newsletterCampaignSends)
					.values({ campaignId: campaign.id, subscriberId: subscriber.id, locale: subscriber.locale })
					.onConflictDoNothing()
					.returning({ subscriberId: newsletterCampaignSends.subscriberId })
				if (inserted.length === 0) continue
				if (!texts.has(subscriber.locale)) texts.set(subscriber.locale, await campaignIn(tx, campaign, subscriber.locale))
				const url = unsubscribeUrl(settings.publicUrl, subscriber.locale, subscriber.token)
				await enqueueEmail(tx, {
					to: subscriber.email,
					...campaignEmail(texts.get(subscriber.locale)!, subscriber.locale, url),
					dedupeKey: campaignDedupeKey(campaign.id, subscriber.id),
					newsletterSubscriberId: subscriber.id,
					headers: unsubscribeHeaders(url),
				})
				queued++
				room--
			}
			const [left] = await queryRows<{ any: boolean }>(tx, sql`select exists (select 1 ${dueSubscribers(campaign)}) as any`)
			if (!left?.any) {
				await tx
					.update(newsletterCampaigns)
					.set({ status: 'sent', sentAt: sql`now()` })
					.where(eq(newsletterCampaigns.id, campaign.id))
			}
		}
		return queued
	})
}

/** How often the campaign job looks for emails to queue (it is also woken when a campaign starts). */
export const CAMPAIGN_POLL_INTERVAL_MS = 15_000

/** The background job that queues campaigns at their pace; each round that queued mail wakes the email sender. */
export function createCampaignJob(options: { db: Database; settings: CampaignMailSettings; nudgeEmail: () => void; log: Logger }): PeriodicJob<number> {
	const job = createPeriodicJob({
		name: 'newsletter campaigns',
		round: async () => {
			const queued = await queueCampaignEmails(options.db, options.settings)
			if (queued > 0) {
				options.log.info({ queued }, 'newsletter campaign emails queued')
				options.nudgeEmail()
			}
			return queued
		},
		onFailure: 0,
		intervalMs: CAMPAIGN_POLL_INTERVAL_MS,
		log: options.log,
	})
	job.start()
	return job
}
