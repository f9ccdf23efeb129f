import * as z from 'zod/mini'
import { emailAddress, uuidField } from './fields.ts'

/** A back-in-stock alert as a sold-out product page posts it (ADR 0269). Messages are translation keys. */
export const stockAlertSchema = z.object({
	intent: z.literal('stock-alert', { error: 'stockAlert.unavailable' }),
	email: emailAddress(255, 'stockAlert.invalidEmail'),
	productId: uuidField('stockAlert.unavailable'),
})
