/** Account form field limits (kept apart from the zod schemas so pages can use them without zod). */
/** Password length rule (OWASP ASVS 2.1.1 / 2.1.2): at least 8, at most 128 characters. */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 255
export const FULL_NAME_MAX = 100
