import type { TFunction } from 'i18next'
import type { Locale } from '#domain/enums.ts'
import { createI18n } from '#domain/i18n/i18n.ts'
import remindersEn from '#domain/i18n/resources/reminders/en.ts'
import remindersEs from '#domain/i18n/resources/reminders/es.ts'
import remindersRo from '#domain/i18n/resources/reminders/ro.ts'

const translators = new Map<Locale, TFunction>()

/**
 * The texts of back-in-stock alerts and the checkout reminder in `locale` (ADR 0269). They live apart
 * from the interface's resources, which every page's JavaScript carries within its budget (ADR 0014):
 * pages get the few they show from their loader, already translated, and emails are written here.
 */
export function reminderT(locale: Locale): TFunction {
	let t = translators.get(locale)
	if (!t) {
		t = createI18n(locale, { en: remindersEn, ro: remindersRo, es: remindersEs }).getFixedT(locale)
		translators.set(locale, t)
	}
	return t
}
