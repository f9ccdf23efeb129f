import { sql } from 'drizzle-orm'
import { orders } from '#db/schema/index.ts'

/**
 * An order to fulfil (ADR 0116): the money came (paid, or refunded since), or the customer paid
 * with a method that is still settling. Checkouts never paid — unpaid, expired, declined — are not.
 * Its own module, below the order services that all read it. The customers list's count
 * (ADR 0263, count_customers in migration 0027) writes the same rule in SQL.
 */
export const isRealOrder = sql`(${orders.paymentStatus} in ('paid', 'refunded') or (${orders.paymentStatus} = 'pending' and ${orders.paymentProcessingAt} is not null))`
