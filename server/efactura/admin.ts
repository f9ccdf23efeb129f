import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { countListRows, listPages, oneColumn } from '../admin/list-count.ts'
import {
	canRetry,
	eFacturaDeadline,
	isPastEFacturaWarning,
	type EFacturaFilter,
	type EFacturaShownState,
	type EFacturaState,
} from '#domain/efactura/submission.ts'

export type EFacturaDocument = {
	invoiceId: string
	orderId: string
	number: string
	kind: 'invoice' | 'credit_note'
	issuedAt: Date
	buyerName: string
	totalCents: number
	currency: string
	state: EFacturaShownState
	uploadIndex: string | null
	anafMessages: string[]
	lastError: string | null
	answeredAt: Date | null
	hasAnswer: boolean
	/** Not accepted 4 working days after issue (the law allows 5). */
	late: boolean
	/** The last day the law allows for the upload, as dd.mm.yyyy. */
	deadline: string
	canRetry: boolean
}

export const EFACTURA_PAGE_SIZE = 25

const columns = {
	invoiceId: invoices.id,
	orderId: invoices.orderId,
	number: invoices.number,
	kind: invoices.kind,
	issuedAt: invoices.issuedAt,
	buyer: invoices.buyer,
	totalCents: invoices.totalCents,
	currency: invoices.currency,
	state: efacturaSubmissions.state,
	uploadIndex: efacturaSubmissions.uploadIndex,
	anafMessages: efacturaSubmissions.anafMessages,
	lastError: efacturaSubmissions.lastError,
	answeredAt: efacturaSubmissions.answeredAt,
	hasAnswer: sql<boolean>`${efacturaSubmissions.answerZip} is not null`,
}

type Row = {
	invoiceId: string
	orderId: string
	number: string
	kind: 'invoice' | 'credit_note'
	issuedAt: Date
	buyer: (typeof invoices.$inferSelect)['buyer']
	totalCents: number
	currency: string
	state: EFacturaState | null
	uploadIndex: string | null
	anafMessages: string[] | null
	lastError: string | null
	answeredAt: Date | null
	hasAnswer: boolean
}

function shown(row: Row, now: Date): EFacturaDocument {
	const state: EFacturaShownState = row.state ?? 'manual'
	return {
		invoiceId: row.invoiceId,
		orderId: row.orderId,
		number: row.number,
		kind: row.kind,
		issuedAt: row.issuedAt,
		buyerName: row.buyer.company || row.buyer.name,
		totalCents: row.totalCents,
		currency: row.currency,
		state,
		uploadIndex: row.uploadIndex,
		anafMessages: row.anafMessages ?? [],
		lastError: row.lastError,
		answeredAt: row.answeredAt,
		hasAnswer: Boolean(row.hasAnswer),
		late: row.state !== null && row.state !== 'accepted' && isPastEFacturaWarning(row.issuedAt, now),
		deadline: eFacturaDeadline(row.issuedAt).split('-').reverse().join('.'),
		canRetry: canRetry(row.state),
	}
}

/** Live documents only: test-money ones never go to ANAF. */
const live = eq(invoices.testMode, false)

function filterCondition(filter: EFacturaFilter, now: Date): SQL | undefined {
	if (filter === 'accepted') return eq(efacturaSubmissions.state, 'accepted')
	if (filter === 'rejected') return eq(efacturaSubmissions.state, 'rejected')
	if (filter === 'pending') return inArray(efacturaSubmissions.state, ['waiting', 'uploading', 'uploaded'])
	// 4 working days are at least 4 calendar days: the database narrows, the calendar decides.
	if (filter === 'late') return and(ne(efacturaSubmissions.state, 'accepted'), lt(invoices.issuedAt, new Date(now.getTime() - 4 * 86_400_000)))
	return undefined
}

