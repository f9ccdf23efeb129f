import { and, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { homeContent, media } from '#db/schema/index.ts'
import type { Locale, MediaFolder } from '#domain/enums.ts'
import type { HomeInput } from '#domain/forms/admin-home.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { AdminInputError } from '../admin/errors.ts'
import { localizeContentGroups, type LocalizingApp } from '../catalog/content.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'

/**
 * The home page the owner edits in /admin/home (issue 21, ADR 0132): one row, Romanian texts
 * translated like products' (machine translation plus editors' overrides), images from the media
 * library's hero and banners folders.
 */

export type HomeContent = {
	heroTitle: string | null
	heroText: string | null
	heroImageUrl: string | null
	storyTitle: string | null
	storyText: string | null
	bannerImageUrl: string | null
	bannerLink: string | null
	bannerAlt: string | null
}

const columns = {
	heroTitle: homeContent.heroTitle,
	heroText: homeContent.heroText,
	heroImageUrl: homeContent.heroImageUrl,
	storyTitle: homeContent.storyTitle,
	storyText: homeContent.storyText,
	bannerImageUrl: homeContent.bannerImageUrl,
	bannerLink: homeContent.bannerLink,
	bannerAlt: homeContent.bannerAlt,
}

/** The home page as saved (Romanian), or null before the owner first saves it. */
export async function readHomeContent(db: DbExecutor): Promise<HomeContent | null> {
	const [row] = await db.select(columns).from(homeContent).where(eq(homeContent.slot, 'home'))
	return row ?? null
}

/** The saved home page in `locale` (override, else machine translation, else Romanian), with the categories shown beside it, in one translation read. */
export async function localizeHome<C extends { name: string; description?: string | null }>(
	app: LocalizingApp,
	home: HomeContent | null,
	categories: C[],
	locale: Locale,
): Promise<{ home: HomeContent | null; categories: C[] }> {
	const [localizedCategories, localizedHome] = await localizeContentGroups(
		app,
		[
			{ kind: 'category', rows: categories },
			{ kind: 'home', rows: home ? [home] : [] },
		] as const,
		locale,
	)
	return { categories: localizedCategories as C[], home: (localizedHome[0] as HomeContent | undefined) ?? null }
}

/** An image the form names must be a library image of that folder. */
async function checkLibraryImage(db: DbExecutor, url: string | null, folder: MediaFolder, field: string) {
	if (!url) return
	const [found] = await db
		.select({ id: media.id })
		.from(media)
		.where(and(eq(media.url, url), eq(media.folder, folder)))
		.limit(1)
	if (!found) throw new AdminInputError(adminT('home.imageNotInFolder', { folder: adminT(`media.folders.${folder}`) }), 400, field)
}

/**
 * Saves the home page (one row, created on the first save), then queues the translation of its
 * texts. Refuses an image that is not in the library's matching folder, and a banner image
 * without its description (the storefront's link and image need a name).
 */
export async function saveHomeContent(app: TranslationApp, input: HomeInput, userId: string | null) {
	await checkLibraryImage(app.db, input.heroImageUrl, 'hero', 'heroImageUrl')
	await checkLibraryImage(app.db, input.bannerImageUrl, 'banners', 'bannerImageUrl')
	if (input.bannerImageUrl && !input.bannerAlt) throw new AdminInputError(adminT('home.bannerAltRequired'), 400, 'bannerAlt')
	const values = { ...input, updatedBy: userId, updatedAt: new Date() }
	const [row] = await app.db
		.insert(homeContent)
		.values({ slot: 'home', ...values })
		.onConflictDoUpdate({ target: homeContent.slot, set: values })
		.returning({ id: homeContent.id })
	await queueContentTranslation(app, { kind: 'home', id: row!.id })
	return { id: row!.id }
}
