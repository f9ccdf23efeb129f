import { asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories } from '#db/schema/index.ts'
import type { CategoryInput } from '#domain/forms/admin-category.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'
import { deleteCatalogImages } from '../media/admin-images.ts'

/** What the admin's catalogue services use besides the database: storage, the log and the translation queue. */
export type CatalogApp = TranslationApp & { storage: ObjectStorage }

export type AdminCategoryRow = {
	id: string
	name: string
	slug: string
	parentName: string | null
	displayOrder: number
	isActive: boolean
}

/** Spec §7 admin list: every category ordered by display_order, with its parent's name. */
export async function listCategoriesForAdmin(db: DbExecutor): Promise<AdminCategoryRow[]> {
	const parent = alias(categories, 'parent')
	return db
		.select({
			id: categories.id,
			name: categories.name,
			slug: categories.slug,
			parentName: parent.name,
			displayOrder: categories.displayOrder,
			isActive: categories.isActive,
		})
		.from(categories)
		.leftJoin(parent, eq(parent.id, categories.parentId))
		.orderBy(asc(categories.displayOrder), asc(categories.name))
}

export type CategoryOption = { id: string; name: string; slug: string; parentId: string | null; rootSlug: string }

/** Spec §7 parent picker: id, name, slug ordered by name (plus the top-level ancestor's slug). */
export async function listCategoryOptions(db: DbExecutor): Promise<CategoryOption[]> {
	return queryRows<CategoryOption>(
		db,
		sql`with recursive tree as (
			select id, slug as root_slug from ${categories} where parent_id is null
			union all
			select c.id, tree.root_slug from ${categories} c join tree on c.parent_id = tree.id
		)
		select c.id, c.name, c.slug, c.parent_id as "parentId", tree.root_slug as "rootSlug"
		from ${categories} c join tree on tree.id = c.id
		order by c.name asc`,
	)
}

/** The ids of a category's subcategories at any depth (not itself). */
export async function descendantIds(db: DbExecutor, id: string): Promise<string[]> {
	const rows = await queryRows<{ id: string }>(
		db,
		sql`with recursive below as (
			select id from ${categories} where parent_id = ${id}
			union
			select c.id from ${categories} c join below on c.parent_id = below.id
		)
		select id from below`,
	)
	return rows.map((row) => row.id)
}

export async function getCategory(db: DbExecutor, id: string) {
	const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1)
	return row ?? null
}

/**
 * Creates (id null) or updates a category. The parent must exist and, on update, be neither the
 * category itself nor one of its subcategories, so no cycle can be made; a taken slug is refused.
 * The checks run in one transaction that locks the category rows' tree against concurrent moves.
 */
export async function saveCategory(db: DbExecutor, id: string | null, input: CategoryInput): Promise<{ id: string; created: boolean }> {
	try {
		return await db.transaction(async (tx) => {
			// One writer at a time moves categories around: two concurrent moves could otherwise make a cycle together.
			await tx.execute(sql`select pg_advisory_xact_lock(7310553)`)
			if (id && !(await getCategory(tx, id))) throw new AdminInputError(adminT('common.notFound'), 404)
			if (input.parentId) {
				if (!(await getCategory(tx, input.parentId))) throw new AdminInputError(adminT('messages.parentMissing'), 400, 'parentId')
				if (id && (input.parentId === id || (await descendantIds(tx, id)).includes(input.parentId))) {
					throw new AdminInputError(adminT('messages.parentCycle'), 400, 'parentId')
				}
			}
			const [clash] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.slug)).limit(1)
			if (clash && clash.id !== id) throw new AdminInputError(adminT('messages.duplicateCategorySlug'), 409, 'slug')

			const values = {
				name: input.name,
				slug: input.slug,
				description: input.description,
				parentId: input.parentId,
				displayOrder: input.displayOrder,
				isActive: input.isActive,
				imageUrl: input.imageUrl,
				priceCents: input.price,
			}
			if (id) {
				await tx.update(categories).set(values).where(eq(categories.id, id))
				return { id, created: false }
			}
			const [row] = await tx.insert(categories).values(values).returning({ id: categories.id })
			return { id: row!.id, created: true }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('messages.duplicateCategorySlug'), 409, 'slug')
		throw error
	}
}

/** Spec §7: update is_active by id. Returns the new state, or null when there is no such category. */
export async function setCategoryActive(db: DbExecutor, id: string, isActive: boolean) {
	const [row] = await db.update(categories).set({ isActive }).where(eq(categories.id, id)).returning({ isActive: categories.isActive })
	return row ? row.isActive : null
}

/**
 * Deletes a category and (by the foreign key's cascade) its subcategories; products are never
 * deleted: their category is cleared (set null), which the admin product list flags.
 */
export async function deleteCategory(db: DbExecutor, id: string): Promise<{ imageUrls: string[] } | null> {
	return db.transaction(async (tx) => {
		const ids = [id, ...(await descendantIds(tx, id))]
		const images = await tx.select({ imageUrl: categories.imageUrl }).from(categories).where(inArray(categories.id, ids))
		const rows = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id })
		if (rows.length === 0) return null
		return { imageUrls: images.flatMap((row) => (row.imageUrl ? [row.imageUrl] : [])) }
	})
}

/** The admin's save (spec §5): the category, then its texts queued for translation (ADR 0103: the service owns it). */
export async function saveCategoryContent(app: CatalogApp, id: string | null, input: CategoryInput) {
	const saved = await saveCategory(app.db, id, input)
	await queueContentTranslation(app, { kind: 'category', id: saved.id })
	return saved
}

/** The admin's delete: the category (and subcategories), then their stored pictures. False when there is none. */
export async function removeCategory(app: CatalogApp, id: string): Promise<boolean> {
	const deleted = await deleteCategory(app.db, id)
	if (!deleted) return false
	await deleteCatalogImages(app, deleted.imageUrls)
	return true
}
