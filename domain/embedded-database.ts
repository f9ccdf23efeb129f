/**
 * How large a shop the embedded database (PGlite) serves well on a small machine: the catalogue size
 * the scale benchmark measured on it (docs/performance.md, "How far the embedded database goes").
 * Past it, nothing measured that every request still leaves the database to the others quickly;
 * the shop should move to PostgreSQL.
 */
export const EMBEDDED_DATABASE_PRODUCTS = 20_000

/** The admin is warned from this share of the size, so the move is planned rather than forced. */
export const EMBEDDED_DATABASE_WARNING_SHARE = 0.8

/** Whether an embedded shop of `products` products should be warned that it nears the size. */
export function nearsEmbeddedDatabaseSize(products: number, limit = EMBEDDED_DATABASE_PRODUCTS): boolean {
	return products >= Math.ceil(limit * EMBEDDED_DATABASE_WARNING_SHARE)
}
