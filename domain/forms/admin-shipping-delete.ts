import * as z from 'zod/mini'
import { uuidField } from './fields.ts'

/** The shipping page's deletes: a zone (with its rates) or one rate. */
export const shippingDeleteSchema = z.object({ intent: z.enum(['deleteZone', 'deleteRate']), id: uuidField() })
