import type { Database } from '#db/client.ts'
import type { Logger } from '../logger.ts'
import type { PaymentProvider } from '../payments/provider.ts'
import type { OrderEmailContext } from './emails.ts'

/** What the payment services (payment events, refunds, reconciliation) work with; below all of them, so none imports another for it. */
export type PaymentDeps = {
	db: Database
	mail: OrderEmailContext
	/** Called after a commit that queued an email, to deliver it soon. */
	nudgeEmail?: () => void
	/** Needed to refund a payment that arrived for units no longer there; without it the refund waits for reconciliation. */
	payments?: PaymentProvider | null
	log?: Logger
}
