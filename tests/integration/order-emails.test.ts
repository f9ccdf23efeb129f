import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderHistory, orders } from '#db/schema/index.ts'
import { createFileTransport } from '#server/email/file-transport.ts'
import { createEmailSender } from '#server/email/sender.ts'
import { createSmtpTransport } from '#server/email/smtp-transport.ts'
import type { MailTransport } from '#server/email/transport.ts'
import { changeOrderStatus, OrderChangeInvalidError, setTrackingNumber } from '#server/orders/admin-changes.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startSmtpServer } from '../support/smtp.ts'

const log = pino({ level: 'silent' })

describe.each(ENGINES)('order status and tracking emails on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'orderemail' })
		db = database.handle.db
	})
	afterAll(() => database.cleanup())

	const sender = (transport: MailTransport) =>
		createEmailSender({ db, transport, from: 'Shop <shop@example.com>', messageIdDomain: 'shop.test', log, pollIntervalMs: 60_000, leaseSeconds: 60 })
	const deps = () => ({ db, mail: mailContext })

	async function newOrder(locale: 'ro' | 'en' = 'ro') {
		await db.delete(emailOutbox)
		const candle = await createProduct(db, { priceCents: 4500, stock: 3, name: 'Lumânare Vanilie' })
		return placeOrder(db, {
			...orderInput,
			locale,
			customer: { ...customer, email: 'ana@example.com' },
			lines: [{ kind: 'product', productId: candle.id, quantity: 2 }],
		})
	}

	it('sends a status email on every change, the shipped email with its AWB, and a corrected AWB, through SMTP', async () => {
		const smtp = await startSmtpServer()
		const worker = sender(createSmtpTransport(smtp.url, { leaseSeconds: 60 }))
		try {
			const order = await newOrder('ro')
			const number = order.id.slice(0, 8)

			// Tracking saved before shipping: stored, no email.
			expect(await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: 'AWB-1' })).toEqual({ changed: true, emailQueued: false })
			await changeOrderStatus(deps(), { orderId: order.id, status: 'processing' })
			// Shipped with the AWB already known: the one shipped email carries it (ADR 0231).
			expect(await changeOrderStatus(deps(), { orderId: order.id, status: 'shipped' })).toMatchObject({ emailQueued: true, awaitingTracking: false })
			// A corrected tracking number: an email with the new one. The same number again: nothing.
			expect(await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: 'AWB-2' })).toEqual({ changed: true, emailQueued: true })
			expect(await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: ' AWB-2 ' })).toEqual({ changed: false, emailQueued: false })
			// Clearing the tracking number on a shipped order: no email.
			expect(await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: '' })).toEqual({ changed: true, emailQueued: false })

			expect(await worker.runOnce()).toBe(3)
			expect(smtp.received).toHaveLength(3)
			expect(smtp.received.every((m) => m.to.join() === 'ana@example.com')).toBe(true)
			// Quoted-printable bodies and encoded subjects, decoded to text.
			const text = smtp.received.map((m) =>
				Buffer.from(
					m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
					'latin1',
				).toString('utf8'),
			)
			expect(text.filter((body) => body.includes('Statusul comenzii tale este acum: În procesare.'))).toHaveLength(1)
			expect(text.filter((body) => body.includes('Statusul comenzii tale este acum: Expediată.'))).toHaveLength(0)
			expect(text.filter((body) => body.includes('Comanda ta a fost expediată. Numărul de urmărire (AWB): AWB-1.'))).toHaveLength(1)
			expect(text.filter((body) => body.includes('Numărul de urmărire (AWB): AWB-2.'))).toHaveLength(1)
			expect(text.some((body) => body.includes('încă indisponibil'))).toBe(false)
			for (const body of text) {
				expect(body).toContain(number)
				expect(body).toContain('2 × Lumânare Vanilie')
				expect(body).toContain('90,00 €')
				expect(body).toContain('Str. Lalelelor 3')
				expect(body).toContain(mailContext.shopAddress)
				expect(body).toContain('text/html')
			}
			const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))
			expect(history.map((h) => h.action).sort()).toEqual([
				'created',
				'status_changed',
				'status_changed',
				'tracking_changed',
				'tracking_changed',
				'tracking_changed',
			])
		} finally {
			await worker.stop()
			await smtp.close()
		}
	})

	it('marked shipped before the AWB is known: no email until the AWB is saved, then one shipped email with it, as an .eml file in the order language', async () => {
		const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-order-mail-'))
		const worker = sender(createFileTransport(folder))
		try {
			const order = await newOrder('en')
			expect(await changeOrderStatus(deps(), { orderId: order.id, status: 'shipped' })).toMatchObject({
				changed: true,
				emailQueued: false,
				awaitingTracking: true,
			})
			expect(await db.select().from(emailOutbox)).toEqual([])
			expect(await setTrackingNumber(deps(), { orderId: order.id, trackingNumber: 'RO123456789' })).toEqual({ changed: true, emailQueued: true })
			expect(await worker.runOnce()).toBe(1)
			const files = await Promise.all((await fs.readdir(folder)).map((f) => fs.readFile(path.join(folder, f), 'utf8')))
			expect(files).toHaveLength(1)
			const all = files.join('\n')
			expect(all).not.toContain(`Subject: Order ${order.id.slice(0, 8)}: Shipped`)
			expect(all).toContain(`Subject: Order ${order.id.slice(0, 8)} is on its way`)
			expect(all).toContain('RO123456789')
			expect(all).not.toContain('not yet available')
		} finally {
			await worker.stop()
			await fs.rm(folder, { recursive: true, force: true })
		}
	})

	it('an SMTP failure leaves the status change in place and the email is retried', async () => {
		const smtp = await startSmtpServer({ failNext: 1 })
		const worker = sender(createSmtpTransport(smtp.url, { leaseSeconds: 60 }))
		try {
			const order = await newOrder('ro')
			await changeOrderStatus(deps(), { orderId: order.id, status: 'delivered' })
			expect(await worker.runOnce()).toBe(0)
			const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
			expect(row!.status).toBe('delivered')
			let [mail] = await db.select().from(emailOutbox)
			expect(mail).toMatchObject({ status: 'pending', attempts: 1 })
			await db
				.update(emailOutbox)
				.set({ nextAttemptAt: new Date(Date.now() - 1000) })
				.where(eq(emailOutbox.id, mail!.id))
			expect(await worker.runOnce()).toBe(1)
			;[mail] = await db.select().from(emailOutbox)
			expect(mail).toMatchObject({ status: 'sent', attempts: 2 })
			expect(smtp.received).toHaveLength(1)
		} finally {
			await worker.stop()
			await smtp.close()
		}
	})

	it('refuses an unknown status and a tracking number over 100 characters with the spec messages', async () => {
		const order = await newOrder()
		await expect(changeOrderStatus(deps(), { orderId: order.id, status: 'lost' })).rejects.toThrow(new OrderChangeInvalidError('Status invalid'))
		await expect(setTrackingNumber(deps(), { orderId: order.id, trackingNumber: 'x'.repeat(101) })).rejects.toThrow(
			'Numărul de tracking nu poate depăși 100 de caractere',
		)
		expect(await db.select().from(emailOutbox)).toHaveLength(0)
	})
})
