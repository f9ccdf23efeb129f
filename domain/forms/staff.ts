import * as z from 'zod/mini'
import { ROLES } from '../enums.ts'
import { emailAddress } from './fields.ts'

/**
 * The staff screen's two actions (ADR 0112): intent=grant (email, role) gives an existing account
 * a role; intent=revoke (userId, role) takes one away. Messages are the admin's Romanian texts.
 */
export const staffActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('grant'),
		email: emailAddress(255, 'Introdu adresa de email a unui cont existent.'),
		role: z.enum(ROLES, 'Alege rolul: administrator sau editor.'),
	}),
	z.object({
		intent: z.literal('revoke'),
		userId: z.string('Contul nu mai există.').check(z.trim(), z.minLength(1, 'Contul nu mai există.'), z.maxLength(100, 'Contul nu mai există.')),
		role: z.enum(ROLES, 'Alege rolul: administrator sau editor.'),
	}),
])

export type StaffAction = z.output<typeof staffActionSchema>
