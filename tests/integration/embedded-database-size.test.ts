import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedDatabaseWarning } from '#server/catalog/embedded-database-size.ts'
import { createProduct } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** The dashboard's warning that an embedded shop nears the size PGlite serves well (a small limit stands in for the real one). */
describe.each(ENGINES)('the embedded database size warning on %s', (engine) => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'embedded_size' })
	})
	afterAll(() => database?.cleanup())

	it(engine === 'pglite' ? 'warns from four fifths of the size, with the count' : 'never warns a shop on PostgreSQL', async () => {
		for (let i = 0; i < 7; i++) await createProduct(database.handle.db)
		expect(await embeddedDatabaseWarning(database.handle, 10)).toBeNull()
		await createProduct(database.handle.db)
		expect(await embeddedDatabaseWarning(database.handle, 10)).toEqual(engine === 'pglite' ? { products: 8, limit: 10 } : null)
	})
})
