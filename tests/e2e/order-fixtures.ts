import type { CartLine } from '#domain/cart-line.ts'
import crypto from 'node:crypto'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import type { DatabaseHandle } from '#db/client.ts'
import { orders, products, stockHolds, uploads } from '#db/schema/index.ts'
import { placeOrder } from '#server/orders/place-order.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { FREE_SHIPPING } from '#domain/shipping.ts'

const unique = () => crypto.randomBytes(4).toString('hex')

/**
 * Orders made the way checkout makes them (placeOrder, straight on the shop's database), with a
 * portrait whose photo is really in the shop's storage, paid unless `paid: false` (the default
 * orders list shows paid orders only, ADR 0116). cleanup() removes everything it made.
 */
export function orderFixtures(database: DatabaseHandle) {
	const { db } = database
	const made = { orders: [] as string[], products: [] as string[], uploads: [] as string[] }
	const storage = createLocalStorage(path.join(process.env.E2E_DATA_DIR!, 'uploads'))
	return {
		async create(email: string, options: { portrait?: boolean; fullName?: string; paid?: boolean } = {}) {
			const [candle] = await db
				.insert(products)
				.values({ slug: `comanda-e2e-${unique()}`, name: `Lumânare comandă ${unique()}`, kind: 'candle', priceCents: 4500, stock: 10 })
				.returning()
			made.products.push(candle!.id)
			const lines: CartLine[] = [{ kind: 'product', productId: candle!.id, quantity: 2 }]
			if (options.portrait) {
				const key = `private/portraits/${Date.now()}-${unique()}${unique()}.webp`
				const bytes = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c96' } })
					.webp()
					.toBuffer()
				await storage.put(key, bytes, 'image/webp')
				const [upload] = await db.insert(uploads).values({ storageKey: key, mimeType: 'image/webp', size: bytes.length }).returning()
				made.uploads.push(upload!.id)
				lines.push({
					kind: 'portrait',
					quantity: 1,
					options: { size: '18x24', persons: '3', withCar: true, withPet: false, frame: 'premium', description: 'Familia la mare' },
					uploadId: upload!.id,
				})
			}
			const order = await placeOrder(db, {
				locale: 'ro',
				shipping: FREE_SHIPPING,
				portraitName: (size) => `Portret din carton ${size} cm`,
				customer: {
					fullName: options.fullName ?? 'Ioana Mureșan',
					email,
					phone: '0712 345 678',
					address: 'Str. Florilor 7',
					city: 'Brașov',
					postalCode: '500001',
					country: 'RO',
					notes: '',
					company: '',
					vatNumber: '',
					cnp: '',
				},
				lines,
			})
			made.orders.push(order.id)
			if (options.paid !== false) {
				await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id))
				await db.update(stockHolds).set({ status: 'sold' }).where(eq(stockHolds.orderId, order.id))
			}
			return order
		},
		async cleanup() {
			if (made.orders.length) await db.delete(orders).where(inArray(orders.id, made.orders))
			if (made.products.length) await db.delete(products).where(inArray(products.id, made.products))
			if (made.uploads.length) {
				const rows = await db.delete(uploads).where(inArray(uploads.id, made.uploads)).returning()
				for (const row of rows) await storage.delete(row.storageKey)
			}
		},
	}
}
