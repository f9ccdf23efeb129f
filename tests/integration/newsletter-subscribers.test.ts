import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '#db/schema/index.ts'
import { ADMIN_NEWSLETTER_PAGE_SIZE, exportNewsletterCsv, listNewsletterSubscribers, subscribeToNewsletter } from '#server/marketing/newsletter.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { parseNewsletterListFilters } from '#domain/forms/admin-newsletter.ts'
import { subscriberStatus } from '#domain/newsletter/subscriber-status.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** The newsletter's subscribers as the admin lists and exports them. */

const publicUrl = 'http://shop.test'
const filters = (query = '') => parseNewsletterListFilters(new URLSearchParams(query))

describe.each(ENGINES)('newsletter subscribers in the admin on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'newsletter' })
		db = database.handle.db
		await subscribeToNewsletter(db, { email: 'ana@example.com', locale: 'ro', publicUrl })
		await subscribeToNewsletter(db, { email: 'Bob@Example.com', locale: 'en', publicUrl })
		await subscribeToNewsletter(db, { email: 'carmen@example.es', locale: 'es', publicUrl })
		await db
			.update(newsletterSubscribers)
			.set({ consentedAt: new Date('2026-03-01T10:00:00Z'), confirmedAt: new Date('2026-03-01T10:05:00Z') })
			.where(eq(newsletterSubscribers.email, 'ana@example.com'))
		await db
			.update(newsletterSubscribers)
			.set({
				consentedAt: new Date('2026-02-01T10:00:00Z'),
				confirmedAt: new Date('2026-02-01T10:01:00Z'),
				unsubscribedAt: new Date('2026-04-01T08:30:00Z'),
			})
			.where(eq(newsletterSubscribers.email, 'carmen@example.es'))
	})
	afterAll(async () => {
		await database.cleanup()
	})

	it('lists the subscribers with language, consent date and state, newest consent first, filtered by state and search', async () => {
		const active = await listNewsletterSubscribers(db, filters())
		// Bob signed up but has not clicked the confirmation link yet.
		expect(active.subscribers.map((row) => [row.email, row.locale, subscriberStatus(row)])).toEqual([
			['bob@example.com', 'en', 'pending'],
			['ana@example.com', 'ro', 'confirmed'],
		])
		expect(active.subscribers[1]!.consentedAt.toISOString()).toBe('2026-03-01T10:00:00.000Z')
		expect(active.subscribers[1]!.confirmedAt!.toISOString()).toBe('2026-03-01T10:05:00.000Z')
		expect((await listNewsletterSubscribers(db, filters('status=pending'))).subscribers.map((row) => row.email)).toEqual(['bob@example.com'])
		expect((await listNewsletterSubscribers(db, filters('status=confirmed'))).subscribers.map((row) => row.email)).toEqual(['ana@example.com'])
		expect((await listNewsletterSubscribers(db, filters('status=unsubscribed'))).subscribers.map((row) => row.email)).toEqual(['carmen@example.es'])
		expect((await listNewsletterSubscribers(db, filters('status=all'))).total).toBe(3)
		expect((await listNewsletterSubscribers(db, filters('status=all&q=CARMEN'))).subscribers.map((row) => row.email)).toEqual(['carmen@example.es'])
		// Anything else in the URL is the default: the active subscribers, the first page.
		expect(await listNewsletterSubscribers(db, filters('status=nope&page=-3'))).toMatchObject({ total: 2, page: 1, pages: 1 })
		expect(ADMIN_NEWSLETTER_PAGE_SIZE).toBeGreaterThan(2)
	})

	it('exports the confirmed subscribers only as CSV for a Romanian spreadsheet, with the consent text and confirmation time, without the unsubscribe token', async () => {
		const csv = await exportNewsletterCsv(db, filters('status=all'))
		const lines = csv.slice(1).trimEnd().split('\r\n')
		expect(lines[0]).toBe('Email;Limba;Data acordului;Textul acceptat;Data confirmării')
		expect(lines.slice(1)).toEqual([
			`ana@example.com;ro;${formatAdminDateTime(new Date('2026-03-01T10:00:00Z'))};Sunt de acord să primesc newsletterul și mă pot dezabona oricând.;${formatAdminDateTime(new Date('2026-03-01T10:05:00Z'))}`,
		])
		const tokens = await db.select({ token: newsletterSubscribers.unsubscribeToken }).from(newsletterSubscribers)
		for (const { token } of tokens) expect(csv).not.toContain(token)
		// The export follows the list's search; pending and unsubscribed addresses never appear.
		expect(await exportNewsletterCsv(db, filters('q=bob'))).not.toContain('bob@example.com')
		expect(await exportNewsletterCsv(db, filters('status=unsubscribed'))).not.toContain('carmen@example.es')
		expect(await exportNewsletterCsv(db, filters('q=ana'))).toContain('ana@example.com')
	})
})
