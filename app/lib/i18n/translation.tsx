import type { i18n as I18n, TFunction } from 'i18next'
import { createContext, useContext, type ReactNode } from 'react'

/**
 * What a component translates with: the page's i18next instance and a `t` fixed to its language.
 *
 * Not react-i18next's `useTranslation`: that one copies every property of the i18next instance into
 * a fresh wrapper for each component on each server render and walks i18next's resolver for every
 * call, about a fifth of a rendered page's CPU time (ADR 0140). A page's language never changes
 * while it is open (switching language loads the other language's page, ADR 0106) and its
 * translations are loaded before it renders, so one `t` per instance and language serves every
 * component, and a key asked without options always gives the same text: it is looked up once.
 */
export type Translation = { t: TFunction; i18n: I18n }

const TranslationContext = createContext<I18n | null>(null)

export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
	return <TranslationContext.Provider value={i18n}>{children}</TranslationContext.Provider>
}

const byInstance = new WeakMap<I18n, Map<string, Translation>>()

/** The `{ t, i18n }` of the page's language, the same object for every component of every render. */
export function translationFor(i18n: I18n): Translation {
	let byLanguage = byInstance.get(i18n)
	if (!byLanguage) byInstance.set(i18n, (byLanguage = new Map()))
	const language = i18n.language
	let translation = byLanguage.get(language)
	if (!translation) {
		translation = { t: rememberingPlainKeys(i18n.getFixedT(language)), i18n }
		byLanguage.set(language, translation)
	}
	return translation
}

/** `fixed`, answering a string key asked without options from memory after its first lookup. */
function rememberingPlainKeys(fixed: TFunction): TFunction {
	const texts = new Map<string, string>()
	const t = (key: unknown, ...rest: unknown[]) => {
		if (rest.length > 0 || typeof key !== 'string') return (fixed as unknown as (...args: unknown[]) => unknown)(key, ...rest)
		let text = texts.get(key)
		if (text === undefined) {
			text = String(fixed(key))
			texts.set(key, text)
		}
		return text
	}
	return t as unknown as TFunction
}

export function useTranslation(): Translation {
	const i18n = useContext(TranslationContext)
	if (!i18n) throw new Error('useTranslation needs a TranslationProvider above it (entry.server.tsx, entry.client.tsx)')
	return translationFor(i18n)
}
