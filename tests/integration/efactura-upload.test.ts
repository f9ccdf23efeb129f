import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { anafCredentials, efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { readAnswerFiles } from '#domain/efactura/anaf-answers.ts'
import { UNANSWERED_UPLOAD_SETTLE_MS } from '#domain/efactura/submission.ts'
import { createAnafApi, answerFiles, type AnafApi } from '#server/efactura/anaf-client.ts'
import { eFacturaStatesOfOrder, EFacturaRetryRefusedError, lateEFacturaDocuments, listEFacturaDocuments, retryEFacturaUpload } from '#server/efactura/admin.ts'
import type { EFacturaSettings } from '#server/efactura/config.ts'
import { tokenCipher, createAnafTokens } from '#server/efactura/tokens.ts'
import { createEFacturaRound, eFacturaEnabledSince } from '#server/efactura/upload-job.ts'
import { issueCreditNote, issueInvoice } from '#server/invoices/issue.ts'
import { createLogger } from '#server/logger.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, orderInput, paymentDeps, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startFakeAnaf, type FakeAnaf } from '../support/fake-anaf.ts'

const log = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' } as never)
const MINUTE = 60_000

/** The upload job's own clock: tests move it instead of waiting (an hour of outage takes no hour). */
function testClock(start = Date.now()) {
	let now = start
	return { now: () => new Date(now), advance: (ms: number) => (now += ms) }
}

/** ADR 0160: the e-Factura outbox against a stand-in for ANAF that answers like it. */
describe.each(ENGINES)('e-Factura upload on %s', (engine) => {
	let database: TestDatabase
	let db: Database
	let anaf: FakeAnaf
	let settings: EFacturaSettings
	let sequence = 0

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'efactura' })
		db = database.handle.db
		anaf = await startFakeAnaf()
		settings = {
			clientId: anaf.clientId,
			clientSecret: anaf.clientSecret,
			refreshToken: anaf.refreshToken,
			environment: 'prod',
			apiUrl: anaf.url,
			oauthUrl: anaf.oauthUrl,
			pollIntervalMs: 1000,
			leaseSeconds: 60,
		}
		// Uploads were configured a moment ago: everything issued from now on is uploaded.
		await eFacturaEnabledSince(db, new Date(Date.now() - 1000))
	})
	afterAll(async () => {
		await anaf?.close()
		await database?.cleanup()
	})

	function uploadJob(options: { clock?: ReturnType<typeof testClock>; api?: AnafApi; handle?: Database } = {}) {
		const clock = options.clock ?? testClock()
		const api = options.api ?? createAnafApi(settings, { timeoutMs: 5000 })
		const on = options.handle ?? db
		const tokens = createAnafTokens({ db: on, api, settings, log })
		return { clock, round: createEFacturaRound({ db: on, api, tokens, log, leaseSeconds: settings.leaseSeconds, now: clock.now }) }
	}

	/** Rounds, moving the clock a minute after each, until `done` or the time is up. */
	async function runUntil(job: ReturnType<typeof uploadJob>, done: () => Promise<boolean>, minutes = 120) {
		for (let i = 0; i < minutes; i++) {
			await job.round()
			if (await done()) return
			job.clock.advance(MINUTE)
		}
		throw new Error(`not done after ${minutes} minutes of job time`)
	}

	/** An order paid by card, live (its invoice in the legal series) or with test money (the TEST- series). */
	async function liveInvoice(buyer: Partial<typeof customer> = {}, testMode = false) {
		const product = await createProduct(db, { priceCents: 4990, stock: 100 })
		const order = await placeOrder(db, {
			...orderInput,
			customer: { ...customer, ...buyer },
			lines: [{ kind: 'product', productId: product.id, quantity: 2 }],
		})
		const id = `evt_efactura_${engine}_${sequence++}`
		await handlePaymentEvent(paymentDeps(db), {
			id,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: `cs_${id}`, orderId: order.id, status: 'complete', paymentStatus: 'paid', livemode: !testMode },
		})
		const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id))
		return invoice!
	}

	const submissionOf = async (invoiceId: string) => (await db.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, invoiceId)))[0]
	const statesOf = async (ids: string[]) =>
		(await db.select({ state: efacturaSubmissions.state }).from(efacturaSubmissions).where(inArray(efacturaSubmissions.invoiceId, ids))).map((r) => r.state)

	it('uploads an invoice and its credit note once each, polls until ANAF accepts them, and keeps its signed answer', async () => {
		const invoice = await liveInvoice()
		const note = await db.transaction((tx) =>
			issueCreditNote(tx, { orderId: invoice.orderId, refundId: `re_${invoice.number}`, amountCents: 1000, reason: 'Livrare întârziată' }),
		)
		const job = uploadJob()
		await job.round()
		// Uploaded, and ANAF is still processing: the first status question comes a minute later.
		expect((await submissionOf(invoice.id))!.state).toBe('uploaded')
		await runUntil(job, async () => (await statesOf([invoice.id, note.id])).filter((state) => state === 'accepted').length === 2)

		const [uploadedInvoice] = anaf.uploadsOf(invoice.number)
		const [uploadedNote] = anaf.uploadsOf(note.number)
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(1)
		expect(anaf.uploadsOf(note.number)).toHaveLength(1)
		// A consumer's invoice goes to uploadb2c as UBL under the seller's CIF digits; the credit note as CN.
		expect(uploadedInvoice).toMatchObject({ endpoint: 'uploadb2c', standard: 'UBL', cif: '18547290', extern: false, environment: 'prod' })
		expect(uploadedNote).toMatchObject({ standard: 'CN' })
		expect(uploadedInvoice!.xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`)

		const row = (await submissionOf(invoice.id))!
		expect(row).toMatchObject({ state: 'accepted', uploadIndex: uploadedInvoice!.index, downloadId: uploadedInvoice!.downloadId, uploads: 1, anafMessages: [] })
		const answer = readAnswerFiles(answerFiles(row.answerZip!))
		expect(answer.documentNumber).toBe(invoice.number)
		expect(answer.signatureXml).toContain('http://www.w3.org/2000/09/xmldsig#')

		// The admin sees both accepted, nothing late.
		const shown = await eFacturaStatesOfOrder(db, invoice.orderId)
		expect(shown.map((d) => [d.number, d.state, d.hasAnswer])).toEqual([
			[invoice.number, 'accepted', true],
			[note.number, 'accepted', true],
		])
		// Accepted: a retry is refused.
		await expect(retryEFacturaUpload(db, invoice.id)).rejects.toEqual(new EFacturaRetryRefusedError('accepted'))
	})

	it('keeps the rotated refresh token, encrypted, and uses it for the next refresh', async () => {
		const granted = anaf.refreshes.filter((r) => r.granted)
		expect(granted[0]!.refreshToken).toBe(anaf.refreshToken)
		const [row] = await db.select().from(anafCredentials)
		expect(row!.refreshToken).not.toContain('refresh-')
		expect(tokenCipher(settings.clientSecret).open(row!.refreshToken)).toMatch(/^refresh-rotated-\d+$/)
		// A refresh 90 days later spends the rotated token, not the one first configured.
		const job = uploadJob({ clock: testClock(Date.now() + 89 * 86_400_000) })
		const invoice = await liveInvoice()
		await job.round()
		expect((await submissionOf(invoice.id))!.state).toBe('uploaded')
		expect(anaf.refreshes.at(-1)).toEqual({ refreshToken: tokenCipher(settings.clientSecret).open(row!.refreshToken), granted: true })
		expect(anaf.refreshes.every((r) => r.granted)).toBe(true)
	})

	it("shows a rejected document with ANAF's messages, and uploads it again only when the owner retries", async () => {
		const invoice = await liveInvoice({ company: 'Atelier Pop SRL', vatNumber: 'RO18547290' })
		const messages = [
			'E: validari globale sintactice [BR-RO-120]-Dacă Codul țării Cumpărătorului este RO, identificatorul legal trebuie să fie prezent.',
			'E: [BR-CO-15] Totalul facturii cu TVA = Totalul fără TVA + Valoarea TVA',
		]
		anaf.reject(invoice.number, messages)
		const job = uploadJob()
		await runUntil(job, async () => (await submissionOf(invoice.id))!.state === 'rejected')
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(1)
		// A company buyer goes to upload, not uploadb2c.
		expect(anaf.uploadsOf(invoice.number)[0]!.endpoint).toBe('upload')
		const [shown] = await eFacturaStatesOfOrder(db, invoice.orderId)
		expect(shown).toMatchObject({ state: 'rejected', anafMessages: messages, canRetry: true, hasAnswer: true })
		const listed = await listEFacturaDocuments(db, { filter: 'rejected', page: 1 })
		expect(listed.documents.find((d) => d.number === invoice.number)?.anafMessages).toEqual(messages)

		// Nothing more goes to ANAF on its own.
		job.clock.advance(24 * 60 * MINUTE)
		await job.round()
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(1)

		// The owner fixed the cause and retries: one more upload, accepted.
		anaf.accept(invoice.number)
		await retryEFacturaUpload(db, invoice.id, job.clock.now())
		expect((await submissionOf(invoice.id))!.state).toBe('waiting')
		// While it is under way, a second retry is refused.
		await job.round()
		await expect(retryEFacturaUpload(db, invoice.id, job.clock.now())).rejects.toEqual(new EFacturaRetryRefusedError('in-progress'))
		await runUntil(job, async () => ['accepted', 'rejected'].includes((await submissionOf(invoice.id))!.state))
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(2)
	})

	it('never uploads a test-money document; leaves one issued before uploads were configured to the owner', async () => {
		const testDocument = await liveInvoice({}, true)
		expect(testDocument.testMode).toBe(true)
		const product = await createProduct(db, { priceCents: 1990, stock: 10 })
		const order = await placeOrder(db, { ...orderInput, customer, lines: [{ kind: 'product', productId: product.id, quantity: 1 }] })
		await db.transaction(async (tx) => {
			await tx.execute(`update orders set payment_status = 'paid', paid_at = now() where id = '${order.id}'`)
			// Issued a day before the credentials were set.
			await issueInvoice(tx, testInvoicing, order.id, new Date(Date.now() - 86_400_000))
		})
		const [before] = await db.select().from(invoices).where(eq(invoices.orderId, order.id))
		const job = uploadJob()
		await job.round()
		expect(await submissionOf(testDocument.id)).toBeUndefined()
		expect(await submissionOf(before!.id)).toBeUndefined()
		expect(anaf.uploadsOf(testDocument.number)).toHaveLength(0)
		expect((await eFacturaStatesOfOrder(db, order.id))[0]).toMatchObject({ state: 'manual', canRetry: true })
		expect(await eFacturaStatesOfOrder(db, testDocument.orderId)).toEqual([])
		await expect(retryEFacturaUpload(db, testDocument.id)).rejects.toEqual(new EFacturaRetryRefusedError('test'))

		// The owner sends it from the admin: then the job uploads it.
		await retryEFacturaUpload(db, before!.id, job.clock.now())
		await runUntil(job, async () => (await submissionOf(before!.id))!.state === 'accepted')
		expect(anaf.uploadsOf(before!.number)).toHaveLength(1)
	})

	it('ANAF down for an hour, then back: each document stays waiting, is retried with backoff, and is uploaded once', async () => {
		const documents = [await liveInvoice(), await liveInvoice(), await liveInvoice({ country: 'ES', postalCode: '28013', city: 'Madrid' })]
		const ids = documents.map((d) => d.id)
		const job = uploadJob()
		anaf.setDown(true)
		const requestsBefore = anaf.requests.length
		for (let minute = 0; minute < 60; minute++) {
			await job.round()
			job.clock.advance(MINUTE)
		}
		const down = await db.select().from(efacturaSubmissions).where(inArray(efacturaSubmissions.invoiceId, ids))
		for (const row of down) {
			expect(row.state).toBe('waiting')
			expect(row.lastError).toMatch(/503|unreachable/)
		}
		// Backoff: a handful of attempts in the hour, not one a minute.
		const attempts = anaf.requests.length - requestsBefore
		expect(attempts).toBeGreaterThan(3)
		expect(attempts).toBeLessThan(40)
		for (const document of documents) expect(anaf.uploadsOf(document.number)).toHaveLength(0)

		anaf.setDown(false)
		await runUntil(job, async () => (await statesOf(ids)).filter((state) => state === 'accepted').length === ids.length, 180)
		for (const document of documents) expect(anaf.uploadsOf(document.number)).toHaveLength(1)
		// A buyer abroad is flagged extern.
		expect(anaf.uploadsOf(documents[2]!.number)[0]!.extern).toBe(true)
	})

	it('an upload whose answer never came is found in ANAF’s message list, not uploaded again', async () => {
		const invoice = await liveInvoice()
		const real = createAnafApi(settings, { timeoutMs: 5000 })
		// This "process" sends the upload and dies before reading ANAF's answer.
		const dying: AnafApi = { ...real, upload: async (...args) => (await real.upload(...args), new Promise(() => {})) }
		const first = uploadJob({ api: dying })
		void first.round()
		await expect.poll(async () => anaf.uploadsOf(invoice.number).length).toBe(1)
		expect((await submissionOf(invoice.id))!.state).toBe('uploading')

		// Another process, once the dead one's lease has run out.
		const second = uploadJob({ clock: testClock(Date.now() + (settings.leaseSeconds + 1) * 1000) })
		await runUntil(second, async () => (await submissionOf(invoice.id))!.state === 'accepted')
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(1)
		expect((await submissionOf(invoice.id))!.uploadIndex).toBe(anaf.uploadsOf(invoice.number)[0]!.index)
	})

	it('an upload that died before it left is uploaded once, after the settle time', async () => {
		const invoice = await liveInvoice()
		const real = createAnafApi(settings, { timeoutMs: 5000 })
		const deadBeforeSending: AnafApi = { ...real, upload: () => new Promise(() => {}) }
		void uploadJob({ api: deadBeforeSending }).round()
		await expect.poll(async () => (await submissionOf(invoice.id))?.state).toBe('uploading')

		const second = uploadJob({ clock: testClock(Date.now() + (settings.leaseSeconds + 1) * 1000) })
		await second.round()
		// Not in ANAF's list (yet): it keeps looking rather than upload a second copy.
		expect((await submissionOf(invoice.id))!.state).toBe('uploading')
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(0)
		second.clock.advance(UNANSWERED_UPLOAD_SETTLE_MS)
		await runUntil(second, async () => (await submissionOf(invoice.id))!.state === 'accepted')
		expect(anaf.uploadsOf(invoice.number)).toHaveLength(1)
	})

	it('flags on the dashboard a document not accepted 4 working days after issue', async () => {
		const invoice = await liveInvoice()
		anaf.setDown(true)
		const job = uploadJob()
		await job.round()
		anaf.setDown(false)
		const issued = invoice.issuedAt
		expect((await lateEFacturaDocuments(db, issued)).map((d) => d.number)).not.toContain(invoice.number)
		// Ten calendar days later at least 4 working days have passed, whatever the holidays.
		const later = new Date(issued.getTime() + 10 * 86_400_000)
		const late = await lateEFacturaDocuments(db, later)
		expect(late.find((d) => d.number === invoice.number)).toMatchObject({ state: 'waiting', late: true })
		expect((await listEFacturaDocuments(db, { filter: 'late', page: 1, now: later })).documents.map((d) => d.number)).toContain(invoice.number)
	})

	it('two instances work one outbox and share one token: each document uploaded once', async () => {
		// On PostgreSQL the second instance has its own connection; the embedded database has one, so
		// there the two jobs share it, as two workers of one process would.
		const other = engine === 'postgres' ? (await database.openAnother()).db : db
		const documents = await Promise.all(Array.from({ length: 6 }, () => liveInvoice()))
		const ids = documents.map((d) => d.id)
		const clock = testClock()
		const jobs = [uploadJob({ clock }), uploadJob({ clock, handle: other })]
		const allAccepted = async () => (await statesOf(ids)).filter((s) => s === 'accepted').length === ids.length
		for (let minute = 0; minute < 30 && !(await allAccepted()); minute++) {
			await Promise.all(jobs.map((job) => job.round()))
			clock.advance(MINUTE)
		}
		expect(await statesOf(ids)).toEqual(ids.map(() => 'accepted'))
		for (const document of documents) expect(anaf.uploadsOf(document.number)).toHaveLength(1)
		expect(anaf.refreshes.every((r) => r.granted)).toBe(true)
	})
})
