import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { orders, products, stockHolds } from '#db/schema/index.ts'
import { createSessionCookie, createTestUser, deleteTestUser } from '../support/accounts.ts'
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures.ts'
import { mailsTo } from './mail.ts'
import { orderFixtures } from './order-fixtures.ts'

const unique = () => crypto.randomBytes(4).toString('hex')
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast]').filter({ hasText: text })

/**
 * ADR 0230: cancelling a paid order in the admin asks what happens to the money. Kept with a reason,
 * or refunded in full through the test payment provider; the order shows the result and the
 * customer's email says which.
 */
test('cancelling a paid order asks about the money: kept with a reason, or refunded in full, and the customer is told which', async ({
	page,
	context,
	baseURL,
	database,
}) => {
	const fixtures = orderFixtures(database)
	const admin = await createTestUser(database.db, { roles: ['admin'], name: 'Admin E2E' })
	try {
		const cookie = await createSessionCookie(database.db, admin.id)
		await context.addCookies([{ ...cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])

		/** A paid order of 2 × 45 € through the test payment provider; its product's stock and the dialog that opens it. */
		async function openPaidOrder(email: string) {
			const order = await fixtures.create(email)
			await database.db
				.update(orders)
				.set({ paymentProvider: 'test', paymentSessionId: `test_cs_${order.id}` })
				.where(eq(orders.id, order.id))
			const [hold] = await database.db.select({ productId: stockHolds.productId }).from(stockHolds).where(eq(stockHolds.orderId, order.id))
			const stock = async () => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, hold!.productId)))[0]!.stock
			await page.goto(`/admin/orders/${order.id}`)
			await waitForHydration(page)
			const number = order.id.slice(0, 8)
			const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
			await expect(dialog).toBeVisible()
			return { order, number, dialog, stock }
		}
		const askToCancel = async (dialog: ReturnType<Page['getByRole']>) => {
			await dialog.getByLabel('Status comandă').selectOption({ label: 'Anulată' })
			await dialog.getByRole('button', { name: 'Schimbă statusul' }).click()
			const ask = page.getByRole('dialog', { name: 'Anulezi o comandă plătită' })
			await expect(ask).toBeVisible()
			await expect(ask).toContainText('Clientul a plătit 90,00 €')
			return ask
		}

		// Kept: a reason is required, and the customer reads it.
		const keptEmail = `cancel-kept-${unique()}@example.com`
		const kept = await openPaidOrder(keptEmail)
		expect(await kept.stock()).toBe(8)
		let ask = await askToCancel(kept.dialog)
		await ask.getByLabel('Păstrez banii').check()
		await ask.getByRole('button', { name: 'Anulează comanda' }).click()
		await expect(ask.getByText('Scrie de ce păstrezi banii (cel puțin 3 caractere)')).toBeVisible()
		await expect(ask.getByLabel('De ce păstrezi banii (clientul vede motivul)')).toHaveAttribute('aria-invalid', 'true')
		await expectNoSeriousA11yViolations(page)
		await expect(ask).toBeVisible()
		expect((await database.db.select().from(orders).where(eq(orders.id, kept.order.id)))[0]!.status).toBe('new')
		const reason = 'Portretul era deja pictat'
		await ask.getByLabel('De ce păstrezi banii (clientul vede motivul)').fill(reason)
		await ask.getByRole('button', { name: 'Anulează comanda' }).click()
		await expect(toast(page, 'Comanda a fost anulată și banii păstrați; clientul a fost notificat')).toBeVisible()
		await expect(ask).toBeHidden()
		await expect(kept.dialog.getByText('Anulată', { exact: true }).first()).toBeVisible()
		await expect(kept.dialog.getByText('Plătită', { exact: true }).first()).toBeVisible()
		await expect(kept.dialog.getByRole('region', { name: 'Istoric' }).last()).toContainText(`Banii păstrați (90,00 €). Motiv: ${reason}`)
		expect((await database.db.select().from(orders).where(eq(orders.id, kept.order.id)))[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' })
		await expect.poll(kept.stock).toBe(10)
		await expect
			.poll(async () => (await mailsTo(keptEmail)).filter((text) => text.includes(`Comanda ${kept.number} a fost anulată`)).length, { timeout: 20_000 })
			.toBe(1)
		expect((await mailsTo(keptEmail)).join('\n')).toMatch(/Suma plătită \(90,00\s€\) nu se rambursează, pentru că: Portretul era deja pictat/)

		// Refunded in full through the payment provider.
		const refundEmail = `cancel-refund-${unique()}@example.com`
		const refunded = await openPaidOrder(refundEmail)
		ask = await askToCancel(refunded.dialog)
		await expect(ask.getByLabel('Rambursez tot (90,00 €)')).toBeChecked()
		await ask.getByRole('button', { name: 'Anulează comanda' }).click()
		await expect(toast(page, 'Comanda a fost anulată și 90,00 € rambursați; clientul a fost notificat')).toBeVisible()
		await expect(refunded.dialog.getByText('Anulată', { exact: true }).first()).toBeVisible()
		await expect(refunded.dialog.getByText('Rambursată', { exact: true }).first()).toBeVisible()
		await expect(refunded.dialog.getByTestId('refunds')).toContainText('Comandă anulată')
		await expect(refunded.dialog.getByTestId('refunds')).toContainText('90,00 € · Reușită')
		expect((await database.db.select().from(orders).where(eq(orders.id, refunded.order.id)))[0]).toMatchObject({
			status: 'cancelled',
			paymentStatus: 'refunded',
			refundedCents: 9000,
		})
		await expect.poll(refunded.stock).toBe(10)
		await expect
			.poll(async () => (await mailsTo(refundEmail)).filter((text) => text.includes(`Comanda ${refunded.number} a fost anulată`)).length, {
				timeout: 20_000,
			})
			.toBe(1)
		const texts = await mailsTo(refundEmail)
		expect(texts).toHaveLength(1)
		expect(texts[0]).toMatch(/Ți-am rambursat integral suma plătită \(90,00\s€\)/)
		await page.screenshot({ path: 'test-results/cancel-paid-order.png', fullPage: true })
	} finally {
		await deleteTestUser(database.db, admin.id)
		await fixtures.cleanup()
	}
})
