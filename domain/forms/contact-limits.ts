/** Contact form field limits (kept apart from the zod schema so the page can use them without zod). */
export const CONTACT_LIMITS = { name: 100, email: 255, subject: 200, message: 5000 } as const
export type ContactField = keyof typeof CONTACT_LIMITS
