import * as z from 'zod/mini'
import { LOCALES } from '../enums.ts'
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX } from '../newsletter/campaign-body.ts'
import { requiredText } from './fields.ts'

/** A newsletter campaign as the owner writes it in the admin (Romanian; the messages are Romanian). */
export const campaignSchema = z.object({
	subject: requiredText(CAMPAIGN_SUBJECT_MAX, 'Subiectul este obligatoriu', `Subiectul poate avea maxim ${CAMPAIGN_SUBJECT_MAX} de caractere`),
	body: requiredText(CAMPAIGN_BODY_MAX, 'Conținutul este obligatoriu', `Conținutul poate avea maxim ${CAMPAIGN_BODY_MAX} de caractere`),
})
export type CampaignInput = z.output<typeof campaignSchema>

/** A test send: the language the owner wants to see it in. */
export const campaignTestSchema = z.object({
	locale: z.enum(LOCALES, { error: 'Alege limba' }),
})
