import { isUuid } from '#domain/ids.ts'
import { getApp } from '#server/context.ts'
import { documentPdf, documentResponse, documentXml, findOrderInvoice } from '#server/invoices/documents.ts'
import type { Route } from './+types/order-invoice'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/**
 * GET /admin/orders/{id}/invoice.pdf and …/invoice.xml (UBL 2.1, CIUS-RO, for e-Factura): the
 * order's invoice. Admins only (the admin layout's guard); an order without one is 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
	if (!isUuid(params.id)) return notFound()
	const found = await findOrderInvoice(getApp(context).db, params.id.toLowerCase())
	if (!found) return notFound()
	if (new URL(request.url).pathname.endsWith('.xml')) {
		const { xml, fileName } = documentXml(found)
		return documentResponse(xml, fileName, 'application/xml; charset=utf-8')
	}
	const pdf = await documentPdf(found)
	return documentResponse(pdf.bytes, pdf.fileName, 'application/pdf')
}
