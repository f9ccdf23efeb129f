import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, newsletterSubscribers, orderHistory, orders } from '#db/schema/index.ts'
import { exportAccountData } from '#server/account/account-data.ts'
import { DELETED_EMAIL } from '#server/account/order-erasure.ts'
import { CustomerErasureRefusedError, eraseCustomer, exportCustomerData, listCustomersForAdmin } from '#server/customers/customers.ts'
import { addOrderNote, OrderChangeInvalidError, OrderNotFoundError } from '#server/orders/admin-changes.ts'
import { getOrderForAdmin, listOrdersForAdmin } from '#server/orders/admin-orders.ts'
import { exportOrdersCsv } from '#server/orders/orders-csv.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { parseCustomerListFilters } from '#domain/forms/admin-customers.ts'
import { parseOrderListFilters } from '#domain/forms/admin-order-filters.ts'
import { createTestUser, insertTestOrder, type TestOrderInput } from '../support/accounts.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** ADR 0130: order search and dates, the Romanian CSV, internal notes, customers. */

const MISSING = '00000000-0000-4000-8000-000000000000'
const unique = () => crypto.randomBytes(3).toString('hex')

async function rejection(work: Promise<unknown>) {
	return work.then(
		() => null,
		(error: unknown) => error,
	)
}

