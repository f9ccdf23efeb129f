import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { orders, stockHolds } from '#db/schema/index.ts'

/**
 * What one client address may hold at once across its unpaid orders (ADR 0096). A household or
 * an office behind one address fits; a bot holding the catalogue does not. Orders that hold no
 * stock (portraits, made-to-order) are not counted and never refused.
 */
export const HOLD_LIMITS = { ordersPerAddress: 4, unitsPerAddress: 10 }

/** Who is checking out, as stored on the order: keyed hashes, never the raw cookie or address. */
export type CheckoutHolder = { visitor: string | null; address: string }

/** Any number that is the same for every instance: it names the advisory locks of per-address holds. */
const HOLDER_LOCK_SPACE = 960_096

function keyed(secret: string, kind: string, value: string) {
	return crypto.createHmac('sha256', secret).update(`${kind}:${value}`).digest('base64url')
}

/**
 * Hashes the visitor cookie and the client address with the app secret. The address is keyed
 * because the IPv4 space is small enough to reverse a plain hash; orders are kept for years.
 */
export function checkoutHolder(secret: string, input: { visitorId: string | null; clientIp: string }): CheckoutHolder {
	return { visitor: input.visitorId ? keyed(secret, 'checkout-visitor', input.visitorId) : null, address: keyed(secret, 'checkout-address', input.clientIp) }
}

/**
 * The checkout would pass HOLD_LIMITS: `orders` when the address has too many unpaid checkouts
 * holding stock, `units` when the units would be too many (an order larger than the limit on its
 * own always is). retryAfterSeconds says when the address's first hold ends; null when it holds
 * nothing, since waiting would not help.
 */
export class HoldLimitError extends Error {
	override name = 'HoldLimitError'
	constructor(
		readonly reason: 'orders' | 'units',
		readonly retryAfterSeconds: number | null,
	) {
		super(`checkout refused: the address would hold too many ${reason}`)
	}
}

/**
 * Inside the order's transaction, before any unit is taken: refuses the checkout when the address's
 * live holds plus `units` would pass HOLD_LIMITS. A transaction-scoped advisory lock per address
 * serialises its checkouts, so a burst of concurrent requests cannot all pass the count at once;
 * it is always taken before any product row, so it adds no deadlock.
 */
export async function assertWithinHoldLimits(tx: DbExecutor, address: string, units: number, now: Date, limits = HOLD_LIMITS) {
	await tx.execute(sql`select pg_advisory_xact_lock(${HOLDER_LOCK_SPACE}, hashtext(${address}))`)
	const [held] = await tx
		.select({
			orders: sql<number>`count(distinct ${orders.id})::int`,
			units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int`,
			firstExpiry: sql<string | null>`min(${stockHolds.expiresAt})::text`,
		})
		.from(stockHolds)
		.innerJoin(orders, eq(orders.id, stockHolds.orderId))
		// Holds past their expiry are about to be released by reconciliation; they no longer count.
		.where(and(eq(orders.checkoutAddress, address), eq(orders.paymentStatus, 'pending'), eq(stockHolds.status, 'held'), gt(stockHolds.expiresAt, now)))
	const current = { orders: Number(held?.orders ?? 0), units: Number(held?.units ?? 0) }
	const reason = current.orders + 1 > limits.ordersPerAddress ? 'orders' : current.units + units > limits.unitsPerAddress ? 'units' : null
	if (!reason) return
	const firstExpiry = held?.firstExpiry ? new Date(held.firstExpiry).getTime() : null
	throw new HoldLimitError(reason, firstExpiry === null ? null : Math.max(1, Math.ceil((firstExpiry - now.getTime()) / 1000)))
}
