import type { RequestContext } from '../context.ts'
import type { LocalizingApp } from './content.ts'

type ReadingApp = Pick<RequestContext, 'storefrontQueries' | 'translation'> & Partial<Pick<RequestContext, 'keepPageOutOfCache'>>

/**
 * A storefront read every visitor shares (ADR 0122), through the storefront query cache. `load` gets
 * the app to localize with; a result whose text is not translated yet is never kept, and every
 * request that gets it keeps its page out of the page cache, as a fresh read would.
 */
export async function sharedStorefrontRead<T>(app: ReadingApp, key: string, load: (localizing: LocalizingApp) => Promise<T>): Promise<T> {
	const result = await app.storefrontQueries.read(
		key,
		async () => {
			let untranslated = false
			const value = await load({ translation: app.translation, keepPageOutOfCache: () => (untranslated = true) })
			return { value, untranslated }
		},
		(read) => !read.untranslated,
	)
	if (result.untranslated) app.keepPageOutOfCache?.()
	return result.value
}
