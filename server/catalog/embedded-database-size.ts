import { count } from 'drizzle-orm'
import type { DatabaseHandle } from '#db/client.ts'
import { products } from '#db/schema/index.ts'
import { EMBEDDED_DATABASE_PRODUCTS, nearsEmbeddedDatabaseSize } from '#domain/embedded-database.ts'

/**
 * For the dashboard: an embedded shop's catalogue size when it nears what the embedded database
 * serves well (then the owner is told to move to PostgreSQL), else null. A shop on PostgreSQL is
 * never counted.
 */
export async function embeddedDatabaseWarning(
	database: Pick<DatabaseHandle, 'db' | 'engine'>,
	limit = EMBEDDED_DATABASE_PRODUCTS,
): Promise<{ products: number; limit: number } | null> {
	if (database.engine !== 'pglite') return null
	const [row] = await database.db.select({ products: count() }).from(products)
	const total = Number(row?.products ?? 0)
	return nearsEmbeddedDatabaseSize(total, limit) ? { products: total, limit } : null
}
