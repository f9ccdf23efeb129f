import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { queryRows, type Database } from '#db/client.ts'
import { appSettings, efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { AnafAnswerError, readAnswerFiles, type AnafMessage } from '#domain/efactura/anaf-answers.ts'
import { nextPollDelayMs, retryDelayMs, UNANSWERED_UPLOAD_SETTLE_MS, uploadTarget } from '#domain/efactura/submission.ts'
import { documentXml, findDocumentById } from '../invoices/documents.ts'
import type { Logger } from '../logger.ts'
import { AnafAuthError, AnafRequestRefusedError, AnafUnavailableError, answerFiles, UploadOutcomeUnknownError, type AnafApi } from './anaf-client.ts'
import type { AnafTokens } from './tokens.ts'

/** The moment uploads were first configured: documents issued before it are left to the owner (ADR 0160). */
export const EFACTURA_ENABLED_SINCE_KEY = 'efactura.enabledSince'

type Submission = typeof efacturaSubmissions.$inferSelect
type Claimed = Submission & { claimToken: string }

export type EFacturaJobDeps = {
	db: Database
	api: AnafApi
	tokens: AnafTokens
	log: Logger
	leaseSeconds: number
	/** The job's clock: tests move it instead of waiting. */
	now?: () => Date
}

export type RoundResult = { enqueued: number; uploaded: number; accepted: number; rejected: number; failed: number }

const MINUTE = 60_000
const DAY = 86_400_000
/** ANAF's clock and ours may differ; messages this much older than an upload's start may still be it. */
const CLOCK_SKEW_MS = 10 * MINUTE

/** When the upload job was first run with credentials (set once, by whichever instance comes first). */
export async function eFacturaEnabledSince(db: Database, now: Date): Promise<Date> {
	await db.insert(appSettings).values({ key: EFACTURA_ENABLED_SINCE_KEY, value: now.toISOString() }).onConflictDoNothing({ target: appSettings.key })
	const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, EFACTURA_ENABLED_SINCE_KEY))
	return new Date(row!.value)
}

/**
 * One round of the e-Factura outbox: every live document issued since uploads were enabled gets
 * its row, then due rows are claimed one at a time (SKIP LOCKED plus a lease, so instances never
 * work one row at once) and moved on: waiting → uploading → uploaded → accepted | rejected.
 */
