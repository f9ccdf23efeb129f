import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories } from '#db/schema/index.ts'
import { countListRows, listPages, oneColumn } from '#server/admin/list-count.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'

/** ADR 0272: a long admin list counts up to a cap, or up to the page asked for, and says "more" past it. */
describe.each(ENGINES)('admin list counts on %s', (engine) => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'list-count' })
		await database.handle.db.insert(categories).values(Array.from({ length: 30 }, (_, i) => ({ name: `Numărată ${i}`, slug: `numarata-${i}` })))
	})
	afterAll(() => database?.cleanup())

	const matching = () => database.handle.db.select(oneColumn).from(categories).where(like(categories.slug, 'numarata-%')).$dynamic()

	it('is exact up to the cap, and the cap with "more" past it', async () => {
		const db = database.handle.db
		expect(await countListRows(db, matching(), { page: 1, pageSize: 5, cap: 50 })).toEqual({ total: 30, more: false })
		expect(await countListRows(db, matching(), { page: 1, pageSize: 5, cap: 30 })).toEqual({ total: 30, more: false })
		expect(await countListRows(db, matching(), { page: 1, pageSize: 5, cap: 10 })).toEqual({ total: 10, more: true })
		// A page past the cap is counted to: its "next" is still known.
		expect(await countListRows(db, matching(), { page: 4, pageSize: 5, cap: 10 })).toEqual({ total: 20, more: true })
		expect(await countListRows(db, matching(), { page: 6, pageSize: 5, cap: 10 })).toEqual({ total: 30, more: false })
	})

	it('gives the pages and keeps the page asked for within them', () => {
		expect(listPages({ total: 30, more: false }, 9, 5)).toEqual({ pages: 6, page: 6 })
		expect(listPages({ total: 0, more: false }, 0, 5)).toEqual({ pages: 1, page: 1 })
		expect(listPages({ total: 20, more: true }, 4, 5)).toEqual({ pages: 4, page: 4 })
	})
})