/** The e-Factura list of the admin: newest first, 25 a page. */
export async function listEFacturaDocuments(db: DbExecutor, input: { filter: EFacturaFilter; page: number; now?: Date }) {
	const now = input.now ?? new Date()
	const where = and(live, filterCondition(input.filter, now))
	const matching = db.select(oneColumn).from(invoices).leftJoin(efacturaSubmissions, eq(efacturaSubmissions.invoiceId, invoices.id)).where(where).$dynamic()
	const counted = await countListRows(db, matching, { page: input.page, pageSize: EFACTURA_PAGE_SIZE })
	const { pages, page } = listPages(counted, input.page, EFACTURA_PAGE_SIZE)
	const rows = await db
		.select(columns)
		.from(invoices)
		.leftJoin(efacturaSubmissions, eq(efacturaSubmissions.invoiceId, invoices.id))
		.where(where)
		.orderBy(desc(invoices.issuedAt), desc(invoices.number))
		.limit(EFACTURA_PAGE_SIZE)
		.offset((page - 1) * EFACTURA_PAGE_SIZE)
	const documents = (rows as Row[]).map((row) => shown(row, now))
	return { documents: input.filter === 'late' ? documents.filter((d) => d.late) : documents, total: counted.total, more: counted.more, page, pages }
}

/** The e-Factura state of an order's documents (the order dialog). */
export async function eFacturaStatesOfOrder(db: DbExecutor, orderId: string, now = new Date()): Promise<EFacturaDocument[]> {
	const rows = await db
		.select(columns)
		.from(invoices)
		.leftJoin(efacturaSubmissions, eq(efacturaSubmissions.invoiceId, invoices.id))
		.where(and(eq(invoices.orderId, orderId), live))
		.orderBy(asc(invoices.issuedAt), asc(invoices.number))
	return (rows as Row[]).map((row) => shown(row, now))
}

/** Documents the shop uploads that ANAF has not accepted 4 working days after issue (the dashboard's warning). */
export async function lateEFacturaDocuments(db: DbExecutor, now = new Date()): Promise<EFacturaDocument[]> {
	const rows = await db
		.select(columns)
		.from(invoices)
		.innerJoin(efacturaSubmissions, eq(efacturaSubmissions.invoiceId, invoices.id))
		.where(and(live, ne(efacturaSubmissions.state, 'accepted'), lt(invoices.issuedAt, new Date(now.getTime() - 4 * 86_400_000))))
		.orderBy(asc(invoices.issuedAt))
		.limit(200)
	return (rows as Row[]).map((row) => shown(row, now)).filter((document) => document.late)
}

/** Why a retry was refused. */
export class EFacturaRetryRefusedError extends Error {
	override name = 'EFacturaRetryRefusedError'
	constructor(readonly reason: 'not-found' | 'test' | 'accepted' | 'in-progress') {
		super(`e-Factura retry refused: ${reason}`)
	}
}

/**
 * The admin's retry (after the owner fixed the cause): a rejected document, one still waiting, or
 * one the shop never uploaded (issued before uploads were configured) is queued now. An accepted
 * document is refused (ANAF holds it already), and so is one whose upload is under way.
 */
export async function retryEFacturaUpload(db: DbExecutor, invoiceId: string, now = new Date()): Promise<void> {
	const [document] = await db.select({ testMode: invoices.testMode }).from(invoices).where(eq(invoices.id, invoiceId))
	if (!document) throw new EFacturaRetryRefusedError('not-found')
	if (document.testMode) throw new EFacturaRetryRefusedError('test')
	const queued = await db
		.insert(efacturaSubmissions)
		.values({ invoiceId, nextAttemptAt: now })
		.onConflictDoUpdate({
			target: efacturaSubmissions.invoiceId,
			set: { state: 'waiting', attempts: 0, nextAttemptAt: now, lastError: null },
			setWhere: and(
				inArray(efacturaSubmissions.state, ['waiting', 'rejected']),
				or(isNull(efacturaSubmissions.lockedUntil), lt(efacturaSubmissions.lockedUntil, now)),
			),
		})
		.returning({ state: efacturaSubmissions.state })
	if (queued.length > 0) return
	const [current] = await db.select({ state: efacturaSubmissions.state }).from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, invoiceId))
	throw new EFacturaRetryRefusedError(current?.state === 'accepted' ? 'accepted' : 'in-progress')
}

/** ANAF's answer to a document (its ZIP: the document as ANAF took it or its errors, and the signature), by number. */
export async function eFacturaAnswer(db: DbExecutor, number: string): Promise<Uint8Array | null> {
	const [row] = await db
		.select({ zip: efacturaSubmissions.answerZip })
		.from(efacturaSubmissions)
		.innerJoin(invoices, eq(invoices.id, efacturaSubmissions.invoiceId))
		.where(eq(invoices.number, number))
	return row?.zip ?? null
}
