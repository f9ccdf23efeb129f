import { sql } from 'drizzle-orm'
import { check, customType, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { EFACTURA_STATES } from '../../domain/efactura/submission.ts'
import { createdAt, updatedAt } from './columns.ts'
import { invoices } from './invoices.ts'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

export const efacturaStateEnum = pgEnum('efactura_state', EFACTURA_STATES)

/**
 * The e-Factura outbox (ADR 0160): one row per live document the shop uploads to ANAF, made by the
 * upload job for every document issued since ANAF credentials were configured. Instances claim a
 * due row with SKIP LOCKED and a lease (claim_token, locked_until), as the email outbox does. An
 * upload is recorded as begun (state 'uploading') before the request leaves, so a row left there by
 * a dead process is reconciled against ANAF's message list instead of being uploaded again.
 */
export const efacturaSubmissions = pgTable(
	'efactura_submissions',
	{
		invoiceId: uuid()
			.primaryKey()
			.references(() => invoices.id, { onDelete: 'cascade' }),
		state: efacturaStateEnum().notNull().default('waiting'),
		/** Failed attempts in a row (the backoff); reset by an answer. */
		attempts: integer().notNull().default(0),
		/** Upload requests begun: one per document, a second only after a rejection the owner chose to retry. */
		uploads: integer().notNull().default(0),
		/** Status questions asked about the current upload. */
		polls: integer().notNull().default(0),
		nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** The claim of the instance working on the row, and until when it holds it. */
		claimToken: uuid(),
		lockedUntil: timestamp({ withTimezone: true }),
		uploadStartedAt: timestamp({ withTimezone: true }),
		/** ANAF's index_incarcare. */
		uploadIndex: text(),
		uploadedAt: timestamp({ withTimezone: true }),
		/** Indexes of this document's earlier uploads (rejected, then retried): ANAF's messages about them are known, not strays. */
		earlierUploadIndexes: jsonb().$type<string[]>().notNull().default([]),
		/** ANAF's id_descarcare of its answer. */
		downloadId: text(),
		answeredAt: timestamp({ withTimezone: true }),
		/** ANAF's reasons for a rejection, in Romanian as it gives them. */
		anafMessages: jsonb().$type<string[]>().notNull().default([]),
		/** ANAF's answer as downloaded: a ZIP of the document (or its errors) and the Ministry of Finance's signature. */
		answerZip: bytea(),
		/** Why the last attempt failed (ANAF unreachable …); the row stays due. */
		lastError: text(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('efactura_submissions_upload_index_idx').on(t.uploadIndex),
		index('efactura_submissions_due_idx')
			.on(t.nextAttemptAt)
			.where(sql`${t.state} in ('waiting', 'uploading', 'uploaded')`),
		// Documents ANAF has not accepted yet (the dashboard's late ones): few, whatever the history.
		index('efactura_submissions_open_idx')
			.on(t.invoiceId)
			.where(sql`${t.state} <> 'accepted'`),
	],
)

/**
 * ANAF's OAuth tokens, shared by every instance (one row). Tokens are stored encrypted with a key
 * derived from ANAF_CLIENT_SECRET, which stays in the environment, so a copy of the database (a
 * backup) holds no usable token. A refresh rotates the refresh token: one instance at a time
 * refreshes, under the refreshing_until lease. seed_hash names the configured refresh token the row
 * started from: configuring a new one replaces the row.
 */
export const anafCredentials = pgTable(
	'anaf_credentials',
	{
		id: integer().primaryKey().default(1),
		seedHash: text().notNull(),
		accessToken: text(),
		accessExpiresAt: timestamp({ withTimezone: true }),
		refreshToken: text().notNull(),
		refreshingUntil: timestamp({ withTimezone: true }),
		refreshedAt: timestamp({ withTimezone: true }),
		/** Why the last refresh failed; "invalid_grant" means the owner must authorise the application again in SPV. */
		lastError: text(),
		updatedAt: updatedAt(),
	},
	(t) => [check('anaf_credentials_one_row', sql`${t.id} = 1`)],
)
