import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { discountCodes, discountRedemptions } from '#db/schema/index.ts'
import { normaliseCode, type DiscountProblem, type DiscountRule } from '#domain/discounts.ts'

/**
 * A code's uses (ADR 0255). A checkout reserves one in the transaction that places its order,
 * under the code's row lock, so the limits hold under any concurrency; the use is held while the
 * order is unpaid, taken when it is paid, and given back when it expires, fails or is cancelled
 * before payment. A refund after payment gives nothing back.
 */

/** The code cannot be used on this order; nothing was written. */
export class DiscountRejectedError extends Error {
	override name = 'DiscountRejectedError'
	constructor(readonly problem: DiscountProblem) {
		super(`discount code refused: ${problem.code}`)
	}
}

export type StoredRule = { id: string; rule: DiscountRule }

const toRule = (row: typeof discountCodes.$inferSelect): StoredRule => ({
	id: row.id,
	rule: {
		code: row.code,
		kind: row.kind,
		value: row.value,
		minSubtotalCents: row.minSubtotalCents,
		scope: row.scope,
		categoryIds: row.categoryIds,
		productIds: row.productIds,
		isActive: row.isActive,
		startsAt: row.startsAt,
		endsAt: row.endsAt,
		maxUses: row.maxUses,
		maxUsesPerCustomer: row.maxUsesPerCustomer,
		uses: row.uses,
	},
})

/** The code as typed (any case), or null when there is none by that name. `lock` takes its row lock (inside a transaction). */
export async function findDiscountCode(db: DbExecutor, typed: string, lock = false): Promise<StoredRule | null> {
	const code = normaliseCode(typed)
	if (!code) return null
	const query = db.select().from(discountCodes).where(eq(discountCodes.code, code))
	const [row] = lock ? await query.for('update') : await query
	return row ? toRule(row) : null
}

/** How many uses of the code the customer (by e-mail) holds or has taken. */
export async function customerUses(db: DbExecutor, codeId: string, email: string): Promise<number> {
	const [row] = await db
		.select({ n: count() })
		.from(discountRedemptions)
		.where(
			and(
				eq(discountRedemptions.codeId, codeId),
				eq(discountRedemptions.email, email.trim().toLowerCase()),
				inArray(discountRedemptions.status, ['held', 'used']),
			),
		)
	return Number(row?.n ?? 0)
}

/** Records the order's use of the code and counts it; the caller holds the code's row lock and has checked its limits. */
export async function takeDiscountUse(tx: DbExecutor, input: { codeId: string; orderId: string; email: string }) {
	await tx
		.update(discountCodes)
		.set({ uses: sql`${discountCodes.uses} + 1` })
		.where(eq(discountCodes.id, input.codeId))
	await tx.insert(discountRedemptions).values({ codeId: input.codeId, orderId: input.orderId, email: input.email.trim().toLowerCase(), status: 'held' })
}

/** An unpaid order ended (expired, failed, cancelled): its held use goes back to the code. */
export async function releaseDiscountUse(tx: DbExecutor, orderId: string) {
	const released = await tx
		.update(discountRedemptions)
		.set({ status: 'released' })
		.where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'held')))
		.returning({ codeId: discountRedemptions.codeId })
	for (const { codeId } of released) {
		await tx
			.update(discountCodes)
			.set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
			.where(eq(discountCodes.id, codeId))
	}
}

/**
 * The order is paid: its use is taken for good. A payment that arrives after the order expired
 * (its use given back) takes the use again even past the limit: the customer paid the discounted price.
 */
export async function confirmDiscountUse(tx: DbExecutor, orderId: string) {
	const retaken = await tx
		.update(discountRedemptions)
		.set({ status: 'used' })
		.where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'released')))
		.returning({ codeId: discountRedemptions.codeId })
	for (const { codeId } of retaken) {
		await tx
			.update(discountCodes)
			.set({ uses: sql`${discountCodes.uses} + 1` })
			.where(eq(discountCodes.id, codeId))
	}
	await tx
		.update(discountRedemptions)
		.set({ status: 'used' })
		.where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'held')))
}
