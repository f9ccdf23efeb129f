import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { DEFAULT_LOCALE } from '#domain/enums.ts'
import { createI18n } from '#domain/i18n/i18n.ts'
import { loadTranslation } from '#domain/i18n/load.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { TranslationProvider } from './lib/i18n/translation.tsx'

// The server chose the language and wrote it on <html lang>; load just that one before hydrating.
const lang = document.documentElement.lang
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
const i18n = createI18n(locale, { [locale]: await loadTranslation[locale]() })
// Setting up i18next is a task of its own; hydration starts in the next one.
await new Promise((resolve) => setTimeout(resolve, 0))

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<TranslationProvider i18n={i18n}>
				<HydratedRouter />
			</TranslationProvider>
		</StrictMode>,
	)
})
