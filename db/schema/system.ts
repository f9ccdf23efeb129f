import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { EMAIL_STATUSES } from '../../domain/enums.ts'
import { foldedSearchSql } from '../../domain/search.ts'
import { createdAt, editVersion, id, updatedAt } from './columns.ts'

/** Values every app instance must share, such as the generated signing secret. */
export const appSettings = pgTable('app_settings', {
	key: text().primaryKey(),
	value: text().notNull(),
	createdAt: createdAt(),
})

/** What an outbox message attaches: the PDF of an issued invoice or credit note. */
export type EmailAttachmentRef = { kind: 'invoice' | 'credit_note'; invoiceId: string }

export const emailStatusEnum = pgEnum('email_status', EMAIL_STATUSES)

/**
 * Durable email outbox: rows are written in the same transaction as the change they report,
 * and a background sender delivers them with retries.
 */
export const emailOutbox = pgTable(
	'email_outbox',
	{
		id: id(),
		toAddress: text().notNull(),
		subject: text().notNull(),
		text: text().notNull(),
		html: text(),
		replyTo: text(),
		/** Makes enqueueing idempotent, e.g. `order-paid:{orderId}`. */
		dedupeKey: text(),
		/** Documents attached when the message is sent, made then from what they name (an invoice is immutable, so it is the same each time). */
		attachments: jsonb().$type<EmailAttachmentRef[]>().notNull().default([]),
		/** Extra message headers (a campaign's List-Unsubscribe pair). */
		headers: jsonb().$type<Record<string, string>>().notNull().default({}),
		/** A newsletter campaign's email names its subscriber: the sender skips it once they have unsubscribed. */
		newsletterSubscriberId: uuid().references((): AnyPgColumn => newsletterSubscribers.id, { onDelete: 'cascade' }),
		status: emailStatusEnum().notNull().default('pending'),
		attempts: integer().notNull().default(0),
		nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** A sender that claims a row leases it until then, so two instances never send it at once. */
		lockedUntil: timestamp({ withTimezone: true }),
		lastError: text(),
		createdAt: createdAt(),
		sentAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
		index('email_outbox_due_idx')
			.on(t.nextAttemptAt)
			.where(sql`${t.status} = 'pending'`),
		index('email_outbox_newsletter_subscriber_idx')
			.on(t.newsletterSubscriberId)
			.where(sql`${t.newsletterSubscriberId} is not null`),
	],
)

/**
 * Translations of content (names, descriptions), keyed by (hash of the Romanian text, context, language)
 * and shared by every instance. A row holds the machine translation (null until the background job
 * has made one) and an editor's override, which always wins and which machine runs never touch.
 * Rows are also the job queue: attempts, next_attempt_at and locked_until drive retries.
 */
export const translations = pgTable(
	'translations',
	{
		id: id(),
		/** sha256 (hex) of the exact Romanian text. */
		sourceHash: text().notNull(),
		/** What the text is, e.g. `product.name`, `category.description`. */
		context: text().notNull(),
		locale: text().notNull(),
		sourceText: text().notNull(),
		/** Machine translation; null while pending or after failed attempts. */
		translatedText: text(),
		provider: text(),
		/** An editor's translation: shown instead of the machine one, never overwritten by a machine run. */
		overrideText: text(),
		overrideBy: text(),
		overrideAt: timestamp({ withTimezone: true }),
		/** The text shown (the editor's, else the machine's) as the catalogue search compares it (ADR 0136); kept by the database. */
		searchText: text().generatedAlwaysAs(sql.raw(foldedSearchSql(`coalesce("override_text", "translated_text")`))),
		/** No content uses this Romanian text any more (it was edited or deleted): not queued, not listed; revived if the text comes back. */
		stale: boolean().notNull().default(false),
		attempts: integer().notNull().default(0),
		nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** A worker that claims a row leases it until then, so two instances never translate it at once. */
		lockedUntil: timestamp({ withTimezone: true }),
		lastError: text(),
		/** The version of the editor's override (raised when override_text changes; machine runs leave it). */
		version: editVersion(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('translations_key_idx').on(t.sourceHash, t.context, t.locale),
		// The catalogue search reads one language's product names or descriptions (ADR 0136).
		index('translations_locale_context_idx').on(t.locale, t.context),
		// ... and matches inside the translated words, without reading a language's every text.
		index('translations_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
		index('translations_due_idx')
			.on(t.nextAttemptAt)
			.where(sql`${t.translatedText} is null and not ${t.stale}`),
	],
)

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
	id: id(),
	/** Stored lower-cased. */
	email: text().notNull().unique(),
	locale: text().notNull(),
	consentedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	/** The words of the consent box the subscriber ticked, in their language (null for sign-ups made before it was kept). */
	consentText: text(),
	/**
	 * When the subscriber clicked the confirm button of the email sent at sign-up (double opt-in,
	 * ADR 0270); null while pending. Only confirmed, not unsubscribed rows get campaigns.
	 */
	confirmedAt: timestamp({ withTimezone: true }),
	/** Names the subscriber in the confirm and unsubscribe links. */
	unsubscribeToken: text().notNull().unique(),
	unsubscribedAt: timestamp({ withTimezone: true }),
})

/**
 * A newsletter campaign, written in Romanian (its subject and body are translated like other
 * content). `draft` until the owner sends it, `sending` while the paced job queues its emails,
 * `sent` once every confirmed subscriber has one.
 */
export const newsletterCampaigns = pgTable('newsletter_campaigns', {
	id: id(),
	subject: text().notNull(),
	/** Paragraphs of plain text with [links](https://…), never HTML (domain/newsletter/campaign-body.ts). */
	body: text().notNull(),
	status: text().$type<'draft' | 'sending' | 'sent'>().notNull().default('draft'),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
	sendingStartedAt: timestamp({ withTimezone: true }),
	sentAt: timestamp({ withTimezone: true }),
})

/** One row per subscriber a campaign was queued for: the primary key is what makes sending once per subscriber hold. */
export const newsletterCampaignSends = pgTable(
	'newsletter_campaign_sends',
	{
		campaignId: uuid()
			.notNull()
			.references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
		subscriberId: uuid()
			.notNull()
			.references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
		locale: text().notNull(),
		queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.campaignId, t.subscriberId] }), index('newsletter_campaign_sends_queued_idx').on(t.queuedAt)],
)

/**
 * Fixed-window counters for rate limits, kept in the database so every app instance counts
 * the same requests. `expires_at` is when the window ends: the cleanup job deletes rows past it.
 */
export const rateLimitBuckets = pgTable(
	'rate_limit_buckets',
	{
		key: text().primaryKey(),
		windowStart: timestamp({ withTimezone: true }).notNull(),
		count: integer().notNull(),
		expiresAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('rate_limit_buckets_expires_idx').on(t.expiresAt)],
)
