import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, newsletterCampaignSends, newsletterSubscribers } from '#db/schema/index.ts'
import { createFileTransport } from '#server/email/file-transport.ts'
import { createEmailSender } from '#server/email/sender.ts'
import { getCampaign, queueCampaignEmails, saveCampaign, sendCampaignTest, startCampaign } from '#server/marketing/campaigns.ts'
import { confirmNewsletterSubscription, subscribeToNewsletter, unsubscribeByAdmin, unsubscribeFromNewsletter } from '#server/marketing/newsletter.ts'
import type { TranslationApp } from '#server/translation/content.ts'
import { createLibreTranslateProvider } from '#server/translation/providers.ts'
import { createTranslationService } from '#server/translation/service.ts'
import { createTranslationWorker } from '#server/translation/worker.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'

/**
 * Newsletter campaigns (ADR 0270): translated like other content, queued one email per confirmed
 * subscriber (never to a sign-up still pending its confirmation) in their language at the configured pace, with the one-click unsubscribe headers, and
 * never delivered to someone who unsubscribed, even after their email was queued.
 */

const publicUrl = 'http://shop.test'
const log = pino({ level: 'silent' })

describe.each(ENGINES)('newsletter campaigns on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let app: TranslationApp
	let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	let folder: string

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'campaigns' })
		db = database.handle.db
		fake = await startFakeLibreTranslate()
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'campaign-mail-'))
		const provider = createLibreTranslateProvider({ url: fake.url, timeoutMs: 2000, retries: 0, retryDelayMs: 5 })
		const service = createTranslationService({ db, provider, log })
		// Rounds run when a test says so, never on the nudge a save gives: whether a campaign may start before its translations are in must not race them.
		const worker = Object.assign(createTranslationWorker({ db, service, pollIntervalMs: 60_000 }), { nudge: () => {} })
		app = { db, log, translation: Object.assign(service, { worker }) }
	})
	afterAll(async () => {
		await app.translation.worker.stop()
		await database.cleanup()
		await fake.close()
		await fs.rm(folder, { recursive: true, force: true })
	})

	/** A campaign written and translated (the fake answers "[es] …"), with the outbox emptied of welcome emails. */
	async function translatedCampaign(subject: string) {
		const { id } = await saveCampaign(app, null, { subject, body: `Bună!\n\nVezi [colecția](https://shop.test/catalog) ${subject}.` })
		await app.translation.worker.runOnce()
		return id
	}

	/** Signs up and confirms from the email's link, as a subscriber does (double opt-in). */
	async function subscribe(email: string, locale: 'ro' | 'en' | 'es') {
		await subscribeToNewsletter(db, { email, locale, publicUrl })
		const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
		expect(await confirmNewsletterSubscription(db, { token: row!.unsubscribeToken, publicUrl })).toBe('confirmed')
	}

	const campaignMail = (id: string) =>
		db
			.select()
			.from(emailOutbox)
			.where(sql`${emailOutbox.dedupeKey} like ${`newsletter-campaign:${id}:%`}`)

	it('keeps the consent text the subscriber agreed to, in their language', async () => {
		await subscribe('consent@example.es', 'es')
		const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'consent@example.es'))
		expect(row!.consentText).toBe('Acepto recibir el boletín y puedo darme de baja en cualquier momento.')
		await unsubscribeByAdmin(db, 'consent@example.es')
	})

	it('queues one email per confirmed subscriber, in their language, paced per minute, with the one-click unsubscribe headers', async () => {
		await subscribe('ana@example.ro', 'ro')
		await subscribe('bob@example.com', 'en')
		await subscribe('carmen@example.es', 'es')
		await subscribe('gone@example.es', 'es')
		await unsubscribeByAdmin(db, 'gone@example.es')
		// Signed up but never clicked the confirmation link: no campaign, and not counted.
		await subscribeToNewsletter(db, { email: 'pending@example.ro', locale: 'ro', publicUrl })
		const { id } = await saveCampaign(app, null, { subject: 'Colecția de iarnă', body: 'Bună!\n\nVezi [colecția](https://shop.test/catalog).' })
		expect((await getCampaign(db, id))!.confirmedSubscribers).toBe(3)
		// Nothing goes while a language has no translation: a subscriber would get Romanian.
		await expect(startCampaign(db, id)).rejects.toThrow(/engleză, spaniolă/)
		await app.translation.worker.runOnce()
		await startCampaign(db, id)
		await expect(startCampaign(db, id)).rejects.toThrow(/a început deja/)
		await expect(saveCampaign(app, id, { subject: 'Altceva', body: 'x' })).rejects.toThrow(/a început deja/)

		const pace = { publicUrl, sendsPerMinute: 2 }
		expect(await queueCampaignEmails(db, pace)).toBe(2)
		// The minute's room is used up: another round (this instance or another) queues nothing.
		expect(await queueCampaignEmails(db, pace)).toBe(0)
		await db.update(newsletterCampaignSends).set({ queuedAt: sql`now() - interval '2 minutes'` })
		expect(await queueCampaignEmails(db, pace)).toBe(1)
		expect(await queueCampaignEmails(db, { publicUrl, sendsPerMinute: 100 })).toBe(0)

		const mails = await campaignMail(id)
		expect(mails.map((mail) => [mail.toAddress, mail.subject]).sort()).toEqual([
			['ana@example.ro', 'Colecția de iarnă'],
			['bob@example.com', '[en] Colecția de iarnă'],
			['carmen@example.es', '[es] Colecția de iarnă'],
		])
		const carmen = mails.find((mail) => mail.toAddress === 'carmen@example.es')!
		const [subscriber] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'carmen@example.es'))
		expect(carmen.headers).toEqual({
			'List-Unsubscribe': `<${publicUrl}/es/newsletter/unsubscribe?token=${subscriber!.unsubscribeToken}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
		expect(carmen.html).toContain('href="https://shop.test/catalog"')
		expect(carmen.text).toContain('[es] Bună!')
		expect(carmen.newsletterSubscriberId).toBe(subscriber!.id)
	})

	it('never sends twice to one subscriber, even when rounds run at once', async () => {
		const id = await translatedCampaign('Două runde')
		await startCampaign(db, id)
		const pace = { publicUrl, sendsPerMinute: 10_000 }
		await Promise.all([queueCampaignEmails(db, pace), queueCampaignEmails(db, pace)])
		const mails = await campaignMail(id)
		expect(mails.map((mail) => mail.toAddress).sort()).toEqual(['ana@example.ro', 'bob@example.com', 'carmen@example.es'])
		const [subscriber] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'ana@example.ro'))
		await expect(db.insert(newsletterCampaignSends).values({ campaignId: id, subscriberId: subscriber!.id, locale: 'ro' })).rejects.toThrow()
	})

	it('does not deliver a queued campaign email to someone who unsubscribed since, and delivers the others with their headers', async () => {
		await db.delete(emailOutbox)
		await db.delete(newsletterCampaignSends)
		const id = await translatedCampaign('Ultima')
		await startCampaign(db, id)
		await queueCampaignEmails(db, { publicUrl, sendsPerMinute: 100 })
		const [ana] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'ana@example.ro'))
		// Through the link: the queued email goes with the subscription.
		expect(await unsubscribeFromNewsletter(db, ana!.unsubscribeToken)).toBe(true)
		expect((await campaignMail(id)).map((mail) => mail.toAddress)).not.toContain('ana@example.ro')
		// Behind the service's back (another path ends it while the email waits): the sender still checks at sending time.
		await db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(eq(newsletterSubscribers.email, 'bob@example.com'))

		const sender = createEmailSender({
			db,
			transport: createFileTransport(folder),
			from: 'Lumină & Carton <shop@example.com>',
			messageIdDomain: 'shop.test',
			log,
			pollIntervalMs: 60_000,
			leaseSeconds: 60,
		})
		try {
			expect(await sender.runOnce()).toBe(1)
		} finally {
			await sender.stop()
		}
		const [delivered] = await db.select().from(emailOutbox).where(isNotNull(emailOutbox.sentAt))
		expect(delivered!.toAddress).toBe('carmen@example.es')
		const eml = await fs.readFile(path.join(folder, `${delivered!.id}.eml`), 'utf8')
		expect(eml).toMatch(/^List-Unsubscribe:\s+<http:\/\/shop\.test\/es\/newsletter\/unsubscribe\?token=[\w-]+>$/m)
		expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
		// The round after drops the one the sender passed over.
		await queueCampaignEmails(db, { publicUrl, sendsPerMinute: 100 })
		expect(
			await db
				.select()
				.from(emailOutbox)
				.where(and(eq(emailOutbox.status, 'pending'), isNotNull(emailOutbox.newsletterSubscriberId))),
		).toEqual([])
	})

	it('sends a test to the owner in the chosen language, refused while that language is not translated', async () => {
		const { id } = await saveCampaign(app, null, { subject: 'Netradusă', body: 'Doar în română.' })
		await expect(sendCampaignTest(db, { publicUrl, sendsPerMinute: 1 }, { id, locale: 'es', to: 'owner@example.com' })).rejects.toThrow(/spaniolă/)
		await sendCampaignTest(db, { publicUrl, sendsPerMinute: 1 }, { id, locale: 'ro', to: 'owner@example.com' })
		await app.translation.worker.runOnce()
		await sendCampaignTest(db, { publicUrl, sendsPerMinute: 1 }, { id, locale: 'es', to: 'owner@example.com' })
		const tests = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'owner@example.com'))
		expect(tests.map((mail) => mail.subject).sort()).toEqual(['[Test] Netradusă', '[Test] [es] Netradusă'])
	})
})
