import os from 'node:os'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#db/client.ts'
import { orderItems, orders, users } from '#db/schema/index.ts'
import { createCustomerFiguresJob } from '#server/customers/customer-figures-job.ts'
import { createLogger } from '#server/logger.ts'
import { applyCustomerChanges, eraseCustomer, listCustomersForAdmin } from '#server/customers/customers.ts'
import { archiveOrder, restoreOrder } from '#server/orders/admin-orders.ts'
import { cancelOrder } from '#server/orders/cancel-order.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { refundOrder } from '#server/orders/refunds.ts'
import { createTestCardProvider } from '#server/payments/test-card.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { parseCustomerListFilters } from '#domain/forms/admin-customers.ts'
import { createTestUser } from '../support/accounts.ts'
import { createProduct, customer, mailContext, orderInput } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/**
 * ADR 0263: the customers list's figures are kept by the database: the transaction that places,
 * pays, refunds, cancels, archives, deletes or erases an order, or adds, renames or deletes an
 * account notes its emails, and they are counted again before the list is read; after every step
 * they equal the list's definition counted from scratch (ADR 0130).
 */
describe.each(ENGINES)('customer figures on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let root: string
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'customer-figures' })
		db = database.handle.db
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-customer-figures-'))
	})
	afterAll(async () => {
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	const deps = () => ({ db, mail: mailContext, payments: createTestCardProvider({ db }) })

	/** Every kept row against the definition: every email of an order or an account, grouped in any case. */
	async function expectFiguresMatchRecount() {
		await applyCustomerChanges(db)
		const columns = sql`email, name, user_id, order_count::int as order_count, paid_cents::bigint::text as paid_cents, last_order_at`
		const kept = await queryRows(db, sql`select ${columns} from customers order by email`)
		const recounted = await queryRows(
			db,
			sql`with people as (
					select lower(email) as email from orders where email <> 'deleted@invalid'
					union
					select lower(email) from "user"
				), stats as (
					select lower(email) as email,
						count(*) filter (where (payment_status in ('paid', 'refunded') or (payment_status = 'pending' and payment_processing_at is not null)) and archived_at is null) as order_count,
						coalesce(sum(case when payment_status = 'paid' and not test_mode and archived_at is null then total_cents - refunded_cents else 0 end), 0) as paid_cents,
						max(created_at) filter (where (payment_status in ('paid', 'refunded') or (payment_status = 'pending' and payment_processing_at is not null)) and archived_at is null) as last_order_at,
						(array_agg(shipping_address ->> 'fullName' order by ((payment_status in ('paid', 'refunded') or (payment_status = 'pending' and payment_processing_at is not null)) and archived_at is null) desc, created_at desc))[1] as order_name
					from orders where email <> 'deleted@invalid' group by lower(email)
				)
				select ${columns} from (
					select people.email, coalesce(nullif(u.name, ''), stats.order_name, '') as name, u.id as user_id,
						coalesce(stats.order_count, 0) as order_count, coalesce(stats.paid_cents, 0) as paid_cents, stats.last_order_at
					from people left join stats on stats.email = people.email left join "user" u on lower(u.email) = people.email
				) defined order by email`,
		)
		expect(kept).toEqual(recounted)
	}

	const listed = async (email: string) =>
		(await listCustomersForAdmin(db, parseCustomerListFilters(new URLSearchParams({ q: email })))).customers.find((row) => row.email === email.toLowerCase())

	async function paidOrder(email: string, productId: string, quantity = 1) {
		const order = await placeOrder(db, { ...orderInput, customer: { ...customer, email }, lines: [{ kind: 'product', productId, quantity }] })
		const sessionId = `test_cs_${order.id}`
		await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, order.id))
		await handlePaymentEvent(
			{ db, mail: mailContext },
			{
				id: `evt_${order.id}`,
				provider: 'test',
				type: 'checkout.session.completed',
				session: { id: sessionId, orderId: order.id, status: 'complete', paymentStatus: 'paid' },
			},
		)
		// The test card pays with test money, which adds nothing; this order stands for a real one.
		await db.update(orders).set({ testMode: false }).where(eq(orders.id, order.id))
		return order
	}

	it('follows checkout, payment, refunds, cancellation, archive, deletion, accounts and erasure', async () => {
		const candle = await createProduct(db, { priceCents: 3000, stock: 100 })
		const email = 'Figuri.Clienta@Example.com'
		const lower = email.toLowerCase()

		// A checkout never paid: the customer is listed, with no orders counted yet.
		const unpaid = await placeOrder(db, { ...orderInput, customer: { ...customer, email }, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] })
		expect(await listed(email)).toMatchObject({ email: lower, name: customer.fullName, orderCount: 0, paidCents: 0, lastOrderAt: null })
		await expectFiguresMatchRecount()

		const first = await paidOrder(email, candle.id, 2)
		const paidTotal = (await db.select({ total: orders.totalCents }).from(orders).where(eq(orders.id, first.id)))[0]!.total
		expect(await listed(email)).toMatchObject({ orderCount: 1, paidCents: paidTotal })
		await expectFiguresMatchRecount()

		// A line refund, then an amount refund: what they paid goes down, the order still counts.
		const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, first.id))
		await refundOrder(deps(), { orderId: first.id, mode: 'lines', reason: 'Spartă', lines: [{ itemId: line!.id, quantity: 1 }] })
		await refundOrder(deps(), { orderId: first.id, mode: 'amount', reason: 'Întârziere', amountCents: 100 })
		expect(await listed(email)).toMatchObject({ orderCount: 1, paidCents: paidTotal - 3000 - 100 })
		await expectFiguresMatchRecount()

		// A second order, refunded in full; a third, cancelled with its money given back.
		const second = await paidOrder(email.toUpperCase(), candle.id)
		await refundOrder(deps(), { orderId: second.id, mode: 'full', reason: 'Anulată de client' })
		await expectFiguresMatchRecount()
		const third = await paidOrder(email, candle.id)
		expect((await listed(email))?.orderCount).toBe(3)
		await cancelOrder(deps(), { orderId: third.id, money: { money: 'full', reason: '' } })
		await expectFiguresMatchRecount()

		// Archiving the latest order takes it out of the figures, restoring it brings it back.
		const latest = await paidOrder(email, candle.id, 3)
		const before = await listed(email)
		await archiveOrder(db, { orderId: latest.id })
		const archived = await listed(email)
		expect(archived?.orderCount).toBe(before!.orderCount - 1)
		expect(archived?.lastOrderAt!.getTime()).toBeLessThan(before!.lastOrderAt!.getTime())
		await expectFiguresMatchRecount()
		await restoreOrder(db, { orderId: latest.id })
		expect(await listed(email)).toEqual(before)
		await expectFiguresMatchRecount()

		// An order deleted outright, and the unpaid checkout.
		await db.delete(orders).where(eq(orders.id, latest.id))
		await db.delete(orders).where(eq(orders.id, unpaid.id))
		await expectFiguresMatchRecount()

		// An account with the same email in other letters: its name and id; renamed; its email changed and back.
		const account = await createTestUser(db, { email: lower, name: 'Clienta Cu Cont' })
		expect(await listed(email)).toMatchObject({ name: 'Clienta Cu Cont', userId: account.id })
		await db.update(users).set({ name: 'Clienta Redenumită' }).where(eq(users.id, account.id))
		expect((await listed(email))?.name).toBe('Clienta Redenumită')
		await db
			.update(users)
			.set({ email: `alta-${lower}` })
			.where(eq(users.id, account.id))
		expect(await listed(email)).toMatchObject({ name: customer.fullName, userId: null })
		await expectFiguresMatchRecount()
		await db.update(users).set({ email: lower }).where(eq(users.id, account.id))
		expect((await listed(email))?.userId).toBe(account.id)

		// Several orders of several customers in one statement, as a bulk import writes them.
		const [template] = await db.select().from(orders).where(eq(orders.id, first.id))
		const { id: _id, ...copy } = template!
		await db.insert(orders).values([
			{ ...copy, email: 'unu@example.com', paymentSessionId: null },
			{ ...copy, email: 'doi@example.com', paymentSessionId: null },
			{ ...copy, email: 'Unu@Example.com', paymentSessionId: null },
		])
		expect((await listed('unu@example.com'))?.orderCount).toBe(2)
		await expectFiguresMatchRecount()

		// Erasure: the account goes, closed orders lose the email; only the orders still to ship keep it.
		const erased = await eraseCustomer({ db, storage: createLocalStorage(root) }, email)
		expect(erased.keptForShipping).toBeGreaterThan(0)
		expect(await listed(email)).toMatchObject({ userId: null, orderCount: erased.keptForShipping })
		await expectFiguresMatchRecount()

		// Counting everything again (a restore) finds the same.
		const kept = await queryRows(db, sql`select * from customers order by email`)
		await db.execute(sql`select recount_all_customers()`)
		expect(await queryRows(db, sql`select * from customers order by email`)).toEqual(kept)

		// A restore loads its rows with the counting put off for its transaction, then counts everyone once.
		await db.transaction(async (tx) => {
			await tx.execute(sql`select set_config('shop.bulk_load', 'on', true)`)
			await tx.insert(orders).values({ ...copy, email: 'trei@example.com', paymentSessionId: null })
			expect(await queryRows(tx, sql`select email from customer_changes where email = 'trei@example.com'`)).toEqual([])
			await tx.execute(sql`select recount_all_customers()`)
		})
		expect((await listed('trei@example.com'))?.orderCount).toBe(1)
		await expectFiguresMatchRecount()
		// The setting ended with its transaction.
		await db.insert(orders).values({ ...copy, email: 'patru@example.com', paymentSessionId: null })
		expect((await listed('patru@example.com'))?.orderCount).toBe(1)
	})
	it('one customer’s checkouts and payments at the same moment never wait on each other for the figures', async () => {
		const candle = await createProduct(db, { priceCents: 2500, stock: 100 })
		const email = 'Graba@Example.com'
		const unpaid = await Promise.all(
			Array.from({ length: 6 }, () =>
				placeOrder(db, { ...orderInput, customer: { ...customer, email }, lines: [{ kind: 'product', productId: candle.id, quantity: 1 }] }),
			),
		)
		// Payments of earlier checkouts race new checkouts of the same email, each in its own transaction.
		await Promise.all([...Array.from({ length: 6 }, () => paidOrder(email, candle.id)), ...unpaid.map((order) => archiveOrder(db, { orderId: order.id }))])
		expect(await listed(email)).toMatchObject({ orderCount: 6 })
		await expectFiguresMatchRecount()
	})
	it('the background job counts the noted customers without anyone opening the list', async () => {
		const candle = await createProduct(db, { priceCents: 1800, stock: 10 })
		await paidOrder('Fundal@Example.com', candle.id)
		expect(
			(await queryRows<{ noted: number }>(db, sql`select count(*)::int as noted from customer_changes where email = 'fundal@example.com'`))[0]!.noted,
		).toBeGreaterThan(0)
		await createCustomerFiguresJob({ db, log: createLogger({ LOG_LEVEL: 'silent' }) }).runOnce()
		expect(await queryRows(db, sql`select count(*)::int as noted from customer_changes`)).toEqual([{ noted: 0 }])
		expect(await queryRows(db, sql`select order_count::int as orders from customers where email = 'fundal@example.com'`)).toEqual([{ orders: 1 }])
	})
})