describe.each(ENGINES)('admin orders and customers on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let storage: ObjectStorage
	let root: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'admincustomers' })
		db = database.handle.db
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-admin-customers-'))
		storage = createLocalStorage(root)
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	const order = (input: TestOrderInput) => insertTestOrder(db, input)
	const ids = async (query: string) => (await listOrdersForAdmin(db, parseOrderListFilters(new URLSearchParams(query)))).orders.map((row) => row.id).sort()

	it('searches orders by number, email, name, phone (digits as typed or not), city and AWB, any case', async () => {
		const tag = unique()
		const digits = String(crypto.randomInt(100_000, 1_000_000))
		const ileana = await order({
			userId: null,
			email: `ileana-${tag}@example.com`,
			trackingNumber: `SAMEDAY${tag}X`,
			shippingAddress: { fullName: `Ileana Munteanu${tag}`, phone: `0744 ${digits.slice(0, 3)} ${digits.slice(3)}`, city: `Oradea${tag}` },
		})
		const other = await order({
			userId: null,
			email: `altcineva-${tag}@example.com`,
			shippingAddress: { fullName: 'Dan Pop', city: 'Iași', phone: '0700 000 000' },
		})
		expect(await ids(`q=${`munteanu${tag}`.toUpperCase()}`)).toEqual([ileana.id])
		expect(await ids(`q=oradea${tag}`)).toEqual([ileana.id])
		expect(await ids(`q=sameday${tag}`)).toEqual([ileana.id])
		expect(await ids(`q=0744${digits}`)).toEqual([ileana.id])
		expect(await ids(`q=${encodeURIComponent(`0744-${digits.slice(0, 3)}-${digits.slice(3)}`)}`)).toEqual([ileana.id])
		expect(await ids(`q=ileana-${tag}`)).toEqual([ileana.id])
		expect(await ids(`q=%23${ileana.id.slice(0, 8)}`)).toEqual([ileana.id])
		expect(await ids(`q=altcineva-${tag}`)).toEqual([other.id])
		// LIKE's wildcards are plain text in the search.
		expect(await ids(`q=${encodeURIComponent(`%${tag}_`)}`)).toEqual([])
	})

	it('the order and customer searches ignore diacritics both ways, as the owner types them on a phone', async () => {
		const tag = unique()
		const stefan = await order({
			userId: null,
			email: `client-${tag}@example.com`,
			shippingAddress: { fullName: `Ștefan Țăranu${tag}`, city: `Brașov${tag}` },
		})
		const plain = await order({ userId: null, email: `altul-${tag}@example.com`, shippingAddress: { fullName: `Stefan Taranu${tag}`, city: `Iasi${tag}` } })
		expect(await ids(`q=stefan taranu${tag}`)).toEqual([stefan.id, plain.id].sort())
		expect(await ids(`q=${encodeURIComponent(`ȘTEFAN ȚĂRANU${tag}`)}`)).toEqual([stefan.id, plain.id].sort())
		expect(await ids(`q=brasov${tag}`)).toEqual([stefan.id])
		// Words in order within one field: a name's word and a city's do not make a match together (ADR 0263).
		expect(await ids(`q=stefan brasov${tag}`)).toEqual([])
		expect(await ids(`q=${encodeURIComponent(`iași${tag}`)}`)).toEqual([plain.id])
		const customers = await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams(`q=taranu${tag}`)))
		expect(customers.customers.map((c) => c.email).sort()).toEqual([`altul-${tag}@example.com`, `client-${tag}@example.com`])
	})

	it('filters by days placed, both ends inclusive, in Bucharest time (winter and summer), and the CSV follows the same days', async () => {
		const tag = unique()
		const at = (iso: string, n: string) => order({ userId: null, email: `zile-${tag}-${n}@example.com`, createdAt: new Date(iso) })
		// 14 Jan 23:30 and 15 Jan 00:30 in Bucharest (UTC+2), 15 Jan 23:59 and 16 Jan 00:00.
		const lateOn14 = await at('2026-01-14T21:30:00Z', 'a')
		const earlyOn15 = await at('2026-01-14T22:30:00Z', 'b')
		const lastMinuteOn15 = await at('2026-01-15T21:59:00Z', 'c')
		const midnightOn16 = await at('2026-01-15T22:00:00Z', 'd')
		// 2 July 00:00 in Bucharest is 1 July 21:00 UTC (summer time, UTC+3).
		const summer = await at('2026-07-01T21:00:00Z', 'e')
		const q = `q=zile-${tag}`
		expect(await ids(`${q}&from=2026-01-15&to=2026-01-15`)).toEqual([earlyOn15.id, lastMinuteOn15.id].sort())
		expect(await ids(`${q}&from=2026-01-16`)).toEqual([midnightOn16.id, summer.id].sort())
		expect(await ids(`${q}&to=2026-01-14`)).toEqual([lateOn14.id])
		expect(await ids(`${q}&from=2026-07-02&to=2026-07-02`)).toEqual([summer.id])
		// The wrong way round still means the days between; a day that does not exist is no filter.
		expect(await ids(`${q}&from=2026-01-15&to=2026-01-14`)).toEqual([lateOn14.id, earlyOn15.id, lastMinuteOn15.id].sort())
		expect(await ids(`${q}&from=2026-02-31`)).toHaveLength(5)

		const csv = await exportOrdersCsv(db, parseOrderListFilters(new URLSearchParams(`${q}&from=2026-01-15&to=2026-01-15`)))
		const lines = csv
			.replace(/^\uFEFF/, '')
			.trimEnd()
			.split('\r\n')
		expect(lines).toHaveLength(3)
		expect(
			lines
				.slice(1)
				.map((line) => line.split(';')[1])
				.sort(),
		).toEqual([earlyOn15.id, lastMinuteOn15.id].sort())
		expect(lines[0]!.split(';')).toContain('Total (EUR)')
		expect(lines[1]!.split(';')).toContain('39,80')
	})

	it('filters by one customer’s exact email, any case, not by emails that merely contain it', async () => {
		const tag = unique()
		const ana = await order({ userId: null, email: `Ana-${tag}@Example.com` })
		await order({ userId: null, email: `ioana-${tag}@example.com` })
		expect(await ids(`email=${encodeURIComponent(`ana-${tag}@example.com`)}`)).toEqual([ana.id])
		expect(await ids(`email=${encodeURIComponent(`na-${tag}@example.com`)}`)).toEqual([])
	})

	it('keeps internal notes in the order’s history with author and time; no email, nothing in the customer’s export; empty or unknown refused', async () => {
		const staff = await createTestUser(db, { roles: ['admin'], email: `sefa-${unique()}@example.test` })
		const customer = await createTestUser(db, { email: `client-note-${unique()}@example.com` })
		const placed = await order({ userId: customer.id, email: customer.email })
		const mailsBefore = (await db.select().from(emailOutbox)).length
		const before = new Date()
		await addOrderNote(db, { orderId: placed.id, text: '  Clientul a sunat: lasă coletul la vecina Maria  ', actorUserId: staff.id })
		const detail = await getOrderForAdmin(db, placed.id)
		const note = detail!.history.find((entry) => entry.action === 'note')
		expect(note?.details).toEqual({ text: 'Clientul a sunat: lasă coletul la vecina Maria' })
		expect(note?.actor).toBe(staff.email)
		expect(note!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
		expect((await db.select().from(emailOutbox)).length).toBe(mailsBefore)
		expect(JSON.stringify(await exportAccountData(db, customer.id))).not.toContain('vecina Maria')
		expect(JSON.stringify(await exportCustomerData(db, customer.email))).not.toContain('vecina Maria')

		const empty = await rejection(addOrderNote(db, { orderId: placed.id, text: '   ', actorUserId: staff.id }))
		expect(empty).toBeInstanceOf(OrderChangeInvalidError)
		expect((empty as Error).message).toBe('Scrie textul notei')
		expect(await rejection(addOrderNote(db, { orderId: placed.id, text: 'x'.repeat(2001) }))).toBeInstanceOf(OrderChangeInvalidError)
		expect(await rejection(addOrderNote(db, { orderId: MISSING, text: 'Notă' }))).toBeInstanceOf(OrderNotFoundError)
		const notes = await db.select().from(orderHistory).where(eq(orderHistory.orderId, placed.id))
		expect(notes.filter((entry) => entry.action === 'note')).toHaveLength(1)
	})

	it('lists customers by email (guest and account merged, any case) with their orders and what they paid; real orders only', async () => {
		const tag = unique()
		const account = await createTestUser(db, { email: `cont-${tag}@example.com`, name: `Maria Cont${tag}` })
		const paid = await order({ userId: account.id, email: account.email, createdAt: new Date('2026-03-01T10:00:00Z') })
		await db.update(orders).set({ refundedCents: 1000 }).where(eq(orders.id, paid.id))
		await order({ userId: account.id, email: account.email, paymentStatus: 'refunded', createdAt: new Date('2026-03-02T10:00:00Z') })
		// Before the account, as a guest, with the email in other letters.
		await order({ userId: null, email: `CONT-${tag}@example.com`, createdAt: new Date('2026-02-01T10:00:00Z') })
		const guestEmail = `vizitator-${tag}@example.com`
		const latest = await order({
			userId: null,
			email: guestEmail,
			createdAt: new Date('2026-04-01T10:00:00Z'),
			shippingAddress: { fullName: `Ion Vizitator${tag}` },
		})
		await order({ userId: null, email: guestEmail, paymentStatus: 'pending' }) // a checkout never paid
		const archived = await order({ userId: null, email: guestEmail })
		await db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, archived.id))
		const testMoney = await order({ userId: null, email: guestEmail, createdAt: new Date('2026-03-15T10:00:00Z') })
		await db.update(orders).set({ testMode: true }).where(eq(orders.id, testMoney.id))

		const { customers, total } = await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams(`q=${tag}`)))
		expect(total).toBe(2)
		// Newest order first.
		expect(customers.map((c) => c.email)).toEqual([guestEmail, `cont-${tag}@example.com`])
		const [guest, registered] = customers
		expect(guest).toMatchObject({ userId: null, name: `Ion Vizitator${tag}`, orderCount: 2, paidCents: 3980 })
		expect(guest!.lastOrderAt?.toISOString()).toBe(latest.createdAt.toISOString())
		// 3980 − 1000 refunded, the refunded order 0, the guest order 3980.
		expect(registered).toMatchObject({ userId: account.id, name: `Maria Cont${tag}`, orderCount: 3, paidCents: 6960 })
		// The orders link shows the same orders the count counts.
		expect((await listOrdersForAdmin(db, parseOrderListFilters(new URLSearchParams(`email=${guestEmail}`)))).total).toBe(2)
		expect((await listOrdersForAdmin(db, parseOrderListFilters(new URLSearchParams(`email=cont-${tag}@example.com`)))).total).toBe(3)
		// Search by name; an account with no orders is listed too.
		const byName = await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams(`q=vizitator${tag}`)))
		expect(byName.customers.map((c) => c.email)).toEqual([guestEmail])
		const lonely = await createTestUser(db, { email: `fara-comenzi-${tag}@example.com` })
		const none = await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams(`q=fara-comenzi-${tag}`)))
		expect(none.customers).toEqual([{ email: lonely.email, name: '', userId: lonely.id, orderCount: 0, paidCents: 0, lastOrderAt: null }])
	})

	it('exports and erases one customer’s data: the account goes, closed orders lose personal data and notes, open ones wait for delivery', async () => {
		const tag = unique()
		const email = `sterge-${tag}@example.com`
		const account = await createTestUser(db, { email })
		const ownClosed = await order({ userId: account.id, email, status: 'delivered' })
		const guestClosed = await order({ userId: null, email: email.toUpperCase(), status: 'delivered' })
		const guestOpen = await order({ userId: null, email, status: 'processing' })
		await addOrderNote(db, { orderId: guestClosed.id, text: 'Doamna Ionescu de la etajul 3' })
		await addOrderNote(db, { orderId: guestOpen.id, text: 'Sună înainte de livrare' })
		await db.insert(newsletterSubscribers).values({ email, locale: 'ro', consentedAt: new Date(), unsubscribeToken: crypto.randomBytes(16).toString('hex') })

		const exported = await exportCustomerData(db, email.toUpperCase())
		expect(exported?.account?.account.email).toBe(email)
		expect(exported?.account?.orders.map((o) => o.id)).toEqual([ownClosed.id])
		expect(exported?.guestOrders.map((o) => o.id).sort()).toEqual([guestClosed.id, guestOpen.id].sort())
		expect(await exportCustomerData(db, `nimeni-${tag}@example.com`)).toBeNull()

		const staff = await createTestUser(db, { email: `echipa-${tag}@example.com`, roles: ['editor'] })
		const refused = await rejection(eraseCustomer({ db, storage }, staff.email))
		expect(refused).toBeInstanceOf(CustomerErasureRefusedError)
		expect((refused as CustomerErasureRefusedError).reason).toBe('staff')
		expect(((await rejection(eraseCustomer({ db, storage }, `nimeni-${tag}@example.com`))) as CustomerErasureRefusedError).reason).toBe('unknown')

		const erased = await eraseCustomer({ db, storage }, email)
		expect(erased).toEqual({ account: true, orders: 2, keptForShipping: 1 })
		const rows = await db
			.select()
			.from(orders)
			.where(inArray(orders.id, [ownClosed.id, guestClosed.id, guestOpen.id]))
		const byId = new Map(rows.map((row) => [row.id, row]))
		for (const id of [ownClosed.id, guestClosed.id]) {
			expect(byId.get(id)?.email).toBe(DELETED_EMAIL)
			expect(byId.get(id)?.shippingAddress.fullName).toBe('')
		}
		expect(byId.get(guestOpen.id)?.email).toBe(email)
		expect(byId.get(guestOpen.id)?.erasurePendingAt).not.toBeNull()
		const notes = await db
			.select()
			.from(orderHistory)
			.where(inArray(orderHistory.orderId, [guestClosed.id, guestOpen.id]))
		expect(notes.filter((n) => n.action === 'note').map((n) => n.details.text)).toEqual(['Sună înainte de livrare'])
		expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([])
		const listed = await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams(`q=sterge-${tag}`)))
		// Only the order kept for shipping still carries the email, and it has no account now.
		expect(listed.customers).toMatchObject([{ email, userId: null, orderCount: 1 }])
	})
})
