import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { efacturaSubmissions, invoices } from '#db/schema/index.ts'
import { invoiceYear } from '#domain/invoices/invoice.ts'
import { retryEFacturaUpload } from '#server/efactura/admin.ts'
import { issueInvoice } from '#server/invoices/issue.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createSessionCookie, createTestUser } from '../support/accounts.ts'
import { createProduct, customer, orderInput, paymentDeps, testInvoicing } from '../support/checkout-fixtures.ts'
import { startFakeAnaf, type FakeAnaf } from '../support/fake-anaf.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { expect, expectNoSeriousA11yViolations, SCAN_VIEWPORTS, test, waitForHydration } from './fixtures.ts'

/**
 * ADR 0160: ANAF rejects a document the shop uploaded, and the owner reads
 * ANAF's messages in the admin (the e-Factura list and the order dialog), retries it after fixing
 * the cause, and sees on the dashboard a document still not accepted 4 working days after issue.
 * The shop runs with ANAF credentials against the stand-in, on its own database.
 */
let shop: ShopProcess
let anaf: FakeAnaf
let database: Awaited<ReturnType<typeof createTemporaryPostgresDatabase>>
let handle: DatabaseHandle
const SHOTS = process.env.SCREENSHOT_DIR

const MESSAGES = [
	'E: validari globale sintactice [BR-RO-120]-Dacă Codul țării Cumpărătorului (BT-55) este RO, atunci identificatorul legal al Cumpărătorului (BT-47) trebuie să fie prezent.',
	'E: [BR-CO-15]-Totalul facturii cu TVA (BT-112) = Totalul facturii fără TVA (BT-109) + Valoarea totală a TVA (BT-110).',
]

test.beforeAll(async () => {
	anaf = await startFakeAnaf({ processingPolls: 0 })
	database = await createTemporaryPostgresDatabase('e2eanaf')
	shop = await startShop({
		env: {
			...anaf.env(),
			DATABASE_URL: database.url,
			SEED_DEMO_CATALOG: '0',
			PAYMENTS_TEST_MODE: '1',
			SELLER_TAX_ID: 'RO18547290',
			ANAF_POLL_INTERVAL_MS: '200',
		},
	})
	handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 })
})
test.afterAll(async () => {
	await handle?.close()
	await shop?.stop()
	await anaf?.close()
	await database?.drop()
})

async function paidOrder(index: number) {
	const product = await createProduct(handle.db, { priceCents: 4990, stock: 10, name: `Lumânare de test ${index}` })
	const order = await placeOrder(handle.db, { ...orderInput, customer, lines: [{ kind: 'product', productId: product.id, quantity: 1 }] })
	return order
}

