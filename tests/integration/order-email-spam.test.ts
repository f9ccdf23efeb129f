import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutReminders, emailOutbox, orders, products } from '#db/schema/index.ts'
import { createFileTransport } from '#server/email/file-transport.ts'
import { createEmailSender } from '#server/email/sender.ts'
import { queueOrderEmail } from '#server/orders/emails.ts'
import { recordReminderConsent, sendDueCheckoutReminders } from '#server/marketing/checkout-reminders.ts'
import { requestStockAlert, sendDueStockAlerts } from '#server/marketing/stock-alerts.ts'
import { renderCampaignEmail } from '#server/email/templates/campaign.tsx'
import { serverI18n } from '#server/i18n.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { subscribeToNewsletter } from '#server/marketing/newsletter.ts'
import { createProduct, createUpload, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * The order emails pass a spam-score check (ADR 0135): Apache SpamAssassin (Debian's `spamassassin`
 * package, installed by .ci/run) scores the confirmation exactly as the outbox writes it, offline
 * (-L: local tests only, no DNS or network checks, no Bayes). Its default threshold is 5; the shop's
 * mail must stay well under it.
 */
const SPAMASSASSIN = '/usr/bin/spamassassin'
const MAX_SCORE = 2.5

function spamScore(eml: string) {
	const out = execFileSync(SPAMASSASSIN, ['-L', '-t', '-p', '/dev/null', '--cf=use_bayes 0'], { input: eml, encoding: 'utf8', timeout: 60_000 })
	const status = out.match(/^X-Spam-Status: (Yes|No), score=(-?[\d.]+)[^]*?tests=([^]*?)\s+autolearn/m)
	if (!status) throw new Error(`no X-Spam-Status in SpamAssassin's answer:\n${out.slice(0, 2000)}`)
	return { score: Number(status[2]), tests: status[3]!.replace(/\s+/g, '') }
}

describe('the spam check itself', () => {
	it('scores the GTUBE test message as spam (the check runs and can fail)', () => {
		const gtube = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X'
		const { score, tests } = spamScore(
			`From: a@example.com\nTo: b@example.com\nSubject: test\nDate: Wed, 25 Nov 2026 10:00:00 +0000\nMessage-ID: <gtube@example.com>\n\n${gtube}\n`,
		)
		expect(tests).toContain('GTUBE')
		expect(score).toBeGreaterThanOrEqual(MAX_SCORE)
	})
})

describe.each(ENGINES)('order email spam score on %s', (engine) => {
	let database: TestDatabase
	let folder: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'orderspam' })
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'order-spam-'))
	})
	afterAll(async () => {
		await database.cleanup()
		await fs.rm(folder, { recursive: true, force: true })
	})

	it.each(['ro', 'en', 'es'] as const)('the confirmation in %s scores under the threshold', async (locale) => {
		const { db } = database.handle
		const candle = await createProduct(db, { name: 'Lumânare Lemn de Cedru', stock: 5 })
		const upload = await createUpload(db)
		const email = `spam-check-${locale}@example.com`
		const order = await placeOrder(db, {
			...orderInput,
			locale,
			customer: { ...customer, email },
			lines: [
				{ kind: 'product', productId: candle.id, quantity: 1 },
				{
					kind: 'portrait',
					quantity: 1,
					uploadId: upload.id,
					options: { size: '18x24', persons: '2', withCar: false, withPet: true, frame: 'simple', description: '' },
				},
			],
		})
		await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id))
		await expectUnderThreshold(db, path.join(folder, locale), () => queueOrderEmail(db, mailContext, order.id, { kind: 'confirmation' }))
	})

	it.each(['ro', 'en', 'es'] as const)('the delivered email in %s, with its review links (ADR 0268), scores under the threshold', async (locale) => {
		const { db } = database.handle
		const candle = await createProduct(db, { name: 'Lumânare Lemn de Cedru', stock: 5 })
		const soap = await createProduct(db, { name: 'Săpun cu Lavandă', stock: 5 })
		const order = await placeOrder(db, {
			...orderInput,
			locale,
			customer: { ...customer, email: `spam-delivered-${locale}@example.com` },
			lines: [
				{ kind: 'product', productId: candle.id, quantity: 1 },
				{ kind: 'product', productId: soap.id, quantity: 2 },
			],
		})
		await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date(), status: 'delivered' }).where(eq(orders.id, order.id))
		const eml = await expectUnderThreshold(db, path.join(folder, `delivered-${locale}`), () => queueOrderEmail(db, mailContext, order.id, { kind: 'status' }))
		// Scored with the links in it: one per product (quoted-printable, its soft line breaks joined).
		const body = eml.replace(/=\r?\n/g, '')
		expect(body).toContain(`/${locale}/review/${order.id}/${candle.id}?key=3D`)
		expect(body).toContain(`/${locale}/review/${order.id}/${soap.id}?key=3D`)
	})

	// The emails that bring customers back (ADR 0269) are scored the same way: a back-in-stock alert and a checkout reminder.
	it.each(['ro', 'en', 'es'] as const)('the back-in-stock alert and the checkout reminder in %s score under the threshold', async (locale) => {
		const { db } = database.handle
		const candle = await createProduct(db, { name: 'Lumânare Lemn de Cedru', stock: 0 })
		await expectUnderThreshold(db, path.join(folder, `alert-${locale}`), async () => {
			await requestStockAlert({ db, clientIp: `203.0.113.${locale.charCodeAt(0)}` }, { email: `alert-${locale}@example.com`, productId: candle.id, locale })
			await db.update(products).set({ stock: 4 }).where(eq(products.id, candle.id))
			expect(await sendDueStockAlerts({ db, mail: mailContext })).toBe(1)
		})

		const order = await placeOrder(db, {
			...orderInput,
			locale,
			customer: { ...customer, email: `reminder-${locale}@example.com` },
			lines: [{ kind: 'product', productId: candle.id, quantity: 1 }],
		})
		await expectUnderThreshold(db, path.join(folder, `reminder-${locale}`), async () => {
			await recordReminderConsent(db, { orderId: order.id, locale })
			await db
				.update(checkoutReminders)
				.set({ consentedAt: new Date(Date.now() - 2 * 3_600_000) })
				.where(eq(checkoutReminders.orderId, order.id))
			expect(await sendDueCheckoutReminders({ db, mail: mailContext, delayMs: 3_600_000 })).toBe(1)
		})
	})
})

