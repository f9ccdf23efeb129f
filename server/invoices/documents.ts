import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { invoices, orders, type EmailAttachmentRef } from '#db/schema/index.ts'
import { invoiceUbl } from '#domain/invoices/ubl.ts'
import { orderOwner, ownOrderCondition } from '../orders/order-page.ts'
import { renderInvoicePdf } from './pdf.ts'
import type { Invoice } from './issue.ts'

/** What lists show of an issued document: enough to name it and link to it. */
export type DocumentSummary = { orderId: string; number: string; kind: Invoice['kind']; issuedAt: Date; totalCents: number; currency: string }

const summary = {
	orderId: invoices.orderId,
	number: invoices.number,
	kind: invoices.kind,
	issuedAt: invoices.issuedAt,
	totalCents: invoices.totalCents,
	currency: invoices.currency,
}

/** The invoice and credit notes of some orders, in the order they were issued. */
export async function documentsOfOrders(db: DbExecutor, orderIds: string[]): Promise<DocumentSummary[]> {
	if (orderIds.length === 0) return []
	return db.select(summary).from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(asc(invoices.issuedAt), asc(invoices.number))
}

type Found = { document: Invoice; refersTo: Invoice | null }

async function withReference(db: DbExecutor, document: Invoice | undefined): Promise<Found | null> {
	if (!document) return null
	if (!document.refersToInvoiceId) return { document, refersTo: null }
	const [refersTo] = await db.select().from(invoices).where(eq(invoices.id, document.refersToInvoiceId))
	return { document, refersTo: refersTo ?? null }
}

/**
 * A document by its number, only when its order is one the user's account lists (ADR 0135: placed
 * signed in, or as a guest with the account's verified address); null otherwise.
 */
export async function findOwnDocument(db: DbExecutor, userId: string, number: string): Promise<Found | null> {
	const owner = await orderOwner(db, userId)
	if (!owner) return null
	const [row] = await db
		.select({ document: invoices })
		.from(invoices)
		.innerJoin(orders, eq(orders.id, invoices.orderId))
		.where(and(eq(invoices.number, number), ownOrderCondition(owner)))
	return withReference(db, row?.document)
}

/** A document of one order by its number, for a caller that has checked who may read the order (its page's download); null otherwise. */
export async function findOrderDocument(db: DbExecutor, orderId: string, number: string): Promise<Found | null> {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.number, number)))
	return withReference(db, row)
}

/** A document by its number (the admin's download). */
export async function findDocument(db: DbExecutor, number: string): Promise<Found | null> {
	const [row] = await db.select().from(invoices).where(eq(invoices.number, number))
	return withReference(db, row)
}

/** A document by its id, with the invoice it refers to (the e-Factura upload). */
export async function findDocumentById(db: DbExecutor, id: string): Promise<Found | null> {
	const [row] = await db.select().from(invoices).where(eq(invoices.id, id))
	return withReference(db, row)
}

/** The invoice of an order (the admin's download from the order dialog). */
export async function findOrderInvoice(db: DbExecutor, orderId: string): Promise<Found | null> {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	return withReference(db, row)
}

/** A document as PDF: the bytes and the file name (LC-2026-000123.pdf). */
export async function documentPdf(found: Found) {
	return { bytes: await renderInvoicePdf(found.document, found.refersTo), fileName: `${found.document.number}.pdf` }
}

/** A document as UBL 2.1 / CIUS-RO XML for e-Factura (ADR 0119). */
export function documentXml(found: Found) {
	const { document, refersTo } = found
	return { xml: invoiceUbl(document, refersTo ? { number: refersTo.number, issuedAt: refersTo.issuedAt } : null), fileName: `${document.number}.xml` }
}

/**
 * A download answer: private (someone's invoice), never cached by a shared cache nor indexed, its
 * address (which may carry an order's key) never sent on as a referrer, named for saving.
 */
export function documentResponse(body: Uint8Array | string, fileName: string, contentType: string) {
	return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
		headers: {
			'Content-Type': contentType,
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
			'X-Robots-Tag': 'noindex, nofollow',
			'Referrer-Policy': 'no-referrer',
		},
	})
}

/** The answer to a document that is not there or not the asker's: the same 404 either way, since a number proves nothing. */
export function documentNotFound() {
	return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
}

/** A document number as the routes receive it: LC-2026-000123.pdf → LC-2026-000123; null when it is not one. */
export function documentNumberFrom(file: string | undefined, extension: 'pdf' | 'xml' | 'zip'): string | null {
	const match = new RegExp(`^([A-Z0-9-]{3,60})\\.${extension}$`).exec(file ?? '')
	return match ? match[1]! : null
}

/** The files an outbox message names, made as it is sent (an issued document never changes, so neither do they). */
export async function emailAttachments(db: DbExecutor, refs: EmailAttachmentRef[]) {
	const files = []
	for (const ref of refs) {
		const [document] = await db.select().from(invoices).where(eq(invoices.id, ref.invoiceId))
		const found = await withReference(db, document)
		if (!found) throw new Error(`attachment ${ref.kind} ${ref.invoiceId} not found`)
		const pdf = await documentPdf(found)
		files.push({ filename: pdf.fileName, content: pdf.bytes, contentType: 'application/pdf' })
	}
	return files
}
