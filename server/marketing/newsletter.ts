import crypto from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { emailOutbox, newsletterSubscribers } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import type { NewsletterListFilters } from '#domain/forms/admin-newsletter.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { csvDocument } from '../orders/orders-csv.ts'
import { adminTextMatch } from '../search/admin-text-match.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { renderMessageEmail } from '../email/templates/message.tsx'
import { serverI18n } from '../i18n.ts'
import { localizedUrl } from '../public-url.ts'

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/

/** The unsubscribe page in the subscriber's language (ADR 0106). */
export function unsubscribeUrl(publicUrl: string, locale: Locale, token: string) {
	return localizedUrl(publicUrl, locale, `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
}

/**
 * Records consent to the newsletter (with its time and the words of the box ticked, in the visitor's language) and queues a welcome email carrying the
 * unsubscribe link, in one transaction. An address that is already subscribed is left as it is;
 * one that unsubscribed earlier is subscribed again with a fresh consent time and a new link.
 */
export async function subscribeToNewsletter(db: DbExecutor, input: { email: string; locale: Locale; publicUrl: string }) {
	const email = input.email.trim().toLowerCase()
	return db.transaction(async (tx) => {
		const token = crypto.randomBytes(24).toString('base64url')
		const t = serverI18n(input.locale).t
		const consentText = t('newsletter.consent')
		const rows = await tx
			.insert(newsletterSubscribers)
			.values({ email, locale: input.locale, unsubscribeToken: token, consentText })
			.onConflictDoUpdate({
				target: newsletterSubscribers.email,
				set: { unsubscribedAt: null, consentedAt: sql`now()`, locale: input.locale, unsubscribeToken: token, consentText },
				setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
			})
			.returning({ id: newsletterSubscribers.id })
		if (rows.length === 0) return 'already-subscribed' as const
		await enqueueEmail(tx, {
			to: email,
			...renderMessageEmail({
				locale: input.locale,
				subject: t('newsletter.welcomeSubject'),
				body: t('newsletter.welcomeText', { url: unsubscribeUrl(input.publicUrl, input.locale, token) }),
			}),
		})
		return 'subscribed' as const
	})
}

/**
 * Ends a subscription by its unsubscribe token (the link in every newsletter, or a mail provider's
 * one-click POST); false when the token names no active subscription. Campaign emails already
 * queued for the subscriber are dropped with it (ADR 0270).
 */
export async function unsubscribeFromNewsletter(db: DbExecutor, token: string): Promise<boolean> {
	if (!TOKEN.test(token)) return false
	return endSubscription(db, eq(newsletterSubscribers.unsubscribeToken, token))
}

/** The owner ends a subscription from the admin list (the subscriber asked by other means); false when it had already ended. */
export async function unsubscribeByAdmin(db: DbExecutor, email: string): Promise<boolean> {
	return endSubscription(db, eq(newsletterSubscribers.email, email.trim().toLowerCase()))
}

async function endSubscription(db: DbExecutor, which: SQL | undefined) {
	return db.transaction(async (tx) => {
		const rows = await tx
			.update(newsletterSubscribers)
			.set({ unsubscribedAt: sql`now()` })
			.where(and(which, isNull(newsletterSubscribers.unsubscribedAt)))
			.returning({ id: newsletterSubscribers.id })
		const ended = rows.map((row) => row.id)
		if (ended.length) await tx.delete(emailOutbox).where(and(eq(emailOutbox.status, 'pending'), inArray(emailOutbox.newsletterSubscriberId, ended)))
		return ended.length > 0
	})
}

export const ADMIN_NEWSLETTER_PAGE_SIZE = 50

function subscriberConditions(filters: NewsletterListFilters) {
	const status =
		filters.status === 'active'
			? isNull(newsletterSubscribers.unsubscribedAt)
			: filters.status === 'unsubscribed'
				? isNotNull(newsletterSubscribers.unsubscribedAt)
				: undefined
	const q = filters.q.trim()
	return and(status, q ? adminTextMatch(newsletterSubscribers.email, q) : undefined)
}

const subscriberColumns = {
	email: newsletterSubscribers.email,
	locale: newsletterSubscribers.locale,
	consentedAt: newsletterSubscribers.consentedAt,
	consentText: newsletterSubscribers.consentText,
	unsubscribedAt: newsletterSubscribers.unsubscribedAt,
}

/** The subscribers the filters match, newest consent first, a page at a time (admins only, by the admin layout). */
export async function listNewsletterSubscribers(db: DbExecutor, filters: NewsletterListFilters) {
	const where = subscriberConditions(filters)
	const [counted] = await db.select({ total: count() }).from(newsletterSubscribers).where(where)
	const total = counted?.total ?? 0
	const pages = Math.max(1, Math.ceil(total / ADMIN_NEWSLETTER_PAGE_SIZE))
	const page = Math.min(filters.page, pages)
	const subscribers = await db
		.select(subscriberColumns)
		.from(newsletterSubscribers)
		.where(where)
		.orderBy(desc(newsletterSubscribers.consentedAt), asc(newsletterSubscribers.email))
		.limit(ADMIN_NEWSLETTER_PAGE_SIZE)
		.offset((page - 1) * ADMIN_NEWSLETTER_PAGE_SIZE)
	return { subscribers, total, page, pages }
}

/**
 * Every subscriber the filters match (all pages) as CSV for a Romanian spreadsheet, in the orders
 * export's format (ADR 0130, 0235). The unsubscribe token never leaves the database.
 */
export async function exportNewsletterCsv(db: DbExecutor, filters: NewsletterListFilters) {
	const rows = await db
		.select(subscriberColumns)
		.from(newsletterSubscribers)
		.where(subscriberConditions(filters))
		.orderBy(desc(newsletterSubscribers.consentedAt), asc(newsletterSubscribers.email))
	return csvDocument(
		[
			adminT('subscribers.email'),
			adminT('subscribers.language'),
			adminT('subscribers.consentedAt'),
			adminT('subscribers.status'),
			adminT('subscribers.unsubscribedAt'),
		],
		rows.map((row) => [
			row.email,
			row.locale,
			formatAdminDateTime(row.consentedAt),
			row.unsubscribedAt ? adminT('subscribers.statuses.unsubscribed') : adminT('subscribers.statuses.active'),
			row.unsubscribedAt ? formatAdminDateTime(row.unsubscribedAt) : '',
		]),
	)
}
