import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { DbExecutor } from '#db/client.ts'
import { efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { leiCents } from '#domain/invoices/exchange-rate.ts'
import { romanianDay } from '#domain/invoices/invoice.ts'
import { VAT_RETURN, type TaxTreatment } from '#domain/invoices/tax-treatment.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { countryName } from '#domain/shipping.ts'
import { documentPdf, documentXml, findDocumentById } from '../invoices/documents.ts'
import { csvAmount, csvDocument } from '../orders/orders-csv.ts'

/**
 * The accountant's month (ADR 0161): the live invoices and credit notes issued in a calendar month
 * in Romania, as a register (CSV for a Romanian spreadsheet, ADR 0130), their files (a ZIP streamed
 * as it is made) and totals per VAT return: domestic, OSS per country, intra-community (D390, per
 * buyer) and exports. Test-money documents stay out.
 */

/** A month as YYYY-MM; null when the text is not one. */
export function parseMonth(value: string | null | undefined): string | null {
	const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value ?? '')
	return match && Number(match[1]) >= 2000 && Number(match[1]) <= 2999 ? `${match[1]}-${match[2]}` : null
}

/** The month before the one a moment falls in, in Romania: what the accountant closes. */
export function previousMonth(now = new Date()): string {
	const [year, month] = romanianDay(now).split('-').map(Number) as [number, number]
	return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
}

