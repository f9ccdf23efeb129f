import { guardedUser, userOnly } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { documentNotFound, documentNumberFrom, documentPdf, documentResponse, findOwnDocument } from '#server/invoices/documents.ts'
import type { Route } from './+types/account.invoice'

/** Signed-in people only; the guard is this middleware (ADR 0103). */
export const middleware: Route.MiddlewareFunction[] = [userOnly]

/**
 * GET /account/invoices/{number}.pdf: an invoice or credit note of one of the signed-in
 * customer's orders (ADR 0118). Someone else's, or none, is 404: a number proves nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const number = documentNumberFrom(params.file, 'pdf')
	if (!number) return documentNotFound()
	const app = getApp(context)
	const found = await findOwnDocument(app.db, guardedUser(context).id, number)
	if (!found) return documentNotFound()
	const pdf = await documentPdf(found)
	return documentResponse(pdf.bytes, pdf.fileName, 'application/pdf')
}
