import type { CartLine } from '#domain/cart-line.ts'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderHistory, orders, uploads, users } from '#db/schema/index.ts'
import { archiveOrder, getOrderForAdmin, listOrdersForAdmin, openOrderPhoto, restoreOrder } from '#server/orders/admin-orders.ts'
import { dashboardStats } from '#server/orders/dashboard.ts'
import { csvAmount, exportOrdersCsv } from '#server/orders/orders-csv.ts'
import { issueInvoice } from '#server/invoices/issue.ts'
import { changeOrderStatus, OrderChangeInvalidError, OrderNotFoundError, setTrackingNumber } from '#server/orders/admin-changes.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { createProduct, customer, mailContext, orderInput, testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** The list's filters; these tests work on unpaid orders, so they look at every order unless they name a view. */
const filters = (query = '') => parseOrderListFilters(new URLSearchParams(/(^|&)view=/.test(query) ? query : `view=all&${query}`))
const MISSING = '00000000-0000-4000-8000-000000000000'

async function rejection(work: Promise<unknown>) {
	return work.then(
		() => null,
		(error: unknown) => error,
	)
}

describe.each(ENGINES)('admin orders on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let storage: ObjectStorage
	let root: string
	const adminId = `admin-${engine}`
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'adminorders' })
		db = database.handle.db
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-admin-orders-'))
		storage = createLocalStorage(root)
		await db.insert(users).values({ id: adminId, email: `boss-${engine}@example.test`, name: 'Șefa' })
	})
	afterAll(async () => {
		await database.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	/** A stored portrait photo (real bytes in storage, an uploads row), as the customiser leaves it. */
	async function photo(bytes = 'photo-bytes') {
		const key = `portraits/${Date.now()}-${Math.random().toString(16).slice(2)}.webp`
		await storage.put(key, Buffer.from(bytes), 'image/webp')
		const [row] = await db.insert(uploads).values({ storageKey: key, mimeType: 'image/webp', size: bytes.length }).returning()
		return row!
	}

	async function order(email: string, options: { portraits?: number; name?: string; notes?: string; address?: string; postalCode?: string } = {}) {
		const candle = await createProduct(db, { priceCents: 4500, stock: 10, name: 'Lumânare Vanilie' })
		const lines: CartLine[] = [{ kind: 'product', productId: candle.id, quantity: 2 }]
		for (let i = 0; i < (options.portraits ?? 0); i++) {
			const upload = await photo(`photo-${i}`)
			lines.push({
				kind: 'portrait',
				quantity: 1,
				options: { size: '18x24', persons: '2', withCar: false, withPet: true, frame: 'premium', description: 'Cu pisica Mița' },
				uploadId: upload.id,
			})
		}
		return placeOrder(db, {
			...orderInput,
			customer: {
				...customer,
				email,
				fullName: options.name ?? customer.fullName,
				notes: options.notes ?? '',
				address: options.address ?? customer.address,
				postalCode: options.postalCode ?? customer.postalCode,
			},
			lines,
		})
	}

	it('lists orders newest first with the number, ro-RO date and badges; filters by status and payment; searches by number or email; pages', async () => {
		const tag = `list${engine}`
		const placed = []
		for (let i = 0; i < 23; i++) placed.push(await order(`${tag}-${i}@example.com`))
		await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, placed[3]!.id))
		await changeOrderStatus({ db, mail: mailContext }, { orderId: placed[4]!.id, status: 'shipped' })

		const first = await listOrdersForAdmin(db, filters(`q=${tag}`))
		expect(first.total).toBe(23)
		expect(first.pages).toBe(2)
		expect(first.orders).toHaveLength(20)
		expect(first.orders[0]!.email).toBe(`${tag}-22@example.com`)
		expect(first.orders[0]!.number).toBe(placed[22]!.id.slice(0, 8))
		// The service returns the date; the view shows it in ro-RO.
		expect(first.orders[0]!.createdAt).toBeInstanceOf(Date)
		expect(formatAdminDateTime(first.orders[0]!.createdAt)).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
		const second = await listOrdersForAdmin(db, filters(`q=${tag}&page=2`))
		expect(second.orders.map((o) => o.email)).toEqual([`${tag}-2@example.com`, `${tag}-1@example.com`, `${tag}-0@example.com`])
		// A page past the end shows the last page.
		expect((await listOrdersForAdmin(db, filters(`q=${tag}&page=99`))).page).toBe(2)

		const paid = await listOrdersForAdmin(db, filters(`q=${tag}&payment=paid`))
		expect(paid.orders.map((o) => o.id)).toEqual([placed[3]!.id])
		const shipped = await listOrdersForAdmin(db, filters(`q=${tag}&status=shipped`))
		expect(shipped.orders.map((o) => o.id)).toEqual([placed[4]!.id])
		expect((await listOrdersForAdmin(db, filters(`q=${tag}&status=shipped&payment=paid`))).total).toBe(0)
		// Unknown filter values are ignored, never an error (an unknown view is the default one: paid orders).
		expect((await listOrdersForAdmin(db, filters(`q=${tag}&status=bogus&payment=x&view=all&page=-4`))).total).toBe(23)
		expect((await listOrdersForAdmin(db, filters(`q=${tag}&view=y`))).orders.map((o) => o.id)).toEqual([placed[3]!.id])

		const target = placed[7]!
		for (const q of [target.id.slice(0, 8), `#${target.id.slice(0, 8).toUpperCase()}`, target.id]) {
			expect(
				(await listOrdersForAdmin(db, filters(`q=${encodeURIComponent(q)}`))).orders.map((o) => o.id),
				q,
			).toEqual([target.id])
		}
		expect((await listOrdersForAdmin(db, filters(`q=${tag}-7@`))).orders.map((o) => o.id)).toEqual([target.id])
		expect((await listOrdersForAdmin(db, filters(`q=${tag.toUpperCase()}-7@EXAMPLE`))).total).toBe(1)
		// LIKE wildcards are searched as text.
		expect((await listOrdersForAdmin(db, filters('q=%25'))).total).toBe(0)
		expect((await listOrdersForAdmin(db, filters('q=_'))).total).toBe(0)
	})

	it('archives ("deletes") and restores an order: hidden from the list, shown in the archive filter, history written once per change', async () => {
		const email = `archive-${engine}@example.com`
		const placed = await order(email)
		const q = `q=${encodeURIComponent(email)}`
		expect(await archiveOrder(db, { orderId: placed.id, actorUserId: adminId })).toEqual({ changed: true })
		expect(await archiveOrder(db, { orderId: placed.id, actorUserId: adminId })).toEqual({ changed: false })
		expect((await listOrdersForAdmin(db, filters(q))).total).toBe(0)
		const archived = await listOrdersForAdmin(db, filters(`${q}&view=archived`))
		expect(archived.orders.map((o) => o.id)).toEqual([placed.id])
		// Kept for accounting: the row and its items are still there.
		const detail = await getOrderForAdmin(db, placed.id)
		expect(detail).toMatchObject({ archived: true, totalCents: 9000 })
		expect(detail!.items).toHaveLength(1)

		expect(await restoreOrder(db, { orderId: placed.id, actorUserId: adminId })).toEqual({ changed: true })
		expect(await restoreOrder(db, { orderId: placed.id, actorUserId: adminId })).toEqual({ changed: false })
		expect((await listOrdersForAdmin(db, filters(q))).orders.map((o) => o.id)).toEqual([placed.id])
		expect((await listOrdersForAdmin(db, filters(`${q}&view=archived`))).total).toBe(0)

		const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, placed.id)).orderBy(orderHistory.createdAt)
		expect(history.map((h) => [h.action, h.actorUserId])).toEqual([
			['created', null],
			['archived', adminId],
			['restored', adminId],
		])
		expect(await rejection(archiveOrder(db, { orderId: MISSING }))).toBeInstanceOf(OrderNotFoundError)
		expect(await rejection(restoreOrder(db, { orderId: MISSING }))).toBeInstanceOf(OrderNotFoundError)
	})

	it('shows one order with customer, items and portrait options, the photos named after the order, and its history (who, what, when)', async () => {
		const placed = await order(`detail-${engine}@example.com`, { portraits: 2 })
		const number = placed.id.slice(0, 8)
		await changeOrderStatus({ db, mail: mailContext }, { orderId: placed.id, status: 'processing', actorUserId: adminId })
		await setTrackingNumber({ db, mail: mailContext }, { orderId: placed.id, trackingNumber: 'AWB 123', actorUserId: adminId })

		const detail = (await getOrderForAdmin(db, placed.id))!
		expect(detail).toMatchObject({
			number,
			email: `detail-${engine}@example.com`,
			status: 'processing',
			paymentStatus: 'pending',
			trackingNumber: 'AWB 123',
			archived: false,
		})
		expect(detail.shippingAddress).toMatchObject({ fullName: 'Ana Popescu', city: 'Cluj-Napoca', phone: '+40 712 345 678' })
		const portraits = detail.items.filter((item) => item.isPortrait)
		expect(portraits).toHaveLength(2)
		expect(portraits[0]!.options).toMatchObject({
			dimension: '18x24',
			persons: '2',
			withCar: false,
			withPet: true,
			frame: 'premium',
			description: 'Cu pisica Mița',
		})
		expect(portraits.map((item) => item.photo?.fileName)).toEqual([`comanda-${number}-1.webp`, `comanda-${number}-2.webp`])
		expect(portraits[0]!.photo!.url).toBe(`/admin/orders/${placed.id}/photo/${portraits[0]!.id}`)
		expect(detail.items.find((item) => !item.isPortrait)?.photo).toBeNull()
		expect(detail.history.map((h) => [h.action, h.actor])).toEqual([
			['tracking_changed', `boss-${engine}@example.test`],
			['status_changed', `boss-${engine}@example.test`],
			['created', null],
		])
		expect(detail.history[0]!.details).toEqual({ from: null, to: 'AWB 123' })
		expect(detail.history[1]!.createdAt).toBeInstanceOf(Date)
		expect(formatAdminDateTime(detail.history[1]!.createdAt)).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
		expect(await getOrderForAdmin(db, MISSING)).toBeNull()

		// The photo streams from storage under the order's name; another order's item is not found.
		const opened = await openOrderPhoto({ db, storage }, placed.id, portraits[1]!.id)
		expect(opened?.fileName).toBe(`comanda-${number}-2.webp`)
		expect(await text(opened!.object.body)).toBe('photo-1')
		const other = await order(`other-${engine}@example.com`, { portraits: 1 })
		expect(await openOrderPhoto({ db, storage }, other.id, portraits[0]!.id)).toBeNull()
		expect(await openOrderPhoto({ db, storage }, placed.id, MISSING)).toBeNull()
		const single = (await getOrderForAdmin(db, other.id))!.items.find((item) => item.photo)!
		expect(single.photo!.fileName).toBe(`comanda-${other.id.slice(0, 8)}.webp`)
		// A photo gone from storage is "not found", not an error.
		const [gone] = await db
			.select()
			.from(uploads)
			.where(eq(uploads.id, (portraits[0]!.options as { uploadId: string }).uploadId))
		await storage.delete(gone!.storageKey)
		expect(await openOrderPhoto({ db, storage }, placed.id, portraits[0]!.id)).toBeNull()
	})

	it('status and tracking changes refuse bad input with the spec messages and unknown orders, writing nothing', async () => {
		const placed = await order(`bad-${engine}@example.com`)
		await db.delete(emailOutbox)
		const deps = { db, mail: mailContext }
		const invalid = await rejection(changeOrderStatus(deps, { orderId: placed.id, status: 'lost' }))
		expect(invalid).toBeInstanceOf(OrderChangeInvalidError)
		expect((invalid as Error).message).toBe('Status invalid')
		const long = await rejection(setTrackingNumber(deps, { orderId: placed.id, trackingNumber: 'A'.repeat(101) }))
		expect((long as Error).message).toBe('Numărul de tracking nu poate depăși 100 de caractere')
		expect(await setTrackingNumber(deps, { orderId: placed.id, trackingNumber: 'A'.repeat(100) })).toEqual({ changed: true, emailQueued: false })
		expect(await rejection(changeOrderStatus(deps, { orderId: MISSING, status: 'new' }))).toBeInstanceOf(OrderNotFoundError)
		const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, placed.id))
		expect(history.map((h) => h.action).sort()).toEqual(['created', 'tracking_changed'])
		expect(await db.select().from(emailOutbox)).toEqual([])
	})

	it('lists orders to fulfil by default; unpaid, expired and declined checkouts sit under their own view; the dashboard counts the same', async () => {
		const tag = `views${engine}`
		const before = await dashboardStats(db)
		const [unpaid, expired, declined, paid, settling, refunded] = await Promise.all(
			['unpaid', 'expired', 'declined', 'paid', 'settling', 'refunded'].map((kind) => order(`${tag}-${kind}@example.com`)),
		)
		await db.update(orders).set({ paymentStatus: 'failed', status: 'cancelled' }).where(eq(orders.id, expired!.id))
		await db.update(orders).set({ paymentStatus: 'failed', status: 'cancelled', paymentProcessingAt: new Date() }).where(eq(orders.id, declined!.id))
		await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, paid!.id))
		await db.update(orders).set({ paymentProcessingAt: new Date() }).where(eq(orders.id, settling!.id))
		await db.update(orders).set({ paymentStatus: 'refunded', paidAt: new Date(), refundedCents: 9000 }).where(eq(orders.id, refunded!.id))
		const ids = async (view?: string) =>
			(await listOrdersForAdmin(db, parseOrderListFilters(new URLSearchParams({ q: tag, ...(view ? { view } : {}) })))).orders.map((o) => o.id).sort()
		expect(await ids()).toEqual([paid!.id, settling!.id, refunded!.id].sort())
		expect(await ids('checkouts')).toEqual([unpaid!.id, expired!.id, declined!.id].sort())
		expect(await ids('all')).toHaveLength(6)
		// The CSV follows the same views.
		const csv = await exportOrdersCsv(db, parseOrderListFilters(new URLSearchParams({ q: tag })))
		expect([unpaid, expired, declined].some((o) => csv.includes(o!.id))).toBe(false)
		expect([paid, settling, refunded].every((o) => csv.includes(o!.id))).toBe(true)
		const after = await dashboardStats(db)
		expect(after.ordersToday - before.ordersToday).toBe(3)
		// Revenue is net of refunds: the refunded order took nothing, the settling one nothing yet.
		expect(after.revenueLast30DaysCents - before.revenueLast30DaysCents).toBe(9000)
	})

	it('exports batch after batch by keyset: every order once, newest first, also orders placed in the same millisecond', async () => {
		const email = `csv-batches-${engine}@example.com`
		const placed = [] as { id: string }[]
		for (let i = 0; i < 7; i++) placed.push(await order(email))
		// Three orders in one millisecond, apart by microseconds only, and two at the very same instant.
		const instants = [
			'2026-11-01 10:00:00.123400+00',
			'2026-11-01 10:00:00.123456+00',
			'2026-11-01 10:00:00.123999+00',
			'2026-11-01 10:00:00.5+00',
			'2026-11-01 10:00:00.5+00',
		]
		for (const [index, instant] of instants.entries())
			await db.execute(sql`update orders set created_at = ${instant}::timestamptz where id = ${placed[index]!.id}`)
		const expected = await db.select({ id: orders.id }).from(orders).where(eq(orders.email, email)).orderBy(desc(orders.createdAt), desc(orders.id))
		const idsIn = (csv: string) =>
			csv
				.slice(1)
				.split('\r\n')
				.slice(1, -1)
				.map((line) => line.split(';')[1])
		for (const batch of [1, 2, 3, 500])
			expect(idsIn(await exportOrdersCsv(db, filters(`q=${encodeURIComponent(email)}`), batch)), `batch ${batch}`).toEqual(expected.map((row) => row.id))
	})

	it('exports the filtered orders as CSV for a Romanian spreadsheet: semicolons, decimal comma, every page, quoted fields, formulas neutralised, Romanian statuses', async () => {
		const email = `csv-${engine}@example.com`
		const evil = await order(email, { name: '=HYPERLINK("http://evil.test","x")', notes: '@SUM(1+1)\nrândul doi', address: 'Str. Mare 1, ap. "3"' })
		const plain = await order(email, { postalCode: '010011' })
		await changeOrderStatus({ db, mail: mailContext }, { orderId: plain.id, status: 'delivered' })
		await setTrackingNumber({ db, mail: mailContext }, { orderId: plain.id, trackingNumber: '-AWB9' })
		const archived = await order(email)
		await archiveOrder(db, { orderId: archived.id })
		// Paid, invoiced, and partly refunded.
		const invoiced = await order(email)
		const invoice = await db.transaction(async (tx) => {
			await tx.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, invoiced.id))
			return issueInvoice(tx, testInvoicing, invoiced.id)
		})
		await db.update(orders).set({ refundedCents: 1500 }).where(eq(orders.id, invoiced.id))

		const csv = await exportOrdersCsv(db, filters(`q=${encodeURIComponent(email)}`))
		const header = csv.slice(1, csv.indexOf('\r\n')).split(';')
		expect(header).toEqual([
			'Număr',
			'ID',
			'Data',
			'Email',
			'Nume',
			'Telefon',
			'Adresă',
			'Oraș',
			'Cod poștal',
			'Țară',
			'Observații',
			'Produse',
			'Subtotal (EUR)',
			'Livrare (EUR)',
			'Total (EUR)',
			'Status',
			'Plată',
			'AWB',
			'Arhivată',
			'Test',
			'Facturi',
			'TVA (EUR)',
			'Rambursat (EUR)',
		])
		expect(csv.startsWith('\uFEFF')).toBe(true)
		const lines = csv.slice(1).split('\r\n')
		expect(lines).toHaveLength(5) // header, three active orders, final empty line
		expect(lines[4]).toBe('')
		// Newest first: the invoiced order, its invoice number, the invoice's VAT and the refunded amount.
		expect(lines[1]!.startsWith(`${invoiced.id.slice(0, 8)};${invoiced.id};`)).toBe(true)
		expect(invoice.vatCents).toBeGreaterThan(0)
		expect(lines[1]!.endsWith(`;Plătită;;Nu;;${invoice.number};${csvAmount(invoice.vatCents)};15,00`)).toBe(true)
		expect(lines[2]!.startsWith(`${plain.id.slice(0, 8)};${plain.id};`)).toBe(true)
		// A phone number and a postal code stay text in a spreadsheet, shown as typed: no apostrophe, no zero lost.
		expect(lines[2]).toContain(`;${email};Ana Popescu;"=""+40 712 345 678""";`)
		expect(lines[2]).toContain(';Cluj-Napoca;"=""010011""";')
		expect(lines[2]).toContain(';2 × Lumânare Vanilie;90,00;0,00;90,00;Livrată;În așteptare;"=""-AWB9""";Nu;;;;0,00')
		expect(lines[3]).toContain(`;"=""=HYPERLINK(""""http://evil.test"""",""""x"""")""";`)
		expect(lines[3]).toContain(';"Str. Mare 1, ap. ""3""";')
		expect(lines[3]).toContain(`;"=""@SUM(1+1)\nrândul doi""";`)
		expect(lines[3]).toContain(';Nouă;În așteptare;;Nu')
		expect(csv).not.toContain("'")
		expect(csv).not.toContain(archived.id)

		const onlyArchived = await exportOrdersCsv(db, filters(`q=${encodeURIComponent(email)}&view=archived`))
		expect(onlyArchived).toContain(archived.id)
		expect(onlyArchived.trimEnd().endsWith(';Da;;;;0,00')).toBe(true)
		expect(onlyArchived).not.toContain(plain.id)
		const delivered = await exportOrdersCsv(db, filters(`q=${encodeURIComponent(email)}&status=delivered&page=3`))
		expect(delivered).toContain(plain.id)
		expect(delivered).not.toContain(evil.id)
	})
})
