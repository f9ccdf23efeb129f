import { asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { categories, products } from '#db/schema/index.ts'
import { CATEGORY_EDIT_FIELDS, categoryFormSchema, type CategoryFormValues, type CategoryInput } from '#domain/forms/admin-category.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { checkEdit, pickColumns } from '../admin/edit-conflict.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { queueContentTranslation, type TranslationApp } from '../translation/content.ts'
import type { ObjectStorage } from '../storage/storage.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'
import { deleteCatalogImages } from '../media/admin-images.ts'
import { inTreeOrder } from '#domain/admin/category-tree.ts'

/** What the admin's catalogue services use besides the database: storage, the log and the translation queue. */
export type CatalogApp = TranslationApp & { storage: ObjectStorage }

export type AdminCategoryRow = {
	id: string
	name: string
	slug: string
	parentId: string | null
	parentName: string | null
	displayOrder: number
	isActive: boolean
	/** Products in this category and all its subcategories (what deleting it affects). */
	productCount: number
	/** 0 for a top-level category, 1 for its subcategories, and so on. */
	depth: number
}

/** The admin list: every category as a tree (parents before their subcategories, each level by display order), with its parent's name and how many products it holds. */
export async function listCategoriesForAdmin(db: DbExecutor): Promise<AdminCategoryRow[]> {
	const parent = alias(categories, 'parent')
	const [rows, counts] = await Promise.all([
		db
			.select({
				id: categories.id,
				name: categories.name,
				slug: categories.slug,
				parentId: categories.parentId,
				parentName: parent.name,
				displayOrder: categories.displayOrder,
				isActive: categories.isActive,
			})
			.from(categories)
			.leftJoin(parent, eq(parent.id, categories.parentId))
			.orderBy(asc(categories.displayOrder), asc(categories.name)),
		db.select({ categoryId: products.categoryId, count: count() }).from(products).where(isNotNull(products.categoryId)).groupBy(products.categoryId),
	])
	const own = new Map(counts.map((row) => [row.categoryId!, Number(row.count)]))
	const children = new Map<string | null, typeof rows>()
	for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row])
	const subtree = (id: string, seen = new Set<string>()): number => {
		if (seen.has(id)) return 0
		seen.add(id)
		return (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + subtree(child.id, seen), 0)
	}
	return inTreeOrder(rows.map((row) => ({ ...row, productCount: subtree(row.id) })))
}

export type CategoryOption = { id: string; name: string; slug: string; parentId: string | null; rootSlug: string }

/** The parent picker: id, name, slug ordered by name (plus the top-level ancestor's slug). */
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

type CategoryRow = typeof categories.$inferSelect

/** A category as its edit form shows it (and as a conflict compares it, ADR 0225). */
export function categoryFormValues(category: CategoryRow): CategoryFormValues {
	return {
		name: category.name,
		slug: category.slug,
		description: category.description ?? '',
		parentId: category.parentId ?? '',
		displayOrder: String(category.displayOrder),
		isActive: category.isActive,
		imageUrl: category.imageUrl,
	}
}

/** The category's edit form: its values and the version they are (ADR 0225), or null when there is no such category. */
export async function getCategoryForEdit(db: DbExecutor, id: string) {
	const category = await getCategory(db, id)
	return category ? { version: category.version, values: categoryFormValues(category) } : null
}

/**
 * Creates (id null) or updates a category. The parent must exist and, on update, be neither the
 * category itself nor one of its subcategories, so no cycle can be made; a taken slug is refused.
 * The checks run in one transaction that locks the category rows' tree against concurrent moves.
 * An edit is checked against the version its form loaded and writes only the fields the admin
 * changed (ADR 0225).
 */
