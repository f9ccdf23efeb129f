import crypto from 'node:crypto'
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { newsletterSubscribers } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { serverI18n } from '../i18n.ts'
import { localizedUrl } from '../public-url.ts'

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/

/** The unsubscribe page in the subscriber's language (ADR 0106). */
export function unsubscribeUrl(publicUrl: string, locale: Locale, token: string) {
	return localizedUrl(publicUrl, locale, `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
}

/**
 * Records consent to the newsletter (with its time) and queues a welcome email carrying the
 * unsubscribe link, in one transaction. An address that is already subscribed is left as it is;
 * one that unsubscribed earlier is subscribed again with a fresh consent time and a new link.
 */
export async function subscribeToNewsletter(db: DbExecutor, input: { email: string; locale: Locale; publicUrl: string }) {
	const email = input.email.trim().toLowerCase()
	return db.transaction(async (tx) => {
		const token = crypto.randomBytes(24).toString('base64url')
		const rows = await tx
			.insert(newsletterSubscribers)
			.values({ email, locale: input.locale, unsubscribeToken: token })
			.onConflictDoUpdate({
				target: newsletterSubscribers.email,
				set: { unsubscribedAt: null, consentedAt: sql`now()`, locale: input.locale, unsubscribeToken: token },
				setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
			})
			.returning({ id: newsletterSubscribers.id })
		if (rows.length === 0) return 'already-subscribed' as const
		const t = serverI18n(input.locale).t
		await enqueueEmail(tx, {
			to: email,
			subject: t('newsletter.welcomeSubject'),
			text: t('newsletter.welcomeText', { url: unsubscribeUrl(input.publicUrl, input.locale, token) }),
		})
		return 'subscribed' as const
	})
}

/** Ends a subscription by its unsubscribe token; false when the token names no active subscription. */
export async function unsubscribeFromNewsletter(db: DbExecutor, token: string): Promise<boolean> {
	if (!TOKEN.test(token)) return false
	const rows = await db
		.update(newsletterSubscribers)
		.set({ unsubscribedAt: sql`now()` })
		.where(and(eq(newsletterSubscribers.unsubscribeToken, token), isNull(newsletterSubscribers.unsubscribedAt)))
		.returning({ id: newsletterSubscribers.id })
	return rows.length > 0
}
