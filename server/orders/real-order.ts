import { sql } from 'drizzle-orm'
import { orders } from '#db/schema/index.ts'

/**
 * An order to fulfil (ADR 0116): the money came (paid, or refunded since), or the customer paid
 * with a method that is still settling. Checkouts never paid — unpaid, expired, declined — are not.
 * Its own module, below the order services that all read it. The customers list's triggers
 * (ADR 0263, migration 0027) write the same rule in SQL.
 */
export const isRealOrder = sql`(${orders.paymentStatus} in ('paid', 'refunded') or (${orders.paymentStatus} = 'pending' and ${orders.paymentProcessingAt} is not null))`
