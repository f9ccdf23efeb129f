import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { type Database, type DbExecutor } from '#db/client.ts'
import { customers, newsletterSubscribers, orders, stockAlerts, userRoles, users } from '#db/schema/index.ts'
import type { CustomerListFilters } from '#domain/forms/admin-customers.ts'
import { orderStillToShip } from '#domain/order-retention.ts'
import { deleteAccount, exportAccountData, ordersForExport } from '../account/account-data.ts'
import { anonymiseOrders, deleteStoredFiles } from '../account/order-erasure.ts'
import type { Logger } from '../logger.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { adminSearchNarrowing, adminTextMatch } from '../search/admin-text-match.ts'

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25

/**
 * Counts again the figures of every email whose orders or account changed since they were last
 * counted (noted by triggers in the transaction that changed them; ADR 0263). Its own statement,
 * after those transactions, so it never waits inside a checkout or a payment.
 */
export async function applyCustomerChanges(db: DbExecutor) {
	await db.execute(sql`select apply_customer_changes()`)
}

export type CustomerRow = {
	/** Lower case: one customer is one email, whether they ordered as a guest, with an account, or both. */
	email: string
	/** The account's name, else the name on their latest order (placed, else any checkout). */
	name: string
	/** Set when the email has an account. */
	userId: string | null
	/** Orders placed (paid, refunded, or paid by a method still settling; ADR 0116), archived ones left out. */
	orderCount: number
	/** What those orders took: paid totals less refunds; test-money orders add nothing. */
	paidCents: number
	lastOrderAt: Date | null
}

/**
 * The customers list (ADR 0130): every email that placed an order or holds an account, grouped by
 * email (any case), with its orders and what they paid; newest customer activity first. Orders of
 * erased customers (their email is gone) are nobody's. The figures are the database's own, kept per
 * email (ADR 0263), so a page reads one indexed table.
 */
export async function listCustomersForAdmin(db: DbExecutor, filters: CustomerListFilters) {
	await applyCustomerChanges(db)
	const q = filters.q.trim()
	// The index finds the customers that hold the query somewhere; the exact match decides on those.
	const where = q ? and(adminSearchNarrowing(customers.adminSearch, q), or(adminTextMatch(customers.email, q), adminTextMatch(customers.name, q))) : undefined
	const [counted] = await db.select({ total: count() }).from(customers).where(where)
	const total = counted?.total ?? 0
	const pages = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE))
	const page = Math.min(Math.max(1, filters.page), pages)
	const rows: CustomerRow[] = await db
		.select({
			email: customers.email,
			name: customers.name,
			userId: customers.userId,
			orderCount: customers.orderCount,
			paidCents: customers.paidCents,
			lastOrderAt: customers.lastOrderAt,
		})
		.from(customers)
		.where(where)
		.orderBy(sql`${customers.lastOrderAt} desc nulls last`, asc(customers.email))
		.limit(ADMIN_CUSTOMERS_PAGE_SIZE)
		.offset((page - 1) * ADMIN_CUSTOMERS_PAGE_SIZE)
	return { customers: rows, total, page, pages }
}

async function accountOf(db: DbExecutor, email: string) {
	const [account] = await db
		.select({ id: users.id })
		.from(users)
		.where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
		.limit(1)
	return account ?? null
}

/** Guest orders of this email: not linked to an account, not already erased. */
const guestOrdersOf = (email: string) => and(isNull(orders.userId), sql`lower(${orders.email}) = ${email.toLowerCase()}`)

/**
 * GDPR art. 15/20 for one customer, asked of the shop (ADR 0130): their account's export, as the
 * customer downloads it themselves, plus the orders they placed as a guest with the same email.
 * Null when the shop holds nothing for that email.
 */
export async function exportCustomerData(db: Database, email: string) {
	const normalised = email.trim().toLowerCase()
	const account = await accountOf(db, normalised)
	const accountData = account ? await exportAccountData(db, account.id, { shopRequest: true }) : null
	const guestOrders = await ordersForExport(db, guestOrdersOf(normalised)!)
	if (!accountData && guestOrders.length === 0) return null
	return { exportedAt: new Date().toISOString(), email: normalised, account: accountData, guestOrders }
}

export class CustomerErasureRefusedError extends Error {
	override name = 'CustomerErasureRefusedError'
	constructor(readonly reason: 'staff' | 'unknown') {
		super(reason === 'staff' ? 'a staff account is erased only after its roles are revoked' : 'no customer with that email')
	}
}

/**
 * GDPR art. 17 for one customer, asked of the shop (ADR 0130): the account is deleted as when the
 * customer deletes it (deleteAccount), and their guest orders get the same treatment — those still
 * to ship keep the address until delivered or cancelled (marked for erasure), the others lose their
 * personal data now; their newsletter subscription goes too. A staff account is refused: its roles
 * are revoked first, on the staff page, so an admin cannot erase the shop's last admin by mistake.
 */
export async function eraseCustomer(deps: { db: Database; storage: ObjectStorage; log?: Logger }, email: string) {
	const normalised = email.trim().toLowerCase()
	const account = await accountOf(deps.db, normalised)
	if (account) {
		const [role] = await deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, account.id)).limit(1)
		if (role) throw new CustomerErasureRefusedError('staff')
	}
	let keptForShipping = account ? (await deleteAccount(deps, account.id)).keptForShipping : 0
	const files: string[] = []
	const guest = await deps.db.transaction(async (tx) => {
		const own = await tx
			.select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, erasurePendingAt: orders.erasurePendingAt })
			.from(orders)
			.where(guestOrdersOf(normalised))
			.for('update')
		const toShip = own.filter((order) => orderStillToShip(order) && order.erasurePendingAt === null).map((order) => order.id)
		if (toShip.length) await tx.update(orders).set({ erasurePendingAt: new Date() }).where(inArray(orders.id, toShip))
		files.push(
			...(await anonymiseOrders(
				tx,
				own.filter((order) => !orderStillToShip(order)).map((order) => order.id),
			)),
		)
		const unsubscribed = await tx
			.delete(newsletterSubscribers)
			.where(eq(newsletterSubscribers.email, normalised))
			.returning({ email: newsletterSubscribers.email })
		// Back-in-stock alerts still waiting hold the address too (ADR 0269).
		const alerts = await tx.delete(stockAlerts).where(eq(stockAlerts.email, normalised)).returning({ id: stockAlerts.id })
		return { orders: own.length, toShip: toShip.length, forgotten: unsubscribed.length + alerts.length }
	})
	await deleteStoredFiles(deps, files)
	if (!account && guest.orders === 0 && guest.forgotten === 0) throw new CustomerErasureRefusedError('unknown')
	keptForShipping += guest.toShip
	return { account: account !== null, orders: guest.orders, keptForShipping }
}
