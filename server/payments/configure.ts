import type { Database } from '#db/client.ts'
import type { Env } from '../config/env.ts'
import type { PaymentProvider } from './provider.ts'
import { createStripeProvider } from './stripe.ts'
import { createTestCardProvider } from './test-card.ts'

export type PaymentEnv = Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'PAYMENTS_TEST_MODE'>

/** True when the built-in test card page may take "payments" (never in production unless asked). */
export function testPaymentsAllowed(env: Pick<Env, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'PAYMENTS_TEST_MODE'>) {
	return !env.STRIPE_SECRET_KEY && (env.NODE_ENV !== 'production' || env.PAYMENTS_TEST_MODE)
}

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the test card page, except in production
 * without PAYMENTS_TEST_MODE=1, where checkout is closed (null) rather than taking fake payments.
 */
export function createPaymentProvider(env: PaymentEnv, db: Database): PaymentProvider | null {
	if (env.STRIPE_SECRET_KEY) return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL })
	if (testPaymentsAllowed(env)) return createTestCardProvider({ db })
	return null
}