async function screenshot(page: Page, name: string) {
	if (!SHOTS) return
	await fs.mkdir(SHOTS, { recursive: true })
	await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test("an owner reads ANAF's messages on a rejected document, retries it, and is warned of a late one", async ({ page }) => {
	test.setTimeout(180_000)
	// The shop's first live document in a fresh database; ANAF will refuse it.
	const number = `LC-${invoiceYear(new Date())}-000001`
	anaf.reject(number, MESSAGES)
	const order = await paidOrder(1)
	await handlePaymentEvent(paymentDeps(handle.db), {
		id: 'evt_e2e_anaf_1',
		provider: 'stripe',
		type: 'checkout.session.completed',
		session: { id: 'cs_e2e_anaf_1', orderId: order.id, status: 'complete', paymentStatus: 'paid', livemode: true },
	})
	const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id))
	expect(invoice!.number).toBe(number)
	// A second one, issued ten days ago, before uploads were configured: the owner sends it now, ANAF refuses it too.
	const old = await paidOrder(2)
	const oldInvoice = await handle.db.transaction(async (tx) => {
		await tx.execute(`update orders set payment_status = 'paid', paid_at = now() where id = '${old.id}'`)
		return issueInvoice(tx, testInvoicing, old.id, new Date(Date.now() - 10 * 86_400_000))
	})
	anaf.reject(oldInvoice.number, ['E: [BR-RO-110]-Subdiviziunea țării (BT-54) trebuie codificată ISO 3166-2:RO.'])
	await retryEFacturaUpload(handle.db, oldInvoice.id)

	// The shop uploads them and asks ANAF a minute later.
	const stateOf = async (id: string) =>
		(await handle.db.select({ state: efacturaSubmissions.state }).from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, id)))[0]?.state
	await expect.poll(() => stateOf(invoice!.id), { timeout: 120_000, intervals: [1000] }).toBe('rejected')
	await expect.poll(() => stateOf(oldInvoice.id), { timeout: 30_000, intervals: [1000] }).toBe('rejected')

	const admin = await createTestUser(handle.db, { roles: ['admin'], email: `contabil-${Date.now()}@example.com` })
	const cookie = await createSessionCookie(handle.db, admin.id)
	await page.context().addCookies([{ ...cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }])

	// The list: the state and ANAF's own words.
	await page.goto(`${shop.url}/admin/efactura`)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: 'e-Factura' })).toBeVisible()
	await expect(page.getByTestId('efactura-setup')).toHaveText('Încărcarea automată este activă (producție).')
	const row = page.getByRole('row').filter({ hasText: number })
	await expect(row.getByTestId('efactura-state')).toHaveText('Respins')
	await expect(row.getByTestId('anaf-messages').getByRole('listitem')).toHaveText(MESSAGES)
	for (const viewport of SCAN_VIEWPORTS) {
		await page.setViewportSize(viewport)
		await expectNoSeriousA11yViolations(page)
		await screenshot(page, `efactura-${viewport.name}`)
	}

	// The order dialog shows the same, with the retry.
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto(`${shop.url}/admin/orders/${order.id}`)
	await waitForHydration(page)
	const section = page.getByTestId('order-efactura')
	await expect(section.getByTestId('efactura-state')).toHaveText('Respins')
	await expect(section.getByTestId('anaf-messages')).toContainText('BR-RO-120')
	await screenshot(page, 'order-efactura-desktop')

	// The owner fixed the cause: ANAF accepts it now. The retry queues it, and the shop uploads it again.
	anaf.accept(number)
	await section.getByRole('button', { name: `Reîncearcă încărcarea documentului ${number}` }).click()
	await expect(page.getByText(`Documentul ${number} va fi încărcat din nou în scurt timp`)).toBeVisible()
	await expect.poll(() => anaf.uploadsOf(number).length, { timeout: 15_000 }).toBe(2)
	await expect.poll(() => stateOf(invoice!.id), { timeout: 120_000, intervals: [1000] }).toBe('accepted')
	await page.reload()
	await expect(page.getByTestId('order-efactura').getByTestId('efactura-state')).toHaveText('Acceptat')
	// Accepted: no retry offered, and one sent by hand is refused.
	await expect(page.getByTestId('order-efactura').getByRole('button', { name: /Reîncearcă/ })).toHaveCount(0)
	const refused = await page.request.post(`${shop.url}/admin/efactura`, { form: { intent: 'retry', invoiceId: invoice!.id }, headers: { Origin: shop.url } })
	expect(refused.status()).toBe(409)
	expect(anaf.uploadsOf(number)).toHaveLength(2)

	// The dashboard warns about the one still not accepted 4 working days after issue.
	await page.goto(`${shop.url}/admin`)
	const late = page.getByTestId('efactura-late')
	await expect(late).toContainText('Documente neacceptate de ANAF după 4 zile lucrătoare (1)')
	await expect(late).toContainText(oldInvoice.number)
	for (const viewport of SCAN_VIEWPORTS) {
		await page.setViewportSize(viewport)
		await screenshot(page, `dashboard-${viewport.name}`)
	}

	// The accountant's month: the live documents, with the downloads.
	await page.goto(`${shop.url}/admin/accounting?luna=${new Date().toISOString().slice(0, 7)}`)
	await expect(page.getByRole('heading', { level: 1, name: 'Contabilitate' })).toBeVisible()
	await expect(page.getByRole('link', { name: /Registrul lunii \(CSV\)/ })).toBeVisible()
	for (const viewport of SCAN_VIEWPORTS) {
		await page.setViewportSize(viewport)
		await expectNoSeriousA11yViolations(page)
		await screenshot(page, `accounting-${viewport.name}`)
	}
	const csv = await page.request.get(`${shop.url}/admin/accounting/registru-${new Date().toISOString().slice(0, 7)}.csv`)
	expect(csv.status()).toBe(200)
	expect(await csv.text()).toContain(number)
})
