import crypto from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { emailOutbox, newsletterSubscribers } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import type { NewsletterListFilters } from '#domain/forms/admin-newsletter.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { UNCONFIRMED_SUBSCRIBER_DAYS } from '#domain/newsletter/subscriber-status.ts'
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

/** The page with the button that confirms a subscription, in the subscriber's language (ADR 0270). */
export function confirmSubscriptionUrl(publicUrl: string, locale: Locale, token: string) {
	return localizedUrl(publicUrl, locale, `/newsletter/confirm?token=${encodeURIComponent(token)}`)
}

/** A sign-up still waiting for its confirmation. */
const pendingSubscriber = and(isNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt))
/** The audience of campaigns: confirmed and not unsubscribed since. */
export const confirmedSubscriber = and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt))

/**
 * Records consent to the newsletter (with its time and the words of the box ticked, in the
 * visitor's language) as a pending subscription and queues the email whose link confirms it
 * (double opt-in, ADR 0270), in one transaction. A pending address gets the email again (same
 * link); one that unsubscribed earlier is pending again with a fresh consent and a new link; a
 * confirmed one is left as it is.
 */
export async function subscribeToNewsletter(db: DbExecutor, input: { email: string; locale: Locale; publicUrl: string }) {
	const email = input.email.trim().toLowerCase()
	return db.transaction(async (tx) => {
		const t = serverI18n(input.locale).t
		const consentText = t('newsletter.consent')
		const rows = await tx
			.insert(newsletterSubscribers)
			.values({ email, locale: input.locale, unsubscribeToken: crypto.randomBytes(24).toString('base64url'), consentText })
			.onConflictDoUpdate({
				target: newsletterSubscribers.email,
				set: {
					consentedAt: sql`now()`,
					locale: input.locale,
					consentText,
					confirmedAt: null,
					unsubscribedAt: null,
					// A pending address keeps its link, so the confirmation email sent first still works.
					unsubscribeToken: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.unsubscribeToken} else excluded.unsubscribe_token end`,
				},
				setWhere: or(isNotNull(newsletterSubscribers.unsubscribedAt), isNull(newsletterSubscribers.confirmedAt)),
			})
			.returning({ token: newsletterSubscribers.unsubscribeToken })
		const [subscriber] = rows
		if (!subscriber) return 'already-subscribed' as const
		await enqueueEmail(tx, {
			to: email,
			...renderMessageEmail({
				locale: input.locale,
				subject: t('newsletter.confirmSubject'),
				body: t('newsletter.confirmEmailText', {
					url: confirmSubscriptionUrl(input.publicUrl, input.locale, subscriber.token),
					days: UNCONFIRMED_SUBSCRIBER_DAYS,
				}),
			}),
		})
		return 'confirmation-sent' as const
	})
}

/**
 * Confirms a pending subscription by the token of its confirmation link (a POST from the confirm
 * page, never the GET a link scanner makes) and queues the welcome email with the unsubscribe link.
 * `already-confirmed` for a second click; `invalid` when the token names no subscription to confirm.
 */
export async function confirmNewsletterSubscription(db: DbExecutor, input: { token: string; publicUrl: string }) {
	if (!TOKEN.test(input.token)) return 'invalid' as const
	return db.transaction(async (tx) => {
		const byToken = eq(newsletterSubscribers.unsubscribeToken, input.token)
		const [confirmed] = await tx
			.update(newsletterSubscribers)
			.set({ confirmedAt: sql`now()` })
			.where(and(byToken, pendingSubscriber))
			.returning({ email: newsletterSubscribers.email, locale: newsletterSubscribers.locale })
		if (!confirmed) {
			const [subscribed] = await tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(and(byToken, confirmedSubscriber))
			return subscribed ? ('already-confirmed' as const) : ('invalid' as const)
		}
		const locale = confirmed.locale as Locale
		const t = serverI18n(locale).t
		await enqueueEmail(tx, {
			to: confirmed.email,
			...renderMessageEmail({
				locale,
				subject: t('newsletter.welcomeSubject'),
				body: t('newsletter.welcomeText', { url: unsubscribeUrl(input.publicUrl, locale, input.token) }),
			}),
		})
		return 'confirmed' as const
	})
}

/** Forgets sign-ups never confirmed within their time (run by the expired-rows cleanup); returns how many. */
export async function deleteUnconfirmedSubscribers(db: DbExecutor): Promise<number> {
	const rows = await db
		.delete(newsletterSubscribers)
		.where(and(pendingSubscriber, lt(newsletterSubscribers.consentedAt, sql`now() - make_interval(days => ${UNCONFIRMED_SUBSCRIBER_DAYS})`)))
		.returning({ id: newsletterSubscribers.id })
	return rows.length
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
	const q = filters.q.trim()
	return and(statusCondition(filters.status), q ? adminTextMatch(newsletterSubscribers.email, q) : undefined)
}

function statusCondition(status: NewsletterListFilters['status']) {
	switch (status) {
		case 'active':
			return isNull(newsletterSubscribers.unsubscribedAt)
		case 'confirmed':
			return confirmedSubscriber
		case 'pending':
			return pendingSubscriber
		case 'unsubscribed':
			return isNotNull(newsletterSubscribers.unsubscribedAt)
		case 'all':
			return undefined
	}
}

const subscriberColumns = {
	email: newsletterSubscribers.email,
	locale: newsletterSubscribers.locale,
	consentedAt: newsletterSubscribers.consentedAt,
	consentText: newsletterSubscribers.consentText,
	confirmedAt: newsletterSubscribers.confirmedAt,
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
 * The confirmed, still subscribed addresses matching the search (all pages; the status filter does
 * not apply: only they gave a consent that counts) as CSV for a Romanian spreadsheet, in the orders
 * export's format (ADR 0130, 0235), with the words they agreed to and when they confirmed. The
 * unsubscribe token never leaves the database.
 */
export async function exportNewsletterCsv(db: DbExecutor, filters: NewsletterListFilters) {
	const rows = await db
		.select(subscriberColumns)
		.from(newsletterSubscribers)
		.where(subscriberConditions({ ...filters, status: 'confirmed' }))
		.orderBy(desc(newsletterSubscribers.consentedAt), asc(newsletterSubscribers.email))
	return csvDocument(
		[
			adminT('subscribers.email'),
			adminT('subscribers.language'),
			adminT('subscribers.consentedAt'),
			adminT('subscribers.consentText'),
			adminT('subscribers.confirmedAt'),
		],
		rows.map((row) => [
			row.email,
			row.locale,
			formatAdminDateTime(row.consentedAt),
			row.consentText ?? '',
			row.confirmedAt ? formatAdminDateTime(row.confirmedAt) : '',
		]),
	)
}
