import { eq, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { appSettings } from '#db/schema/index.ts'

/** Products at or below this many units count as low on stock until the owner sets another figure. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5
const KEY = 'low_stock_threshold'

/** The owner's low-stock threshold (made-to-order products are never low), shared by every instance. */
export async function getLowStockThreshold(db: DbExecutor): Promise<number> {
	const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY)).limit(1)
	const value = row ? Number(row.value) : NaN
	return Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD
}

export async function setLowStockThreshold(db: DbExecutor, threshold: number) {
	await db
		.insert(appSettings)
		.values({ key: KEY, value: String(threshold) })
		.onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } })
}
