import crypto from 'node:crypto'
import { makeSignature } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { appSettings, orderItems, orders, sessions, users, type ShippingAddress } from '#db/schema/index.ts'
import type { OrderStatus, PaymentStatus } from '#domain/enums.ts'

export { createTestUser, sessionCookieFrom, signInOverHttp, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../scripts/lib/accounts.ts'

export async function deleteTestUser(db: Database, userId: string) {
	await db.delete(users).where(eq(users.id, userId))
}

export type TestOrderInput = {
	userId: string | null
	email: string
	status?: OrderStatus
	paymentStatus?: PaymentStatus
	trackingNumber?: string | null
	createdAt?: Date
	items?: { name: string; quantity: number; unitPriceCents: number; options?: Record<string, string | number | boolean | null> }[]
	shippingAddress?: Partial<ShippingAddress>
}

/** Inserts an order with its lines (checkout is another feature; tests make orders directly). */
export async function insertTestOrder(db: Database, input: TestOrderInput) {
	const items = input.items ?? [{ name: 'Lumânare Vanilie', quantity: 2, unitPriceCents: 1990 }]
	const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0)
	const [order] = await db
		.insert(orders)
		.values({
			userId: input.userId,
			email: input.email,
			status: input.status ?? 'new',
			paymentStatus: input.paymentStatus ?? 'paid',
			subtotalCents: subtotal,
			totalCents: subtotal,
			trackingNumber: input.trackingNumber ?? null,
			createdAt: input.createdAt ?? new Date(),
			shippingAddress: {
				fullName: 'Ana Popescu',
				phone: '+40 712 345 678',
				address: 'Strada Lalelelor 7',
				city: 'Cluj-Napoca',
				postalCode: '400000',
				country: 'România',
				notes: 'Sunați înainte',
				...input.shippingAddress,
			},
		})
		.returning()
	if (!order) throw new Error('order insert returned nothing')
	await db.insert(orderItems).values(
		items.map((item, index) => ({
			orderId: order.id,
			lineId: `line-${index}`,
			name: item.name,
			quantity: item.quantity,
			unitPriceCents: item.unitPriceCents,
			options: item.options ?? {},
		})),
	)
	return order
}

/**
 * A signed-in session made directly in the database (no sign-in request, so no rate limit is
 * spent): returns the cookie value the shop accepts, signed with the shop's generated secret.
 * For a shop started without APP_SECRET (the secret is then kept in app_settings).
 */
export async function createSessionCookie(db: Database, userId: string): Promise<{ name: string; value: string }> {
	const [setting] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'app_secret'))
	if (!setting) throw new Error('the shop has not generated its secret yet')
	const token = crypto.randomBytes(24).toString('base64url')
	await db
		.insert(sessions)
		.values({ id: crypto.randomBytes(16).toString('base64url'), token, userId, expiresAt: new Date(Date.now() + 30 * 60_000), userAgent: 'test fixture' })
	return { name: 'shop.session_token', value: encodeURIComponent(`${token}.${await makeSignature(token, setting.value)}`) }
}
