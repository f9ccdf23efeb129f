/** How long a sign-up waits for its confirmation before the address is forgotten (double opt-in, ADR 0270). */
export const UNCONFIRMED_SUBSCRIBER_DAYS = 30

/** pending until the subscriber confirms from the email, then confirmed; unsubscribed whatever came before. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed'

export function subscriberStatus(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): SubscriberStatus {
	return row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending'
}
