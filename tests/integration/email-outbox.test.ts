import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '#db/schema/index.ts'
import { createFileTransport } from '#server/email/file-transport.ts'
import { enqueueEmail } from '#server/email/outbox.ts'
import { createEmailSender, MAX_EMAIL_ATTEMPTS, retryDelayMs } from '#server/email/sender.ts'
import { createSmtpTransport } from '#server/email/smtp-transport.ts'
import type { MailTransport } from '#server/email/transport.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { startSmtpServer } from '../support/smtp.ts'

const log = pino({ level: 'silent' })

function sender(database: TestDatabase, transport: MailTransport, db = database.handle.db) {
	return createEmailSender({ db, transport, from: 'Shop <shop@example.com>', messageIdDomain: 'shop.test', log, pollIntervalMs: 60_000, leaseSeconds: 60 })
}

describe.each(ENGINES)('email outbox on %s', (engine) => {
	let database: TestDatabase
	let folder: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'email' })
	})
	afterAll(() => database.cleanup())
	afterEach(async () => {
		await database.handle.db.delete(emailOutbox)
		if (folder) await fs.rm(folder, { recursive: true, force: true })
	})

	it('writes each message once as an .eml file when no SMTP server is configured', async () => {
		folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-mail-'))
		const { db } = database.handle
		await db.transaction(async (tx) => {
			await enqueueEmail(tx, { to: 'ana@example.com', subject: 'Comanda ta', text: 'Mulțumim!', html: '<p>Mulțumim!</p>', dedupeKey: 'order-paid:1' })
		})
		// Queueing the same event again is a no-op.
		expect(await enqueueEmail(db, { to: 'ana@example.com', subject: 'Comanda ta', text: 'Mulțumim!', dedupeKey: 'order-paid:1' })).toBe(false)

		const worker = sender(database, createFileTransport(folder))
		expect(await worker.runOnce()).toBe(1)
		expect(await worker.runOnce()).toBe(0)
		await worker.stop()

		const files = await fs.readdir(folder)
		expect(files).toHaveLength(1)
		const eml = await fs.readFile(path.join(folder, files[0]!), 'utf8')
		expect(eml).toContain('To: ana@example.com')
		expect(eml).toContain('From: Shop <shop@example.com>')
		expect(eml).toMatch(/Subject: Comanda ta/)
		const [row] = await db.select().from(emailOutbox)
		expect(row).toMatchObject({ status: 'sent', attempts: 1 })
	})

	it('delivers through SMTP, and retries with backoff when the server refuses', async () => {
		const smtp = await startSmtpServer({ failNext: 1 })
		const { db } = database.handle
		try {
			await enqueueEmail(db, { to: 'ion@example.com', subject: 'Status comandă', text: 'Expediată' })
			const worker = sender(database, createSmtpTransport(smtp.url, { leaseSeconds: 60 }))

			const before = Date.now()
			expect(await worker.runOnce()).toBe(0)
			let [row] = await db.select().from(emailOutbox)
			expect(row).toMatchObject({ status: 'pending', attempts: 1 })
			expect(row!.lastError).toMatch(/451|temporarily/)
			expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1000)
			expect(smtp.received).toHaveLength(0)

			// Not due yet: nothing happens until the backoff has passed.
			expect(await worker.runOnce()).toBe(0)
			await db
				.update(emailOutbox)
				.set({ nextAttemptAt: new Date(Date.now() - 1000) })
				.where(eq(emailOutbox.id, row!.id))
			expect(await worker.runOnce()).toBe(1)
			;[row] = await db.select().from(emailOutbox)
			expect(row).toMatchObject({ status: 'sent', attempts: 2 })
			expect(smtp.received).toHaveLength(1)
			expect(smtp.received[0]!.to).toEqual(['ion@example.com'])
			expect(smtp.received[0]!.raw).toContain('Expediat')
			await worker.stop()
		} finally {
			await smtp.close()
		}
	})

	it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts and keeps the error`, async () => {
		const { db } = database.handle
		await enqueueEmail(db, { to: 'x@example.com', subject: 's', text: 't' })
		const failing: MailTransport = { kind: 'smtp', send: async () => Promise.reject(new Error('connection refused')), close() {} }
		const worker = sender(database, failing)
		for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
			await db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) })
			await worker.runOnce()
		}
		const [row] = await db.select().from(emailOutbox)
		expect(row).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS, lastError: 'connection refused' })
		await worker.stop()
	})
})

describe('email outbox with two app instances on one PostgreSQL database', () => {
	it('sends every message exactly once', async () => {
		const database = await createTestDatabase('postgres', { label: 'email2' })
		try {
			const other = await database.openAnother()
			for (let i = 0; i < 30; i++) await enqueueEmail(database.handle.db, { to: `c${i}@example.com`, subject: `m${i}`, text: 't' })
			const delivered: string[] = []
			const transport = (): MailTransport => ({
				kind: 'smtp',
				async send(email) {
					// Not a wait: a delivery takes a moment, so the two senders overlap.
					await new Promise((resolve) => setTimeout(resolve, 5))
					delivered.push(email.to)
				},
				close() {},
			})
			const a = sender(database, transport())
			const b = sender(database, transport(), other.db)
			const [sentA, sentB] = await Promise.all([a.runOnce(), b.runOnce()])
			expect(sentA + sentB).toBe(30)
			expect(new Set(delivered).size).toBe(30)
			expect(delivered).toHaveLength(30)
			await Promise.all([a.stop(), b.stop()])
		} finally {
			await database.cleanup()
		}
	})
})

describe('a mail server that hangs mid-delivery', () => {
	it('makes the delivery fail, to be retried, well inside its lease (never sent twice by another sender)', async () => {
		const database = await createTestDatabase('postgres', { label: 'email-hang' })
		const smtp = await startSmtpServer()
		smtp.stall(true)
		try {
			const { db } = database.handle
			await enqueueEmail(db, { to: 'ana@example.com', subject: 'Comanda ta', text: 'Mulțumim!' })
			const leaseSeconds = 10
			const worker = createEmailSender({
				db,
				transport: createSmtpTransport(smtp.url, { leaseSeconds }),
				from: 'Shop <shop@example.com>',
				messageIdDomain: 'shop.test',
				log,
				pollIntervalMs: 60_000,
				leaseSeconds,
			})
			const started = Date.now()
			expect(await worker.runOnce()).toBe(0)
			expect(Date.now() - started).toBeLessThan(leaseSeconds * 1000)
			const [row] = await db.select().from(emailOutbox)
			expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
			expect(row!.lastError).toMatch(/timeout/i)
			await worker.stop()
		} finally {
			await smtp.close()
			await database.cleanup()
		}
	})
})