export function createEFacturaRound(deps: EFacturaJobDeps) {
	const { db, api, tokens, log } = deps
	const clock = deps.now ?? (() => new Date())

	async function enqueueNewDocuments(now: Date): Promise<number> {
		const since = await eFacturaEnabledSince(db, now)
		const inserted = await queryRows<{ invoice_id: string }>(
			db,
			sql`insert into ${efacturaSubmissions} (invoice_id, next_attempt_at)
				select ${invoices.id}, ${now} from ${invoices}
				where not ${invoices.testMode} and ${invoices.issuedAt} >= ${since}
				and not exists (select 1 from ${efacturaSubmissions} s where s.invoice_id = ${invoices.id})
				on conflict (invoice_id) do nothing
				returning invoice_id`,
		)
		return inserted.length
	}

	async function claimNext(now: Date): Promise<Claimed | undefined> {
		const token = crypto.randomUUID()
		const [claimed] = await queryRows<{ invoice_id: string }>(
			db,
			sql`update ${efacturaSubmissions}
				set claim_token = ${token}, locked_until = ${new Date(now.getTime() + deps.leaseSeconds * 1000)}
				where invoice_id = (
					select invoice_id from ${efacturaSubmissions}
					where state in ('waiting', 'uploading', 'uploaded') and next_attempt_at <= ${now}
					and (locked_until is null or locked_until < ${now})
					order by next_attempt_at
					limit 1
					for update skip locked
				)
				returning invoice_id`,
		)
		if (!claimed) return undefined
		const [row] = await db.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, claimed.invoice_id))
		return row && row.claimToken === token ? (row as Claimed) : undefined
	}

	/** Writes the row's next state, only while this claim still holds it; releases the claim. */
	async function settle(row: Claimed, values: Partial<typeof efacturaSubmissions.$inferInsert>, keepClaim = false): Promise<boolean> {
		const updated = await db
			.update(efacturaSubmissions)
			.set({ ...values, ...(keepClaim ? {} : { claimToken: null, lockedUntil: null }) })
			.where(and(eq(efacturaSubmissions.invoiceId, row.invoiceId), eq(efacturaSubmissions.claimToken, row.claimToken)))
			.returning({ id: efacturaSubmissions.invoiceId })
		if (updated.length === 0) log.warn({ invoiceId: row.invoiceId }, 'e-Factura claim lost before its result was written')
		return updated.length > 0
	}

	/** A failed attempt: the row stays in its state, retried with backoff; the reason is shown in the admin. */
	function failed(row: Claimed, now: Date, error: Error, extra: Partial<typeof efacturaSubmissions.$inferInsert> = {}) {
		const attempts = row.attempts + 1
		log.warn({ invoiceId: row.invoiceId, state: row.state, attempts, err: error.message }, 'e-Factura attempt failed; retrying later')
		return settle(row, { attempts, lastError: error.message.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), ...extra })
	}

	/** No token now (another instance is refreshing, or ANAF refuses it): look again in a minute, no attempt spent. */
	const later = (row: Claimed, now: Date, reason: string) => settle(row, { lastError: reason, nextAttemptAt: new Date(now.getTime() + MINUTE) })

	async function answerOf(downloadId: string, accessToken: string) {
		const zip = await api.download(downloadId, accessToken)
		return { zip, read: readAnswerFiles(answerFiles(zip)) }
	}

	async function upload(row: Claimed, now: Date, accessToken: string): Promise<keyof RoundResult | null> {
		const found = await findDocumentById(db, row.invoiceId)
		if (!found) throw new Error(`document ${row.invoiceId} not found`)
		const target = uploadTarget(found.document)
		const { xml } = documentXml(found)
		// The intent, committed before the request leaves: a process that dies from here on leaves
		// 'uploading', which the next claim reconciles with ANAF's message list instead of uploading again.
		const begun = await settle(
			row,
			{
				state: 'uploading',
				uploadStartedAt: now,
				uploads: row.uploads + 1,
				uploadIndex: null,
				earlierUploadIndexes: row.uploadIndex ? [...row.earlierUploadIndexes, row.uploadIndex] : row.earlierUploadIndexes,
				downloadId: null,
				polls: 0,
				anafMessages: [],
				nextAttemptAt: new Date(now.getTime() + deps.leaseSeconds * 1000),
			},
			true,
		)
		if (!begun) return null
		try {
			const answer = await api.upload(target, xml, accessToken)
			if (answer.kind === 'refused') {
				await settle(row, { state: 'rejected', anafMessages: answer.messages, answeredAt: now, attempts: 0, lastError: null })
				log.warn({ invoiceId: row.invoiceId, messages: answer.messages }, 'ANAF refused the upload')
				return 'rejected'
			}
			await settle(row, {
				state: 'uploaded',
				uploadIndex: answer.index,
				uploadedAt: now,
				attempts: 0,
				lastError: null,
				nextAttemptAt: new Date(now.getTime() + nextPollDelayMs(0)),
			})
			log.info({ invoiceId: row.invoiceId, uploadIndex: answer.index }, 'document uploaded to e-Factura')
			return 'uploaded'
		} catch (error) {
			if (error instanceof UploadOutcomeUnknownError) {
				// Maybe ANAF has it: reconcile (the message list) rather than upload again.
				await settle(row, { lastError: error.message, nextAttemptAt: new Date(now.getTime() + MINUTE) })
				return 'failed'
			}
			if (error instanceof AnafRequestRefusedError) {
				await settle(row, { state: 'rejected', anafMessages: [error.message], answeredAt: now, attempts: 0, lastError: null })
				return 'rejected'
			}
			if (error instanceof AnafAuthError) await tokens.invalidate(accessToken)
			// ANAF answered without taking it (or was never reached): it is still to upload.
			await failed(row, now, error as Error, { state: 'waiting', uploads: row.uploads })
			return 'failed'
		}
	}

	async function poll(row: Claimed, now: Date, accessToken: string): Promise<keyof RoundResult | null> {
		const status = await api.status(row.uploadIndex!, accessToken)
		if (status.kind === 'processing') {
			await settle(row, { polls: row.polls + 1, attempts: 0, lastError: null, nextAttemptAt: new Date(now.getTime() + nextPollDelayMs(row.polls + 1)) })
			return null
		}
		if (status.kind === 'query-error') throw new AnafUnavailableError(status.messages.join('; '))
		if (status.kind === 'xml-errors') {
			await settle(row, { state: 'rejected', anafMessages: ['XML cu erori nepreluat de sistem'], answeredAt: now, lastError: null })
			return 'rejected'
		}
		const { zip, read } = await answerOf(status.downloadId, accessToken)
		const accepted = status.kind === 'ok'
		await settle(row, {
			state: accepted ? 'accepted' : 'rejected',
			downloadId: status.downloadId,
			answerZip: zip,
			anafMessages: accepted ? [] : read.errors,
			answeredAt: now,
			attempts: 0,
			lastError: null,
		})
		log.info({ invoiceId: row.invoiceId, uploadIndex: row.uploadIndex, state: status.kind }, 'ANAF answered about an upload')
		return accepted ? 'accepted' : 'rejected'
	}

	/** Unknown messages (no row holds their upload index) of one type since an upload began. */
	async function unknownMessages(cif: string, since: Date, now: Date, filter: 'T' | 'E', accessToken: string): Promise<AnafMessage[]> {
		const days = Math.min(60, Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY) + 1))
		const messages = (await api.listMessages({ cif, days, filter }, accessToken)).filter((m) => m.createdAt.getTime() >= since.getTime() - CLOCK_SKEW_MS)
		if (messages.length === 0) return []
		// ANAF's indexes are numbers: anything else is no upload of ours.
		const indexes = messages.map((m) => m.uploadIndex).filter((index) => /^\d{1,30}$/.test(index))
		if (indexes.length === 0) return []
		const known = await queryRows<{ index: string }>(
			db,
			sql`select upload_index as index from ${efacturaSubmissions} where upload_index in ${indexes}
				union select jsonb_array_elements_text(earlier_upload_indexes) from ${efacturaSubmissions} where earlier_upload_indexes ?| ${sql.raw(`array[${indexes.map((index) => `'${index}'`).join(',')}]`)}`,
		)
		const knownIndexes = new Set(known.map((k) => k.index))
		return messages.filter((m) => indexes.includes(m.uploadIndex) && !knownIndexes.has(m.uploadIndex))
	}

	/**
	 * An upload whose answer never came. ANAF's list of sent invoices (FACTURA TRIMISA) names it by
	 * the number inside its answer; a rejection (ERORI FACTURA) carries no number, so it is taken as
	 * this upload's only when this is the one unanswered upload. Not found within the settle time:
	 * it never reached ANAF, and it is uploaded again.
	 */
	async function reconcile(row: Claimed, now: Date, accessToken: string): Promise<keyof RoundResult | null> {
		const found = await findDocumentById(db, row.invoiceId)
		if (!found) throw new Error(`document ${row.invoiceId} not found`)
		const { cif } = uploadTarget(found.document)
		const since = row.uploadStartedAt ?? found.document.issuedAt
		for (const message of await unknownMessages(cif, since, now, 'T', accessToken)) {
			const { zip, read } = await answerOf(message.id, accessToken)
			if (read.documentNumber !== found.document.number) continue
			await settle(row, {
				state: 'accepted',
				uploadIndex: message.uploadIndex,
				uploadedAt: message.createdAt,
				downloadId: message.id,
				answerZip: zip,
				answeredAt: now,
				attempts: 0,
				lastError: null,
			})
			log.info({ invoiceId: row.invoiceId, uploadIndex: message.uploadIndex }, 'an unanswered upload was found accepted at ANAF')
			return 'accepted'
		}
		const rejections = await unknownMessages(cif, since, now, 'E', accessToken)
		const [unanswered] = await queryRows<{ count: number }>(
			db,
			sql`select count(*)::int as count from ${efacturaSubmissions} where state = 'uploading' and upload_index is null`,
		)
		if (rejections.length === 1 && Number(unanswered?.count) === 1) {
			const [message] = rejections as [AnafMessage]
			const { zip, read } = await answerOf(message.id, accessToken)
			await settle(row, {
				state: 'rejected',
				uploadIndex: message.uploadIndex,
				uploadedAt: message.createdAt,
				downloadId: message.id,
				answerZip: zip,
				anafMessages: read.errors,
				answeredAt: now,
				attempts: 0,
				lastError: null,
			})
			return 'rejected'
		}
		if (now.getTime() - since.getTime() >= UNANSWERED_UPLOAD_SETTLE_MS) {
			log.warn({ invoiceId: row.invoiceId }, 'an unanswered upload never reached ANAF; uploading it again')
			await settle(row, { state: 'waiting', lastError: 'Încărcarea nu a ajuns la ANAF; se reîncarcă.', nextAttemptAt: now })
			return null
		}
		await settle(row, {
			lastError: 'Răspunsul ANAF la încărcare nu a venit; se caută în lista de mesaje ANAF.',
			nextAttemptAt: new Date(now.getTime() + 10 * MINUTE),
		})
		return null
	}

	async function work(row: Claimed, now: Date): Promise<keyof RoundResult | null> {
		const accessToken = await tokens.accessToken(now)
		if (!accessToken) {
			await later(row, now, 'Tokenul ANAF nu este disponibil acum (vezi e-Factura în administrare).')
			return null
		}
		try {
			if (row.state === 'waiting') return await upload(row, now, accessToken)
			if (row.state === 'uploaded') return await poll(row, now, accessToken)
			return await reconcile(row, now, accessToken)
		} catch (error) {
			if (error instanceof AnafAuthError) await tokens.invalidate(accessToken)
			if (
				error instanceof AnafUnavailableError ||
				error instanceof AnafAuthError ||
				error instanceof AnafAnswerError ||
				error instanceof AnafRequestRefusedError
			) {
				await failed(row, now, error)
				return 'failed'
			}
			await failed(row, now, error as Error)
			throw error
		}
	}

	return async function round(): Promise<RoundResult> {
		const result: RoundResult = { enqueued: 0, uploaded: 0, accepted: 0, rejected: 0, failed: 0 }
		result.enqueued = await enqueueNewDocuments(clock())
		for (;;) {
			const now = clock()
			const row = await claimNext(now)
			if (!row) return result
			const outcome = await work(row, now)
			if (outcome) result[outcome]++
		}
	}
}
