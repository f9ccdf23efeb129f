import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, DbExecutor } from '#db/client.ts'
import { translations } from '#db/schema/index.ts'
import type { Logger } from '../logger.ts'
import { cacheKey, sourceHash } from './cache.ts'
import { SOURCE_LOCALE, TARGET_LOCALES, type ProviderName, type TargetLocale, type TranslationProvider } from './providers.ts'
import { splitForTranslation, TextTooLongError } from './split.ts'

export class UnsupportedLanguageError extends Error {
	override name = 'UnsupportedLanguageError'
	readonly status = 400
	constructor(language: string) {
		super(`unsupported target language ${JSON.stringify(language).slice(0, 20)}: only en and es`)
	}
}

export class InvalidContextError extends Error {
	override name = 'InvalidContextError'
	readonly status = 400
}

const CONTEXT_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){0,3}$/

export type TranslationEntry = { context: string; text: string }

export type TranslationService = {
	/** `none` when machine translation is off (admins see a notice). */
	readonly providerName: ProviderName | 'none'
	readonly provider: TranslationProvider | null
	/**
	 * The text in `target` (en or es), from the cache or the provider.
	 * Romanian is returned as is and blank text as '' without any request; a failure returns the
	 * original text and logs it. An unsupported target throws UnsupportedLanguageError.
	 */
	translate(text: string, target: string, context: string): Promise<string>
	/**
	 * What pages use: cached translations only (override, then machine), never the provider.
	 * Each entry falls back to its Romanian text. At most one database query; when it fails, every
	 * entry comes back in Romanian and `complete` is false.
	 */
	read(locale: string, entries: TranslationEntry[]): Promise<{ texts: string[]; complete: boolean }>
	/** Runs the provider on one text, splitting long text; throws on failure. Used by the background job. */
	machineTranslate(text: string, target: TargetLocale, context: string): Promise<string>
	log: Logger
}

/** The cached rows (machine text and editor's override) of these source hashes in one language. */
async function lookupTranslations(db: DbExecutor, hashes: string[], locale: string) {
	if (hashes.length === 0) return []
	return db
		.select({
			sourceHash: translations.sourceHash,
			context: translations.context,
			translatedText: translations.translatedText,
			overrideText: translations.overrideText,
		})
		.from(translations)
		.where(and(eq(translations.locale, locale), inArray(translations.sourceHash, [...new Set(hashes)])))
}

/**
 * The cached translations of `entries` (override, then machine, else the Romanian text), read
 * with the given executor: a transaction that renders an order email reads them itself, rather
 * than through the service's own connection (which would wait on the transaction on PGlite).
 */
export async function readCachedTranslations(db: DbExecutor, locale: string, entries: TranslationEntry[]): Promise<string[]> {
	const texts = entries.map((entry) => entry.text)
	if (!isTargetLocale(locale)) return texts
	const wanted = entries.flatMap((entry, index) =>
		typeof entry.text === 'string' && entry.text.trim() !== '' ? [{ index, hash: sourceHash(entry.text), context: entry.context }] : [],
	)
	const rows = await lookupTranslations(
		db,
		wanted.map((entry) => entry.hash),
		locale,
	)
	const found = new Map(rows.map((row) => [cacheKey(row.sourceHash, row.context, locale), row.overrideText ?? row.translatedText]))
	for (const entry of wanted) {
		const value = found.get(cacheKey(entry.hash, entry.context, locale))
		if (value != null) texts[entry.index] = value
	}
	return texts
}

export function isTargetLocale(value: string): value is TargetLocale {
	return (TARGET_LOCALES as readonly string[]).includes(value)
}

export function createTranslationService(options: { db: Database; provider: TranslationProvider | null; log: Logger }): TranslationService {
	const { db, provider, log } = options

	async function machineTranslate(text: string, target: TargetLocale, context: string) {
		if (!provider) throw new Error('machine translation is off (TRANSLATE_PROVIDER=none)')
		const segments = splitForTranslation(text, provider.maxChars)
		const parts: string[] = []
		for (const segment of segments) parts.push(segment.translate ? await provider.translate(segment.text, target, context) : segment.text)
		return parts.join('')
	}

	const lookup = (hashes: string[], locale: string) => lookupTranslations(db, hashes, locale)

	return {
		providerName: provider?.name ?? 'none',
		provider,
		log,
		machineTranslate,

		async translate(text, target, context) {
			if (target === SOURCE_LOCALE) return text
			if (!isTargetLocale(target)) throw new UnsupportedLanguageError(target)
			if (!CONTEXT_PATTERN.test(context)) throw new InvalidContextError(`invalid translation context ${JSON.stringify(context).slice(0, 40)}`)
			if (typeof text !== 'string' || text.trim() === '') return ''

			const hash = sourceHash(text)
			try {
				const [row] = (await lookup([hash], target)).filter((r) => r.context === context)
				const cached = row?.overrideText ?? row?.translatedText
				if (cached != null) return cached
				if (!provider) return text

				const translated = await machineTranslate(text, target, context)
				// Machine runs write the machine column only; an editor's override is never touched.
				const [after] = await db
					.insert(translations)
					.values({ sourceHash: hash, context, locale: target, sourceText: text, translatedText: translated, provider: provider.name })
					.onConflictDoUpdate({
						target: [translations.sourceHash, translations.context, translations.locale],
						set: { translatedText: translated, provider: provider.name, lastError: null, lockedUntil: null },
					})
					.returning({ text: sql<string>`coalesce(${translations.overrideText}, ${translations.translatedText})` })
				return after?.text ?? translated
			} catch (error) {
				const message = error instanceof TextTooLongError ? `kept untranslated: ${error.message}` : (error as Error).message
				log.warn({ err: message, context, target, provider: provider?.name, chars: text.length }, 'translation failed; showing the original text')
				return text
			}
		},

		async read(locale, entries) {
			const results = entries.map((entry) => entry.text)
			if (!isTargetLocale(locale)) return { texts: results, complete: true }
			const wanted: { index: number; hash: string; key: string }[] = []
			entries.forEach((entry, index) => {
				if (typeof entry.text !== 'string' || entry.text.trim() === '') return
				const hash = sourceHash(entry.text)
				wanted.push({ index, hash, key: cacheKey(hash, entry.context, locale) })
			})
			if (wanted.length === 0) return { texts: results, complete: true }
			try {
				const rows = await lookup(
					wanted.map((entry) => entry.hash),
					locale,
				)
				const found = new Map(rows.map((row) => [cacheKey(row.sourceHash, row.context, locale), row.overrideText ?? row.translatedText]))
				for (const entry of wanted) {
					const value = found.get(entry.key)
					if (value != null) results[entry.index] = value
				}
			} catch (error) {
				// The page still renders, in Romanian.
				log.error({ err: (error as Error).message }, 'could not read translations')
				return { texts: results, complete: false }
			}
			return { texts: results, complete: true }
		},
	}
}
