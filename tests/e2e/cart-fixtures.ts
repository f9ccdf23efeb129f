import crypto from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { products } from '#db/schema/index.ts'
import { test as base } from './fixtures.ts'

export type TestProduct = { id: string; slug: string; name: string; priceCents: number; stock: number | null }

type CartFixtures = {
	/** Makes an active candle with a unique slug; removed after the test. */
	makeProduct: (input: { name: string; priceCents: number; stock: number | null }) => Promise<TestProduct>
}

export const test = base.extend<CartFixtures>({
	makeProduct: async ({ database }, use) => {
		const made: string[] = []
		await use(async (input) => {
			const slug = `e2e-cart-${crypto.randomUUID().slice(0, 8)}`
			const [row] = await database.db
				.insert(products)
				.values({
					slug,
					name: `${input.name} ${slug.slice(-4)}`,
					kind: 'candle',
					priceCents: input.priceCents,
					stock: input.stock,
					description: 'Test product',
				})
				.returning({ id: products.id, slug: products.slug, name: products.name, priceCents: products.priceCents, stock: products.stock })
			made.push(row!.id)
			return row!
		})
		if (made.length > 0) await database.db.delete(products).where(inArray(products.id, made))
	},
})

export { expect, SCAN_VIEWPORTS, expectNoSeriousA11yViolations, useLanguage, waitForHydration } from './fixtures.ts'

/** The stored cart, once the 500 ms save has happened. */
export async function storedCart(page: Page): Promise<unknown> {
	return page.evaluate(() => {
		const raw = localStorage.getItem('cart')
		return raw === null ? null : (JSON.parse(raw) as unknown)
	})
}

/** The header control that opens the cart panel (its name grows a count once the cart is read). */
export function cartButton(page: Page) {
	return page.getByRole('banner').getByRole('button', { name: /^(Cart|Coș|Carrito)( |$)/ })
}
