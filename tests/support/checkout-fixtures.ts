import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { DEMO_SELLER, type InvoicingConfig } from '#server/invoices/config.ts'
import type { OrderEmailContext } from '#server/orders/emails.ts'
import crypto from 'node:crypto'
import type { Database } from '#db/client.ts'
import { orders, products, uploads } from '#db/schema/index.ts'
import { eq } from 'drizzle-orm'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { FREE_SHIPPING } from '#domain/shipping.ts'
import type { PaymentDeps } from '#server/orders/payment-deps.ts'

export { customer } from '../../scripts/lib/checkout-customer.ts'

/** Data for checkout tests: products, uploaded photos, a customer, the services' order deps. */

export async function createProduct(db: Database, values: { priceCents?: number; stock?: number | null; isActive?: boolean; name?: string } = {}) {
	const suffix = crypto.randomBytes(5).toString('hex')
	const [row] = await db
		.insert(products)
		.values({
			slug: `test-candle-${suffix}`,
			name: values.name ?? `Lumânare test ${suffix}`,
			kind: 'candle',
			priceCents: values.priceCents ?? 4500,
			stock: values.stock === undefined ? 5 : values.stock,
			isActive: values.isActive ?? true,
			images: ['/uploads/products/candle.webp'],
		})
		.returning()
	return row!
}

export async function createUpload(db: Database) {
	const [row] = await db
		.insert(uploads)
		.values({ storageKey: `portraits/${Date.now()}-${crypto.randomBytes(8).toString('hex')}.webp`, mimeType: 'image/webp', size: 1234 })
		.returning()
	return row!
}

/** How the test shop invoices: the demo seller, 21 % VAT (ADR 0118, 0119). */
export const testInvoicing: InvoicingConfig = { series: 'LC', seller: DEMO_SELLER, vat: DEFAULT_VAT, ronPerEur: 4.97 }

export const mailContext: OrderEmailContext = {
	shopAddress: 'Str. Atelierului 1, Cluj-Napoca, România',
	publicUrl: 'http://shop.test',
	invoicing: testInvoicing,
	linkSecret: 'test-order-link-secret',
}

export function paymentDeps(db: Database): PaymentDeps {
	return { db, mail: mailContext }
}

export const orderInput = { locale: 'ro' as const, shipping: FREE_SHIPPING, portraitName: (size: string) => `Portret din carton ${size} cm` }

/** Fisher–Yates: a different delivery order each run, or the same again from a seeded generator (seeded-random.ts). */
export function shuffle<T>(items: T[], random: () => number = Math.random): T[] {
	const copy = [...items]
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1))
		;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
	}
	return copy
}

/** Marks a placed order paid as the built-in test provider's webhook does: its session, then the completed event. */
export async function payPlacedOrder(db: Database, orderId: string) {
	const sessionId = `test_cs_${orderId}`
	await db.update(orders).set({ paymentProvider: 'test', paymentSessionId: sessionId }).where(eq(orders.id, orderId))
	await handlePaymentEvent(
		{ db, mail: mailContext },
		{
			id: `evt_${orderId}`,
			provider: 'test',
			type: 'checkout.session.completed',
			session: { id: sessionId, orderId, status: 'complete', paymentStatus: 'paid' },
		},
	)
}
