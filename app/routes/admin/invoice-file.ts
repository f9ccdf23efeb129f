import { getApp } from '#server/context.ts'
import { documentNotFound, documentNumberFrom, documentPdf, documentResponse, documentXml, findDocument } from '#server/invoices/documents.ts'
import type { Route } from './+types/invoice-file'

/**
 * GET /admin/invoices/{number}.pdf or .xml: any invoice or credit note by its number, as PDF or as
 * UBL for e-Factura (ADR 0118, 0119). Admins only (the admin layout's guard).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const xmlNumber = documentNumberFrom(params.file, 'xml')
	const number = xmlNumber ?? documentNumberFrom(params.file, 'pdf')
	if (!number) return documentNotFound()
	const found = await findDocument(getApp(context).db, number)
	if (!found) return documentNotFound()
	if (xmlNumber) {
		const { xml, fileName } = documentXml(found)
		return documentResponse(xml, fileName, 'application/xml; charset=utf-8')
	}
	const pdf = await documentPdf(found)
	return documentResponse(pdf.bytes, pdf.fileName, 'application/pdf')
}
