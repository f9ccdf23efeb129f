import * as z from 'zod/mini'
import { emailAddress, uuidField } from './fields.ts'

/** A back-in-stock alert as a sold-out product page posts it (ADR 0269), the page's one form. Messages are keys of the reminder texts (reminderT). */
export const stockAlertSchema = z.object({
	email: emailAddress(255, 'stockAlert.invalidEmail'),
	productId: uuidField('stockAlert.unavailable'),
})
