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
 * component, and a key asked with the same plain options always gives the same text: it is looked up once.
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
		translation = { t: remembering(i18n.getFixedT(language)), i18n }
		byLanguage.set(language, translation)
	}
	return translation
}

/** Texts kept per language: keys times the values they are asked with (a visitor's search among them). */
const MAX_REMEMBERED_TEXTS = 5000

/**
 * `fixed`, answering from memory a string key it has answered before with the same options, when the
 * options are plain values (`{ page: 2 }`, `{ count: 3 }`). i18next's interpolation re-parses the text
 * on every call: a footer's two such texts cost more than all its other ones (ADR 0145).
 */
function remembering(fixed: TFunction): TFunction {
	const call = fixed as unknown as (...args: unknown[]) => unknown
	const texts = new Map<string, string>()
	const t = (key: unknown, ...rest: unknown[]) => {
		const id = typeof key === 'string' && rest.length <= 1 ? textId(key, rest[0]) : null
		if (id === null) return call(key, ...rest)
		let text = texts.get(id)
		if (text === undefined) {
			const result = call(key, ...rest)
			if (typeof result !== 'string') return result
			if (texts.size >= MAX_REMEMBERED_TEXTS) texts.clear()
			text = result
			texts.set(id, text)
		}
		return text
	}
	return t as unknown as TFunction
}

/** A key and its options as one string, or null when an option is not a plain value (an object, a function). */
function textId(key: string, options: unknown): string | null {
	if (options === undefined) return key
	if (typeof options !== 'object' || options === null) return null
	let id = key
	for (const name in options) {
		const value = (options as Record<string, unknown>)[name]
		if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null
		id += `\u0000${name}=${JSON.stringify(value)}`
	}
	return id
}

export function useTranslation(): Translation {
	const i18n = useContext(TranslationContext)
	if (!i18n) throw new Error('useTranslation needs a TranslationProvider above it (entry.server.tsx, entry.client.tsx)')
	return translationFor(i18n)
}