export async function saveCategory(
	db: DbExecutor,
	id: string | null,
	input: CategoryInput & EditStamp<CategoryInput>,
): Promise<{ id: string; created: boolean; version: number }> {
	try {
		return await db.transaction(async (tx) => {
			// One writer at a time moves categories around: two concurrent moves could otherwise make a cycle together.
			await tx.execute(sql`select pg_advisory_xact_lock(7310553)`)
			const [existing] = id ? await tx.select().from(categories).where(eq(categories.id, id)).for('update') : []
			if (id && !existing) throw new AdminInputError(adminT('common.notFound'), 404)
			const touched = existing
				? checkEdit({
						schema: categoryFormSchema,
						fields: CATEGORY_EDIT_FIELDS,
						typed: input,
						current: { version: existing.version, values: categoryFormValues(existing) },
					})
				: CATEGORY_EDIT_FIELDS
			if (input.parentId && touched.includes('parentId')) {
				if (!(await getCategory(tx, input.parentId))) throw new AdminInputError(adminT('messages.parentMissing'), 400, 'parentId')
				if (id && (input.parentId === id || (await descendantIds(tx, id)).includes(input.parentId))) {
					throw new AdminInputError(adminT('messages.parentCycle'), 400, 'parentId')
				}
			}
			const [clash] = touched.includes('slug') ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.slug)).limit(1) : []
			if (clash && clash.id !== id) throw new AdminInputError(adminT('messages.duplicateCategorySlug'), 409, 'slug')

			const values = {
				name: input.name,
				slug: input.slug,
				description: input.description,
				parentId: input.parentId,
				displayOrder: input.displayOrder,
				isActive: input.isActive,
				imageUrl: input.imageUrl,
			}
			if (existing) {
				const changed = pickColumns(values, touched)
				if (Object.keys(changed).length === 0) return { id: existing.id, created: false, version: existing.version }
				const [row] = await tx.update(categories).set(changed).where(eq(categories.id, existing.id)).returning({ version: categories.version })
				return { id: existing.id, created: false, version: row!.version }
			}
			const [row] = await tx.insert(categories).values(values).returning({ id: categories.id, version: categories.version })
			return { id: row!.id, created: true, version: row!.version }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('messages.duplicateCategorySlug'), 409, 'slug')
		throw error
	}
}

/** Sets is_active by id. Returns the new state, or null when there is no such category. */
export async function setCategoryActive(db: DbExecutor, id: string, isActive: boolean) {
	const [row] = await db.update(categories).set({ isActive }).where(eq(categories.id, id)).returning({ isActive: categories.isActive })
	return row ? row.isActive : null
}

/** What happens to the products of a deleted category (and its subcategories): moved, deactivated, or (none held) nothing. */
export type CategoryProductsChoice = { products: 'move'; targetId: string } | { products: 'deactivate' | null; targetId?: null }

/**
 * Deletes a category and (by the foreign key's cascade) its subcategories; products are never
 * deleted. The owner says what happens to them (ADR 0125): moved to another category (not one
 * being deleted) or deactivated (their category is then cleared, which the product list flags).
 * A category holding products without a choice is refused, so nothing stays on sale uncategorised.
 */
export async function deleteCategory(
	db: DbExecutor,
	id: string,
	choice: CategoryProductsChoice = { products: null },
): Promise<{ imageUrls: string[]; moved: number; deactivated: number } | null> {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(7310553)`)
		if (!(await getCategory(tx, id))) return null
		const ids = [id, ...(await descendantIds(tx, id))]
		const held = inArray(products.categoryId, ids)
		const [{ value: productCount } = { value: 0 }] = await tx.select({ value: count() }).from(products).where(held)
		let moved = 0
		let deactivated = 0
		if (productCount > 0) {
			if (choice.products === 'move') {
				if (ids.includes(choice.targetId)) throw new AdminInputError(adminT('categories.moveTargetInside'), 400, 'targetId')
				if (!(await getCategory(tx, choice.targetId))) throw new AdminInputError(adminT('categories.moveTargetMissing'), 400, 'targetId')
				moved = (await tx.update(products).set({ categoryId: choice.targetId }).where(held).returning({ id: products.id })).length
			} else if (choice.products === 'deactivate') {
				deactivated = (await tx.update(products).set({ isActive: false }).where(held).returning({ id: products.id })).length
			} else {
				throw new AdminInputError(adminT('categories.productsChoiceMissing'), 400, 'productsTo')
			}
		}
		const images = await tx.select({ imageUrl: categories.imageUrl }).from(categories).where(inArray(categories.id, ids))
		await tx.delete(categories).where(eq(categories.id, id))
		return { imageUrls: images.flatMap((row) => (row.imageUrl ? [row.imageUrl] : [])), moved, deactivated }
	})
}

/** The admin's save: the category, then its texts queued for translation (ADR 0103: the service owns it). */
export async function saveCategoryContent(app: CatalogApp, id: string | null, input: CategoryInput & EditStamp<CategoryInput>) {
	const saved = await saveCategory(app.db, id, input)
	await queueContentTranslation(app, { kind: 'category', id: saved.id })
	return saved
}

/** The admin's delete: the category (and subcategories) with its products moved or deactivated, then their stored pictures. Null when there is none. */
export async function removeCategory(app: CatalogApp, id: string, choice?: CategoryProductsChoice) {
	const deleted = await deleteCategory(app.db, id, choice)
	if (!deleted) return null
	await deleteCatalogImages(app, deleted.imageUrls)
	return { moved: deleted.moved, deactivated: deleted.deactivated }
}
