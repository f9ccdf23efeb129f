import { sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { orders } from '#db/schema/index.ts'
import type { TaxDecision, ViesAnswer } from '#domain/invoices/tax-treatment.ts'
import { isRealOrder } from '../orders/real-order.ts'

/** A buyer's VAT number VIES could not check when the order was placed: VAT was charged (ADR 0150). */
export type UncheckedVatNumber = Pick<ViesAnswer, 'vatNumber' | 'checkedAt'> & { error: string | null }

/** How long the dashboard keeps pointing at such an order: the time an owner has to look at it. */
const RECENT_DAYS = 60

/** The unchecked number of an order's tax decision, or null when VIES answered or was not asked. */
export function uncheckedVatNumber(tax: TaxDecision | null): UncheckedVatNumber | null {
	const vies = tax?.vies
	if (vies?.status !== 'unavailable') return null
	return { vatNumber: vies.vatNumber, checkedAt: vies.checkedAt, error: vies.error ?? null }
}

/**
 * Recent orders whose buyer gave a VAT number VIES could not check, newest first: each was charged
 * VAT, and the owner checks the number again and, if it proves valid, refunds the VAT with a credit note.
 */
export async function ordersWithUncheckedVatNumber(db: DbExecutor): Promise<(UncheckedVatNumber & { orderId: string; createdAt: Date })[]> {
	const rows = await queryRows<{ id: string; created_at: Date | string; tax: TaxDecision }>(
		db,
		sql`select ${orders.id} as id, ${orders.createdAt} as created_at, ${orders.tax} as tax from ${orders}
			where ${orders.tax} -> 'vies' ->> 'status' = 'unavailable' and ${isRealOrder}
			and ${orders.createdAt} >= now() - make_interval(days => ${RECENT_DAYS})
			order by ${orders.createdAt} desc`,
	)
	return rows.flatMap((row) => {
		const unchecked = uncheckedVatNumber(row.tax)
		return unchecked ? [{ ...unchecked, orderId: row.id, createdAt: new Date(row.created_at) }] : []
	})
}
