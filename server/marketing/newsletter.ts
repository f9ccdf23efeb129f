import crypto from 'node:crypto'
import { isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { newsletterSubscribers } from '#db/schema/index.ts'
import type { Locale } from '#app/lib/domain/enums.ts'

/**
 * Records consent to the newsletter. An address that is already subscribed is left as it is;
 * one that unsubscribed earlier is subscribed again with a fresh consent time.
 */
export async function subscribeToNewsletter(db: DbExecutor, input: { email: string; locale: Locale }) {
	const email = input.email.trim().toLowerCase()
	const rows = await db
		.insert(newsletterSubscribers)
		.values({ email, locale: input.locale, unsubscribeToken: crypto.randomBytes(24).toString('base64url') })
		.onConflictDoUpdate({
			target: newsletterSubscribers.email,
			set: { unsubscribedAt: null, consentedAt: sql`now()`, locale: input.locale },
			setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
		})
		.returning({ id: newsletterSubscribers.id })
	return rows.length > 0 ? ('subscribed' as const) : ('already-subscribed' as const)
}
