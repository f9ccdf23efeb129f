import { eq, inArray } from 'drizzle-orm'
import { describe, it, type ExpectStatic } from 'vitest'
import type { DatabaseEngine, DatabaseHandle } from '#db/client.ts'
import { efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { issueCreditNote } from '#server/invoices/issue.ts'
import { eFacturaEnabledSince } from '#server/efactura/upload-job.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { customer, orderInput, paymentDeps } from '../support/checkout-fixtures.ts'
import { ENGINES } from '../support/databases.ts'
import { startFakeAnaf, type FakeAnaf } from '../support/fake-anaf.ts'
import { freePort, startShop, type ShopProcess } from '../support/shop-process.ts'
import { createStockedStore } from '../support/stocked-shop.ts'
import { waitUntil } from '../support/wait.ts'

/** The shortest lease allowed: a killed process's claim runs out this soon after the kill. */
const LEASE_SECONDS = 10

/** Live invoices and a credit note, issued through the shop's own code before it starts. */
async function issueDocuments(handle: DatabaseHandle, productIds: string[]) {
	await eFacturaEnabledSince(handle.db, new Date(Date.now() - 60_000))
	const numbers: string[] = []
	for (const [index, productId] of productIds.entries()) {
		const order = await placeOrder(handle.db, { ...orderInput, customer, lines: [{ kind: 'product', productId, quantity: 1 }] })
		await handlePaymentEvent(paymentDeps(handle.db), {
			id: `evt_anaf_kill_${index}`,
			provider: 'stripe',
			type: 'checkout.session.completed',
			session: { id: `cs_anaf_kill_${index}`, orderId: order.id, status: 'complete', paymentStatus: 'paid', livemode: true },
		})
		const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id))
		numbers.push(invoice!.number)
		if (index === 0) {
			const note = await handle.db.transaction((tx) =>
				issueCreditNote(tx, { orderId: order.id, refundId: 're_anaf_kill', amountCents: 500, reason: 'Reducere' }),
			)
			numbers.push(note.number)
		}
	}
	return numbers
}

/**
 * ADR 0160's "never twice": the shop is killed with SIGKILL while ANAF holds an upload
 * it received but has not answered, twice, then restarted on the same data. Every document must
 * reach ANAF exactly once and end accepted: the restarted shop finds the unanswered uploads in
 * ANAF's message list instead of uploading them again.
 */
async function killMidUploadScenario(engine: DatabaseEngine, expect: ExpectStatic) {
	const store = await createStockedStore(engine, [10, 10, 10], `anafkill${engine}`)
	// ANAF answers at the first status question (the shop asks a minute after uploading).
	const anaf: FakeAnaf = await startFakeAnaf({ processingPolls: 0 })
	const port = await freePort()
	let shop: ShopProcess | undefined
	try {
		const handle = await store.open()
		const numbers = await issueDocuments(
			handle,
			store.products.map((p) => p.id),
		).finally(() => handle.close())
		const env = {
			...anaf.env(),
			DATABASE_URL: store.databaseUrl,
			SEED_DEMO_CATALOG: 'false',
			PAYMENTS_TEST_MODE: '1',
			SELLER_TAX_ID: 'RO18547290',
			ANAF_POLL_INTERVAL_MS: '200',
			ANAF_LEASE_SECONDS: String(LEASE_SECONDS),
		}
		const start = () => startShop({ port, dataDir: store.dataDir, env })

		anaf.holdUploads(true)
		for (let kill = 0; kill < 2; kill++) {
			const held = anaf.nextHeldUpload()
			shop = await start()
			const upload = await held
			// ANAF has the upload; the shop dies before it reads the answer.
			shop.child.kill('SIGKILL')
			await shop.exited
			expect(shop.child.signalCode).toBe('SIGKILL')
			anaf.dropHeld()
			expect(anaf.uploadsOf(upload.number)).toHaveLength(1)
		}
		const heldNumbers = anaf.uploads.map((u) => u.number)
		expect(new Set(heldNumbers).size).toBe(2)

		anaf.holdUploads(false)
		shop = await start()
		// Every document's answer downloaded: then the shop has recorded it (one row written after the download).
		await waitUntil(
			() =>
				numbers.every((number) => anaf.uploadsOf(number).length >= 1) && anaf.requests.filter((r) => r.path.endsWith('/descarcare')).length >= numbers.length,
			{
				timeoutMs: 240_000,
				what: 'every document uploaded and its answer fetched',
			},
		).catch((error: Error) => {
			const seen = anaf.requests.map((r) => `${r.method} ${r.path.split('/').at(-1)} ${JSON.stringify(r.query)}`).join('\n')
			throw new Error(`${error.message}\nANAF saw:\n${seen}\nshop said:\n${shop?.output().slice(-3000)}`)
		})
		expect(await shop.stop()).toBe(0)

		const after = await store.open()
		try {
			const rows = await after.db
				.select({ number: invoices.number, state: efacturaSubmissions.state, uploadIndex: efacturaSubmissions.uploadIndex })
				.from(efacturaSubmissions)
				.innerJoin(invoices, eq(invoices.id, efacturaSubmissions.invoiceId))
				.where(inArray(invoices.number, numbers))
			console.info(JSON.stringify({ engine, numbers, uploads: anaf.uploads.map((u) => [u.number, u.index]) }))
			expect(rows).toHaveLength(numbers.length)
			for (const row of rows) {
				expect(row.state, row.number).toBe('accepted')
				expect(anaf.uploadsOf(row.number), `uploads of ${row.number}`).toHaveLength(1)
				expect(row.uploadIndex).toBe(anaf.uploadsOf(row.number)[0]!.index)
			}
		} finally {
			await after.close()
		}
	} finally {
		await shop?.stop('SIGKILL')
		await anaf.close()
		await store.cleanup()
	}
}

describe('SIGKILL in the middle of an e-Factura upload, then a restart', () => {
	it.concurrent.for(ENGINES)('uploads each document to ANAF exactly once (%s)', (engine, { expect }) => killMidUploadScenario(engine, expect))
})
