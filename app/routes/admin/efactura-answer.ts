import { getApp } from '#server/context.ts'
import { eFacturaAnswer } from '#server/efactura/admin.ts'
import { documentNumberFrom, documentResponse } from '#server/invoices/documents.ts'
import type { Route } from './+types/efactura-answer'

/**
 * GET /admin/efactura/{number}.zip: ANAF's answer about a document as it was downloaded (the
 * document as ANAF took it, or its errors, with the Ministry of Finance's signature; ADR 0160).
 * Admins only (the admin layout's guard).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const number = documentNumberFrom(params.file, 'zip')
	const zip = number ? await eFacturaAnswer(getApp(context).db, number) : null
	if (!zip) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
	return documentResponse(zip, `${number}-raspuns-anaf.zip`, 'application/zip')
}
