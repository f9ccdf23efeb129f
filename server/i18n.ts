import type { i18n as I18n } from 'i18next'
import type { Locale } from '#domain/enums.ts'
import { createI18n } from '#domain/i18n/i18n.ts'
import en from '#domain/i18n/resources/en.ts'
import es from '#domain/i18n/resources/es.ts'
import ro from '#domain/i18n/resources/ro.ts'
import emailEn from '#domain/i18n/resources/email/en.ts'
import emailEs from '#domain/i18n/resources/email/es.ts'
import emailRo from '#domain/i18n/resources/email/ro.ts'
import invoiceEn from '#domain/i18n/resources/invoice/en.ts'
import invoiceEs from '#domain/i18n/resources/invoice/es.ts'
import invoiceRo from '#domain/i18n/resources/invoice/ro.ts'
import reviewsEn from '#domain/i18n/resources/reviews/en.ts'
import reviewsEs from '#domain/i18n/resources/reviews/es.ts'
import reviewsRo from '#domain/i18n/resources/reviews/ro.ts'

/**
 * The server's texts: the interface's, and those only the server words, kept out of the language
 * chunks browsers download (JS budget, ADR 0014): the order emails', the invoice's (PDFs) and the reviews' (emails,
 * pages and product page sections, ADR 0268). A component never translates these keys itself: its
 * loader hands it the words.
 */
export const allTranslations = {
	en: { ...en, ...emailEn, ...invoiceEn, ...reviewsEn },
	ro: { ...ro, ...emailRo, ...invoiceRo, ...reviewsRo },
	es: { ...es, ...emailEs, ...invoiceEs, ...reviewsEs },
}

const instances = new Map<Locale, I18n>()

/** A read-only i18next instance per language, for rendering pages, emails and toasts on the server. */
export function serverI18n(locale: Locale): I18n {
	let instance = instances.get(locale)
	if (!instance) {
		instance = createI18n(locale, allTranslations)
		instances.set(locale, instance)
	}
	return instance
}
