import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import { invoices, orders, products } from '#db/schema/index.ts'
import es from '#domain/i18n/resources/es.ts'
import { setContentTranslationOverride } from '#server/translation/content.ts'
import { createSessionCookie, createTestUser, deleteTestUser } from '../support/accounts.ts'
import { pdfText } from '../support/pdf-text.ts'
import { expect, expectNoSeriousA11yViolations, test, useLanguage, waitForHydration } from './fixtures.ts'
import { pdfAttachments, rawMailsTo } from './mail.ts'
import { payWithTestCardInSpanish, placeSpanishOrder } from './spanish-checkout.ts'

const unique = () => crypto.randomBytes(4).toString('hex')
const flat = (text: string) => text.replace(/\s+/g, ' ')

/**
 * ADR 0155: a guest buys two candles and a third in Spanish; the admin refunds one unit of one line;
 * the refund email carries a credit note naming that line (in Romanian and Spanish), and the guest
 * downloads the same credit note from the order's page opened from the email. Nobody without the
 * link gets it.
 */
test('a refund of one line emails a credit note naming that line, and the guest downloads it from the order page', async ({
	page,
	context,
	browser,
	baseURL,
	database,
}) => {
	// A whole purchase, an admin refund, two emails and a guest's download: slow on a busy machine.
	test.slow()
	const suffix = unique()
	const [cedar, lavender] = await database.db
		.insert(products)
		.values([
			{ slug: `e2e-storno-cedru-${suffix}`, name: `Lumânare Cedru ${suffix}`, kind: 'candle', priceCents: 4500, stock: 5, images: [] },
			{ slug: `e2e-storno-lavanda-${suffix}`, name: `Lumânare Lavandă ${suffix}`, kind: 'candle', priceCents: 2000, stock: 5, images: [] },
		])
		.returning()
	await setContentTranslationOverride(
		{ db: database.db, translation: undefined as never },
		{ kind: 'product', id: cedar!.id, field: 'name', locale: 'es', text: `Vela de cedro ${suffix}` },
	)
	const email = `storno-${suffix}@example.com`
	const admin = await createTestUser(database.db, { roles: ['admin'], name: 'Admin Storno' })
	try {
		// The guest pays 2 × cedar and 1 × lavender (110 €) with 4242, in Spanish.
		await useLanguage(page, baseURL!, 'es')
		await page.goto('/es')
		await page.evaluate(
			(lines) =>
				localStorage.setItem(
					'cart',
					JSON.stringify(
						lines.map((line) => ({
							id: line.id,
							line: { kind: 'product', productId: line.id, quantity: line.quantity },
							name: line.name,
							price: line.price,
							image: null,
						})),
					),
				),
			[
				{ id: cedar!.id, name: `Vela de cedro ${suffix}`, price: 4500, quantity: 2 },
				{ id: lavender!.id, name: lavender!.name, price: 2000, quantity: 1 },
			],
		)
		await page.goto('/es/checkout')
		await waitForHydration(page)
		await placeSpanishOrder(page, email)
		await payWithTestCardInSpanish(page)
		const [order] = await database.db.select().from(orders).where(eq(orders.email, email))
		expect(order).toMatchObject({ paymentStatus: 'paid', totalCents: 11000, locale: 'es' })
		const number = order!.id.slice(0, 8)
		const [invoice] = await database.db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, order!.id), eq(invoices.kind, 'invoice')))

		// The admin refunds one of the two cedar candles.
		const cookie = await createSessionCookie(database.db, admin.id)
		await context.addCookies([{ ...cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])
		await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
		await waitForHydration(page)
		await page.getByRole('link', { name: `Detalii comanda ${number}` }).click()
		const dialog = page.getByRole('dialog', { name: `Comanda #${number}` })
		await dialog.getByLabel('Anumite produse').check()
		await dialog.getByLabel(`Bucăți de rambursat din Lumânare Cedru ${suffix} (cel mult 2)`).fill('1')
		await dialog.getByLabel('Motivul rambursării').fill('Llegó rota')
		await dialog.getByRole('button', { name: 'Rambursează' }).click()
		await page.getByRole('dialog', { name: 'Confirmi rambursarea?' }).getByRole('button', { name: 'Rambursează' }).click()
		await expect(page.locator('[data-toast]').filter({ hasText: 'Rambursarea de 45,00 € a fost făcută; clientul a fost notificat' })).toBeVisible()
		const [note] = await database.db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, order!.id), eq(invoices.kind, 'credit_note')))
		expect(note).toMatchObject({ totalCents: -4500, refersToInvoiceId: invoice!.id })

		// The refund email carries the credit note; its PDF names the refunded line, in Romanian and Spanish, and no other.
		let refundMail = ''
		await expect
			.poll(
				async () => {
					refundMail = (await rawMailsTo(email)).find((raw) => raw.includes(`Subject: Reembolso del pedido ${number}`)) ?? ''
					return refundMail !== ''
				},
				{ timeout: 20_000 },
			)
			.toBe(true)
		const attachments = pdfAttachments(refundMail)
		expect(attachments.map((attachment) => attachment.name)).toEqual([`${note!.number}.pdf`])
		const mailed = flat(await pdfText(attachments[0]!.bytes))
		expect(mailed).toContain('Factură storno / Factura rectificativa')
		expect(mailed).toContain(`Stornează factura / Rectifica la factura: ${invoice!.number}`)
		expect(mailed).toContain('Data facturii stornate / Fecha de la factura rectificada:')
		expect(mailed).toMatch(new RegExp(`Lumânare Cedru ${suffix} / Vela de cedro ${suffix} -1 `))
		expect(mailed).not.toContain('Lavandă')
		expect(mailed).toContain('Llegó rota')

		// The guest opens the order page from the email's signed link, with no session, and downloads the same credit note.
		const link = /https?:\/\/\S+\/es\/order\/[^\s"<>]+/.exec(refundMail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0]
		expect(link).toContain(`/es/order/${order!.id}?key=`)
		const guest = await browser.newContext({ acceptDownloads: true })
		const guestPage = await guest.newPage()
		await guestPage.goto(new URL(new URL(link!).pathname + new URL(link!).search, baseURL).href)
		const documents = guestPage.getByRole('region', { name: es.orderPage.documents })
		await expect(documents.getByTestId('order-document')).toHaveText([`Factura ${invoice!.number} (PDF)`, `Factura rectificativa ${note!.number} (PDF)`])
		await expectNoSeriousA11yViolations(guestPage)
		const [download] = await Promise.all([
			guestPage.waitForEvent('download'),
			documents.getByRole('link', { name: `Factura rectificativa ${note!.number} (PDF)` }).click(),
		])
		expect(download.suggestedFilename()).toBe(`${note!.number}.pdf`)
		const downloaded = await fs.readFile((await download.path())!)
		expect(flat(await pdfText(downloaded))).toBe(mailed)
		const documentUrl = (await documents.getByTestId('order-document').nth(1).getAttribute('href'))!
		await guest.close()

		// Without the key, nobody gets it: not a stranger, not another session.
		const stranger = await browser.newContext()
		const withoutKey = await stranger.request.get(new URL(documentUrl.replace(/\?key=.*$/, ''), baseURL).href)
		expect(withoutKey.status()).toBe(404)
		const wrongKey = await stranger.request.get(new URL(documentUrl.replace(/key=.*$/, `key=${'A'.repeat(43)}`), baseURL).href)
		expect(wrongKey.status()).toBe(404)
		await stranger.close()
	} finally {
		await deleteTestUser(database.db, admin.id)
		await database.db.delete(orders).where(eq(orders.email, email))
		await database.db.delete(products).where(eq(products.id, cedar!.id))
		await database.db.delete(products).where(eq(products.id, lavender!.id))
	}
})
