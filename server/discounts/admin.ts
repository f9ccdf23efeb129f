import { asc, desc, eq, isNull } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { categories, discountCodes, products } from '#db/schema/index.ts'
import type { EditStamp } from '#domain/forms/edit-version.ts'
import { DISCOUNT_EDIT_FIELDS, discountColumns, discountFormSchema, discountFormValues, type DiscountInput } from '#domain/forms/admin-discount.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { checkEdit } from '../admin/edit-conflict.ts'
import { AdminInputError, isUniqueViolation } from '../admin/errors.ts'

/** The admin's discount codes (ADR 0255): list, form, save with the edit-version check, deactivate. */

export async function listDiscountCodes(db: DbExecutor) {
	return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt))
}

export async function getDiscountForEdit(db: DbExecutor, id: string) {
	const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
	return row ? { version: row.version, values: discountFormValues(row), uses: row.uses } : null
}

/** What the scope pickers offer. */
export async function discountScopeOptions(db: DbExecutor) {
	const [categoryRows, productRows] = await Promise.all([
		db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
		db.select({ id: products.id, name: products.name }).from(products).where(isNull(products.variantOf)).orderBy(asc(products.name)),
	])
	return { categories: categoryRows, products: productRows }
}

/**
 * Creates (id null) or updates a code, in one transaction holding its row lock: a form that loaded
 * an older version is refused when a field it shows changed meanwhile (ADR 0225). A code taken by
 * another is refused on the code field.
 */
export async function saveDiscountCode(db: DbExecutor, id: string | null, input: DiscountInput & EditStamp<DiscountInput>) {
	try {
		return await db.transaction(async (tx) => {
			const [existing] = id ? await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update') : []
			if (id && !existing) throw new AdminInputError(adminT('common.notFound'), 404)
			if (existing) {
				checkEdit({
					schema: discountFormSchema,
					fields: DISCOUNT_EDIT_FIELDS,
					typed: input,
					current: { version: existing.version, values: discountFormValues(existing) },
				})
				// The form is one rule: its fields are written together (a kind without its value means nothing).
				await tx.update(discountCodes).set(discountColumns(input)).where(eq(discountCodes.id, existing.id))
				return { id: existing.id, created: false }
			}
			const [row] = await tx.insert(discountCodes).values(discountColumns(input)).returning({ id: discountCodes.id })
			return { id: row!.id, created: true }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AdminInputError(adminT('discounts.duplicateCode'), 409, 'code')
		throw error
	}
}

/** Turns a code on or off; an order already placed with it keeps it. */
export async function setDiscountActive(db: DbExecutor, id: string, isActive: boolean) {
	const updated = await db.update(discountCodes).set({ isActive }).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id })
	if (updated.length === 0) throw new AdminInputError(adminT('common.notFound'), 404)
}
