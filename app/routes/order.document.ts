import { isLocale } from '#domain/i18n/negotiate.ts'
import { getCurrentUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { documentNotFound, documentNumberFrom, documentPdf, documentResponse, findOrderDocument } from '#server/invoices/documents.ts'
import { mayReadOrder } from '#server/orders/order-page.ts'
import type { Route } from './+types/order.document'

/**
 * GET /{lang}/order/{id}/documents/{number}.pdf: an invoice or credit note of the order, for whoever
 * may read the order's page (ADR 0135, 0155): its signed link's key (?key=…, a guest from the
 * email) or its owner signed in. Anyone else, another order's document, or none at all: one 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const number = documentNumberFrom(params.file, 'pdf')
	if (!isLocale(params.lang) || !number) return documentNotFound()
	const app = getApp(context)
	const viewer = { userId: getCurrentUser(context)?.id ?? null, key: new URL(request.url).searchParams.get('key') }
	if (!(await mayReadOrder(app.db, app.secret, params.id, viewer))) return documentNotFound()
	const found = await findOrderDocument(app.db, params.id, number)
	if (!found) return documentNotFound()
	const pdf = await documentPdf(found)
	return documentResponse(pdf.bytes, pdf.fileName, 'application/pdf')
}