describe.each(ENGINES)('newsletter confirmation email spam score on %s', (engine) => {
	let database: TestDatabase
	let folder: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'confirmspam' })
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'confirm-spam-'))
	})
	afterAll(async () => {
		await database.cleanup()
		await fs.rm(folder, { recursive: true, force: true })
	})

	it.each(['ro', 'en', 'es'] as const)('the double opt-in confirmation in %s, as the outbox writes it, scores under the threshold', async (locale) => {
		const { db } = database.handle
		await expectUnderThreshold(db, path.join(folder, locale), async () => {
			await subscribeToNewsletter(db, { email: `cititor-${locale}@example.com`, locale, publicUrl: 'https://luminasicarton.ro' })
			const [queued] = await db.select().from(emailOutbox)
			expect(queued!.text).toContain(`https://luminasicarton.ro/${locale}/newsletter/confirm?token=`)
		})
	})
})

describe('newsletter campaign email spam score', () => {
	let folder: string
	beforeAll(async () => {
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'campaign-spam-'))
	})
	afterAll(async () => {
		await fs.rm(folder, { recursive: true, force: true })
	})

	it.each(['ro', 'es'] as const)('a campaign in %s, with its unsubscribe headers, scores under the threshold', async (locale) => {
		const t = serverI18n(locale).t
		const url = `https://luminasicarton.ro/${locale}/newsletter/unsubscribe?token=Zk3p0Qm2x8Yw4Lr6Tn1Vb5Hc7Jd9Fg0s`
		const email = renderCampaignEmail({
			locale,
			subject: locale === 'ro' ? 'Colecția de iarnă a sosit' : 'Ha llegado la colección de invierno',
			body:
				locale === 'ro'
					? 'Bună,\n\nAm turnat lumânările de iarnă: brad, scorțișoară și portocală, în borcane de sticlă reciclată.\n\nLe găsești în [magazin](https://luminasicarton.ro/ro/catalog).\n\nCu drag,\nEchipa Lumină & Carton'
					: 'Hola:\n\nYa están las velas de invierno: abeto, canela y naranja, en tarros de vidrio reciclado.\n\nLas encontrarás en la [tienda](https://luminasicarton.ro/es/catalog).\n\nUn abrazo,\nEl equipo de Lumină & Carton',
			unsubscribeUrl: url,
			footerNote: t('newsletter.campaignFooter'),
			unsubscribeLabel: t('newsletter.campaignUnsubscribe'),
		})
		const out = path.join(folder, locale)
		const transport = createFileTransport(out)
		await transport.send({
			messageId: `<campaign-${locale}@luminasicarton.ro>`,
			from: 'Lumină & Carton <comenzi@luminasicarton.ro>',
			to: `cititor-${locale}@example.com`,
			...email,
			headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
		})
		transport.close()
		const eml = await fs.readFile(path.join(out, `campaign-${locale}.eml`), 'utf8')
		expect(eml).toContain('multipart/alternative')
		expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
		const { score, tests } = spamScore(eml)
		expect(score, `SpamAssassin: ${score} (${tests})`).toBeLessThan(MAX_SCORE)
	})
})

/** Queues one email with `queue`, sends it into `out` as the outbox does, and scores the message written. */
async function expectUnderThreshold(db: TestDatabase['handle']['db'], out: string, queue: () => Promise<unknown>) {
	await db.delete(emailOutbox)
	await queue()
	const sender = createEmailSender({
		db,
		transport: createFileTransport(out),
		from: 'Lumină & Carton <comenzi@luminasicarton.ro>',
		messageIdDomain: 'luminasicarton.ro',
		log: pino({ level: 'silent' }),
		pollIntervalMs: 60_000,
		leaseSeconds: 60,
	})
	try {
		expect(await sender.runOnce()).toBe(1)
	} finally {
		await sender.stop()
	}
	const [file] = await fs.readdir(out)
	const eml = await fs.readFile(path.join(out, file!), 'utf8')
	expect(eml).toContain('multipart/alternative')
	const { score, tests } = spamScore(eml)
	expect(score, `SpamAssassin: ${score} (${tests})`).toBeLessThan(MAX_SCORE)
	return eml
}
