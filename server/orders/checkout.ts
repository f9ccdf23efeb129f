import { and, eq } from 'drizzle-orm'
import { orderHistory, orders } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import type { ShippingConfig } from '#domain/shipping.ts'
import type { CartLine } from '#domain/cart-line.ts'
import type { CheckoutForm } from '#domain/forms/checkout.ts'
import type { TaxDecision } from '#domain/invoices/tax-treatment.ts'
import type { Logger } from '../logger.ts'
import { localizedUrl } from '../public-url.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { CheckoutHolder } from './hold-limits.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { releaseHolds } from './payment-events.ts'
import { localizeOrderLines } from './order-lines.ts'
import { placeOrder } from './place-order.ts'

export type CheckoutDeps = PaymentDeps & {
	payments: PaymentProvider
	publicUrl: string
	shipping: ShippingConfig
	log?: Logger
}

/** Stripe refuses sessions expiring in under 30 minutes from its own clock; a little margin keeps us above. */
export const SESSION_MARGIN_MS = 60_000

/**
 * Places the order (server prices, stock held) and opens its payment session. Returns where to
 * send the browser. If the session cannot be opened the order is marked failed and its stock
 * released at once; the error is rethrown for the page to show.
 */
export async function startCheckout(
	deps: CheckoutDeps,
	input: {
		lines: readonly CartLine[]
		customer: CheckoutForm
		locale: Locale
		userId?: string | null
		portraitName: (size: string) => string
		holder?: CheckoutHolder
		tax?: TaxDecision
		discountCode?: string | null
		now?: Date
	},
) {
	const now = input.now ?? new Date()
	const order = await placeOrder(deps.db, {
		lines: input.lines,
		customer: input.customer,
		locale: input.locale,
		userId: input.userId,
		shipping: deps.shipping,
		portraitName: input.portraitName,
		holder: input.holder,
		tax: input.tax,
		discountCode: input.discountCode,
		now,
	})
	const expiresAt = new Date(order.holdExpiresAt.getTime() + SESSION_MARGIN_MS)
	try {
		// The provider's payment page names the lines in the customer's language (ADR 0134).
		const lines = await localizeOrderLines(deps.db, order.locale, order.items)
		const session = await deps.payments.createSession({
			orderId: order.id,
			email: order.email,
			locale: order.locale,
			lines: lines.map((item) => ({ name: item.name, unitAmountCents: item.unitPriceCents, quantity: item.quantity })),
			// A free-shipping code shows as shipping that costs nothing; any other code as a discount on the goods.
			shippingCents: order.shippingCents - (order.discount?.shippingCents ?? 0),
			...(order.discount && order.discount.goodsCents > 0 ? { discount: { code: order.discount.code, amountCents: order.discount.goodsCents } } : {}),
			// Back to the shop in the order's language (ADR 0106).
			successUrl: `${localizedUrl(deps.publicUrl, order.locale, '/payment-success')}?session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: localizedUrl(deps.publicUrl, order.locale, '/cart'),
			expiresAt,
		})
		await deps.db
			.update(orders)
			.set({ paymentProvider: deps.payments.name, testMode: deps.payments.testMode, paymentSessionId: session.id, paymentSessionExpiresAt: session.expiresAt })
			.where(eq(orders.id, order.id))
		return { orderId: order.id, url: session.url, sessionId: session.id, totalCents: order.totalCents }
	} catch (error) {
		deps.log?.error({ err: error, orderId: order.id }, 'payment session could not be created')
		await deps.db.transaction(async (tx) => {
			const failed = await tx
				.update(orders)
				.set({ paymentStatus: 'failed', status: 'cancelled' })
				.where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
				.returning({ id: orders.id })
			if (failed.length) {
				await releaseHolds(tx, order.id)
				await tx
					.insert(orderHistory)
					.values({ orderId: order.id, action: 'payment_session_failed', details: { error: (error as Error).message.slice(0, 500) } })
			}
		})
		throw error
	}
}