function nextMonth(month: string): string {
	const [year, m] = month.split('-').map(Number) as [number, number]
	return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`
}

/** The month's bounds as instants: midnight in Romania on its first day and on the next month's. */
function monthBounds(month: string) {
	const at = (day: string) => sql`(${day}::timestamp at time zone 'Europe/Bucharest')`
	return and(gte(invoices.issuedAt, at(`${month}-01`)), lt(invoices.issuedAt, at(`${nextMonth(month)}-01`)))
}

const inMonth = (month: string) => and(eq(invoices.testMode, false), monthBounds(month))

type Document = typeof invoices.$inferSelect

/** What the month's totals read of a document: its figures and tax, never its lines or files. */
const TOTALS_COLUMNS = {
	taxTreatment: invoices.taxTreatment,
	tax: invoices.tax,
	buyer: invoices.buyer,
	totals: invoices.totals,
	vatCents: invoices.vatCents,
	totalCents: invoices.totalCents,
}
type TotalsDocument = Pick<Document, keyof typeof TOTALS_COLUMNS>

export type TotalsRow = { key: string; label: string; documents: number; netCents: number; vatCents: number; vatLeiCents: number; grossCents: number }

export type MonthTotals = {
	domestic: TotalsRow[]
	/** One row per destination country. */
	oss: TotalsRow[]
	/** One row per buyer VAT number, as the D390 lists partners. */
	intraCommunity: TotalsRow[]
	/** One row per destination country. */
	exports: TotalsRow[]
	notRegistered: TotalsRow[]
	all: TotalsRow
}

const TREATMENT_LABEL: Record<TaxTreatment, string> = {
	domestic: 'Intern',
	oss: 'OSS',
	intra_community: 'Livrare intracomunitară',
	export: 'Export',
	not_registered: 'Neplătitor de TVA',
}

function vatLei(document: Pick<TotalsDocument, 'vatCents' | 'tax'>) {
	return leiCents(document.vatCents, document.tax.exchangeRate)
}

function buyerTaxId(document: TotalsDocument) {
	return document.buyer.vatNumber ?? document.buyer.legalId ?? ''
}

/** Totals of documents, grouped by a key (a rate, a country, a buyer). */
function grouped(documents: TotalsDocument[], keyOf: (document: TotalsDocument) => { key: string; label: string }): TotalsRow[] {
	const rows = new Map<string, TotalsRow>()
	for (const document of documents) {
		const { key, label } = keyOf(document)
		const row = rows.get(key) ?? { key, label, documents: 0, netCents: 0, vatCents: 0, vatLeiCents: 0, grossCents: 0 }
		row.documents++
		row.netCents += document.totals.netCents
		row.vatCents += document.vatCents
		row.vatLeiCents += vatLei(document)
		row.grossCents += document.totalCents
		rows.set(key, row)
	}
	return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key))
}

export function monthTotals(documents: TotalsDocument[]): MonthTotals {
	const of = (treatment: TaxTreatment) => documents.filter((document) => document.taxTreatment === treatment)
	const country = (document: TotalsDocument) => ({ key: document.tax.destinationCountry, label: countryName(document.tax.destinationCountry, 'ro') })
	const rate = (document: TotalsDocument) => ({ key: String(document.tax.ratePercent).padStart(5, '0'), label: `${document.tax.ratePercent}%` })
	const [all] = grouped(documents, () => ({ key: 'all', label: 'Total' }))
	return {
		domestic: grouped(of('domestic'), rate),
		oss: grouped(of('oss'), (document) => ({
			key: `${document.tax.destinationCountry}-${rate(document).key}`,
			label: `${country(document).label} ${document.tax.ratePercent}%`,
		})),
		intraCommunity: grouped(of('intra_community'), (document) => ({
			key: buyerTaxId(document),
			label: `${buyerTaxId(document)} ${document.buyer.company ?? document.buyer.name}`,
		})),
		exports: grouped(of('export'), country),
		notRegistered: grouped(of('not_registered'), () => ({ key: 'all', label: TREATMENT_LABEL.not_registered })),
		all: all ?? { key: 'all', label: 'Total', documents: 0, netCents: 0, vatCents: 0, vatLeiCents: 0, grossCents: 0 },
	}
}

/** The month's totals per VAT return (the accounting page), read from the columns they need only. */
export async function monthTotalsOf(db: DbExecutor, month: string): Promise<MonthTotals> {
	return monthTotals(await db.select(TOTALS_COLUMNS).from(invoices).where(inMonth(month)))
}

/** The month's documents in the order of their numbers' issue. */
export async function monthDocuments(db: DbExecutor, month: string): Promise<Document[]> {
	return db.select().from(invoices).where(inMonth(month)).orderBy(asc(invoices.issuedAt), asc(invoices.number))
}

/** The VAT of one document per rate (its subtotals). */
function vatByRate(document: Document): Map<number, number> {
	const byRate = new Map<number, number>()
	if (!document.totals.vatRegistered) return byRate
	for (const subtotal of document.totals.subtotals) byRate.set(subtotal.ratePercent, (byRate.get(subtotal.ratePercent) ?? 0) + subtotal.vatCents)
	return byRate
}

const formatDay = (day: string) => day.split('-').reverse().join('.')

/**
 * The register as CSV: one row per document, a VAT column per rate the month has, and the VAT in
 * lei at the BNR rate the document states, with that rate and its date.
 */
export function monthRegisterCsv(documents: Document[], eFacturaStates: ReadonlyMap<string, string> = new Map()): string {
	const rates = [...new Set(documents.flatMap((document) => [...vatByRate(document).keys()]))].sort((a, b) => a - b)
	const numbers = new Map(documents.map((document) => [document.id, document.number]))
	const header = [
		'Număr',
		'Tip',
		'Data emiterii',
		'Factura stornată',
		'Cumpărător',
		'Cod fiscal cumpărător',
		'Țara',
		'Regim TVA',
		'Declarație',
		'Țara OSS',
		'Monedă',
		'Bază impozabilă',
		...rates.map((rate) => `TVA ${rate}%`),
		'Total TVA',
		'Total',
		'TVA (lei)',
		'Curs BNR (lei/EUR)',
		'Data cursului',
		'Stare e-Factura',
	]
	return csvDocument(
		header,
		documents.map((document) => {
			const byRate = vatByRate(document)
			const ret = VAT_RETURN[document.taxTreatment]
			return [
				document.number,
				document.kind === 'invoice' ? 'Factură' : 'Notă de credit',
				formatDay(romanianDay(document.issuedAt)),
				document.refersToInvoiceId ? (numbers.get(document.refersToInvoiceId) ?? '') : '',
				document.buyer.company ?? document.buyer.name,
				buyerTaxId(document),
				document.buyer.address.country,
				TREATMENT_LABEL[document.taxTreatment],
				ret === 'D390' ? 'D300, D390' : (ret ?? ''),
				document.taxTreatment === 'oss' ? document.tax.destinationCountry : '',
				document.currency,
				csvAmount(document.totals.netCents),
				...rates.map((rate) => (byRate.has(rate) ? csvAmount(byRate.get(rate)!) : '')),
				csvAmount(document.vatCents),
				csvAmount(document.totalCents),
				csvAmount(vatLei(document)),
				String(document.tax.exchangeRate.ronPerEur).replace('.', ','),
				formatDay(document.tax.exchangeRate.date),
				eFacturaStates.get(document.id) ?? '',
			]
		}),
	)
}

/** The register with each document's e-Factura state filled in. */
export async function monthRegister(db: DbExecutor, month: string): Promise<string> {
	const documents = await monthDocuments(db, month)
	const states = new Map(
		(
			await db
				.select({ id: efacturaSubmissions.invoiceId, state: efacturaSubmissions.state })
				.from(efacturaSubmissions)
				.innerJoin(invoices, eq(invoices.id, efacturaSubmissions.invoiceId))
				.where(inMonth(month))
		).map((row) => [row.id, adminT(`efactura.states.${row.state}`)]),
	)
	return monthRegisterCsv(documents, states)
}

/** Documents read a page at a time, in issue order, so the archive never holds the month in memory. */
async function* documentPages(db: DbExecutor, month: string, pageSize = 20) {
	let after: { issuedAt: Date; number: string } | null = null
	for (;;) {
		const page: { id: string; issuedAt: Date; number: string }[] = await db
			.select({ id: invoices.id, issuedAt: invoices.issuedAt, number: invoices.number })
			.from(invoices)
			.where(
				and(
					inMonth(month),
					after ? or(gt(invoices.issuedAt, after.issuedAt), and(eq(invoices.issuedAt, after.issuedAt), gt(invoices.number, after.number))) : undefined,
				),
			)
			.orderBy(asc(invoices.issuedAt), asc(invoices.number))
			.limit(pageSize)
		yield* page
		if (page.length < pageSize) return
		after = page.at(-1)!
	}
}

/**
 * The month's files as one ZIP, streamed: each document's XML (UBL, CIUS-RO) and PDF, ANAF's signed
 * answer when there is one, and the register. One document is made per read of the stream, so a
 * slow download holds one document in memory, not the month.
 */
export function monthArchive(db: DbExecutor, month: string): ReadableStream<Uint8Array> {
	let zip: Zip
	const pages = documentPages(db, month)
	let ended = false
	const addFile = (name: string, bytes: Uint8Array, compress: boolean) => {
		const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name)
		zip.add(file)
		file.push(bytes, true)
	}
	return new ReadableStream<Uint8Array>({
		start(controller) {
			zip = new Zip((error, chunk, final) => {
				if (error) return controller.error(error)
				controller.enqueue(chunk)
				if (final) controller.close()
			})
		},
		async pull() {
			const next = await pages.next()
			if (next.done) {
				if (ended) return
				ended = true
				addFile(`registru-${month}.csv`, new TextEncoder().encode(await monthRegister(db, month)), true)
				zip.end()
				return
			}
			const found = await findDocumentById(db, next.value.id)
			if (!found) return
			const { xml, fileName } = documentXml(found)
			addFile(`xml/${fileName}`, new TextEncoder().encode(xml), true)
			const pdf = await documentPdf(found)
			addFile(`pdf/${pdf.fileName}`, pdf.bytes, false)
			const [answer] = await db.select({ zip: efacturaSubmissions.answerZip }).from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, next.value.id))
			if (answer?.zip) addFile(`anaf/${found.document.number}.zip`, answer.zip, false)
		},
	})
}
