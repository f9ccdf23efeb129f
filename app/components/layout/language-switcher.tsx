import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { useLocation } from 'react-router'
import { LOCALES } from '#domain/enums.ts'
import { storeLanguageChoice } from '#app/lib/i18n/choice.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { localizedPath, stripLocale } from '#domain/i18n/paths.ts'

/**
 * EN / RO / ES: the same page (path and query) in the other language, ADR 0106. With JavaScript the
 * choice goes to localStorage and the cookie, then the browser loads that page; without it the form
 * posts to /language, which sets the cookie and redirects there.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
	const { t, i18n } = useTranslation()
	const location = useLocation()
	const here = stripLocale(location.pathname) + location.search
	return (
		<form
			method="post"
			action="/language"
			className={`flex items-center ${className}`}
			aria-label={t('nav.language')}
			onSubmit={(event) => {
				const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
				const lang = submitter?.value
				if (!isLocale(lang)) return
				event.preventDefault()
				storeLanguageChoice(lang)
				// A page without language in its URL (a 404) is rendered in the stored choice: load it again.
				const target = localizedPath(lang, here)
				if (target === location.pathname + location.search) window.location.reload()
				else window.location.assign(target)
			}}
		>
			<input type="hidden" name="redirectTo" value={here} />
			{LOCALES.map((locale) => (
				<button
					key={locale}
					type="submit"
					name="lang"
					value={locale}
					lang={locale}
					aria-pressed={i18n.language === locale}
					className="min-h-11 min-w-11 rounded-full px-2 text-xs font-semibold tracking-wide hover:text-clay-dark aria-pressed:bg-sand aria-pressed:text-clay-dark"
				>
					{locale.toUpperCase()}
					<span className="sr-only"> {t(`languages.${locale}`)}</span>
				</button>
			))}
		</form>
	)
}
