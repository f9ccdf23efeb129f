import { and, eq, sql } from 'drizzle-orm'
import { queryRows, type Database } from '#db/client.ts'
import { emailOutbox, newsletterSubscribers } from '#db/schema/index.ts'
import { createPeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import type { EmailAttachmentRef } from '#db/schema/index.ts'
import type { EmailAttachment, MailTransport } from './transport.ts'

export const MAX_EMAIL_ATTEMPTS = 8

/** 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number) {
	return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

export type EmailSender = {
	/** Asks for a delivery round soon, e.g. right after a commit that queued mail. */
	nudge(): void
	/** Delivers everything due now; returns how many messages were sent. */
	runOnce(): Promise<number>
	/** Stops polling and waits for the round in progress. */
	stop(): Promise<void>
}

type Row = typeof emailOutbox.$inferSelect

export function createEmailSender(options: {
	db: Database
	transport: MailTransport
	from: string
	/** Host part of Message-IDs, from PUBLIC_URL. */
	messageIdDomain: string
	log: Logger
	pollIntervalMs: number
	/** How long a claimed message stays with this sender before another may take it over. */
	leaseSeconds: number
	/** Makes the files a message names (an invoice's PDF); a failure retries the message like a delivery failure. */
	makeAttachments?: (refs: EmailAttachmentRef[]) => Promise<EmailAttachment[]>
}): EmailSender {
	const { db, transport, log } = options
	let stopped = false

	/**
	 * SKIP LOCKED plus a lease lets several app instances work one outbox without sending twice.
	 * One message per claim, so each lease covers exactly one delivery (which the transport's
	 * timeouts keep inside it), never a queue of them. A campaign email whose subscriber has
	 * unsubscribed since it was queued is never claimed (unsubscribing also deletes it, ADR 0270).
	 */
	async function claimNext(): Promise<Row | undefined> {
		const [row] = await queryRows<Row>(
			db,
			sql`
			update ${emailOutbox}
			set locked_until = now() + make_interval(secs => ${options.leaseSeconds}), attempts = attempts + 1
			where id in (
				select id from ${emailOutbox}
				where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
					and not exists (
						select 1 from ${newsletterSubscribers} s
						where s.id = ${emailOutbox}.newsletter_subscriber_id and s.unsubscribed_at is not null
					)
				order by next_attempt_at
				limit 1
				for update skip locked
			)
			returning id, to_address as "toAddress", subject, text, html, reply_to as "replyTo", attachments, headers, attempts`,
		)
		return row
	}

	async function deliver(row: Row) {
		try {
			const refs = row.attachments ?? []
			if (refs.length && !options.makeAttachments) throw new Error('this sender cannot make attachments')
			const attachments = refs.length ? await options.makeAttachments!(refs) : undefined
			await transport.send({
				messageId: `<${row.id}@${options.messageIdDomain}>`,
				from: options.from,
				to: row.toAddress,
				subject: row.subject,
				text: row.text,
				html: row.html,
				replyTo: row.replyTo,
				attachments,
				headers: row.headers,
			})
			await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null }).where(eq(emailOutbox.id, row.id))
			log.info({ emailId: row.id, transport: transport.kind }, 'email sent')
			return true
		} catch (error) {
			const message = (error as Error).message
			const giveUp = row.attempts >= MAX_EMAIL_ATTEMPTS
			await db
				.update(emailOutbox)
				.set({
					status: giveUp ? 'failed' : 'pending',
					lockedUntil: null,
					lastError: message.slice(0, 1000),
					nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
				})
				.where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')))
			log.error({ emailId: row.id, attempts: row.attempts, err: message, gaveUp: giveUp }, 'email delivery failed')
			return false
		}
	}

	async function round(): Promise<number> {
		let sent = 0
		for (;;) {
			const row = await claimNext()
			if (!row) return sent
			if (await deliver(row)) sent++
			if (stopped) return sent
		}
	}

	const job = createPeriodicJob({ name: 'email sender', round, onFailure: 0, intervalMs: options.pollIntervalMs, log })
	job.start()

	return {
		nudge: job.nudge,
		runOnce: job.runOnce,
		async stop() {
			stopped = true
			await job.stop()
			transport.close()
		},
	}
}
