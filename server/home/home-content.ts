import { and, eq } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { homeContent, media } from '#db/schema/index.ts'
import type { Locale, MediaFolder } from '#domain/enums.ts'
import { emptyHomeForm, HOME_EDIT_FIELDS, homeFormSchema, type HomeFormValues, type HomeInput } from '#domain/forms/admin-home.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { checkEdit, pickColumns } from '../admin/edit-conflict.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { AdminInputError } from '../admin/errors.ts'
import { localizeContentGroups, type LocalizingApp } from '../catalog/content.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'

/**
 * The home page the owner edits in /admin/home (ADR 0132): one row, Romanian texts
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

/** The home page as its form shows it: '' for a text or image not set. */
function homeFormValues(home: HomeContent | null): HomeFormValues {
	return Object.fromEntries(Object.keys(emptyHomeForm).map((key) => [key, home?.[key as keyof HomeContent] ?? ''])) as HomeFormValues
}

/** The home page's form: its values and the version they are (ADR 0225); version 0 before the first save. */
export async function getHomeForEdit(db: DbExecutor) {
	const [row] = await db
		.select({ ...columns, version: homeContent.version })
		.from(homeContent)
		.where(eq(homeContent.slot, 'home'))
	return { version: row?.version ?? 0, values: homeFormValues(row ?? null) }
}

/**
 * Saves the home page (one row, created on the first save), then queues the translation of its
 * texts. The save is checked against the version its form loaded and writes only the fields the
 * owner changed (ADR 0225), under the row's lock. Refuses a newly chosen image that is not in the
 * library's matching folder, and a banner image without its description (the storefront's link
 * and image need a name).
 */
export async function saveHomeContent(app: TranslationApp, input: HomeInput & EditStamp<HomeInput>, userId: string | null) {
	const row = await app.db.transaction(async (tx) => {
		// The row exists from here on (empty on the very first save), so a first save is checked like any other.
		await tx.insert(homeContent).values({ slot: 'home' }).onConflictDoNothing({ target: homeContent.slot })
		const [existing] = await tx
			.select({ ...columns, id: homeContent.id, version: homeContent.version })
			.from(homeContent)
			.where(eq(homeContent.slot, 'home'))
			.for('update')
		const touched = checkEdit({
			schema: homeFormSchema,
			fields: HOME_EDIT_FIELDS,
			typed: input,
			current: { version: existing!.version, values: homeFormValues(existing!) },
		})
		if (touched.includes('heroImageUrl')) await checkLibraryImage(tx, input.heroImageUrl, 'hero', 'heroImageUrl')
		if (touched.includes('bannerImageUrl')) await checkLibraryImage(tx, input.bannerImageUrl, 'banners', 'bannerImageUrl')
		const saved = { ...existing!, ...pickColumns(input, touched) }
		if (saved.bannerImageUrl && !saved.bannerAlt) throw new AdminInputError(adminT('home.bannerAltRequired'), 400, 'bannerAlt')
		if (touched.length === 0) return existing!
		const [updated] = await tx
			.update(homeContent)
			.set({ ...pickColumns(input, touched), updatedBy: userId, updatedAt: new Date() })
			.where(eq(homeContent.id, existing!.id))
			.returning({ id: homeContent.id, version: homeContent.version })
		return updated!
	})
	await queueContentTranslation(app, { kind: 'home', id: row.id })
	return { id: row.id, version: row.version }
}
