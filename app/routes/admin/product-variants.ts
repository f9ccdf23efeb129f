import { saveAdminForm, uuidParam } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { saveVariantsContent } from '#server/catalog/variants.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { variantsFormSchema } from '#domain/forms/admin-variants.ts'
import type { Route } from './+types/product-variants'

/**
 * The variants form of a product's page (ADR 0264), posted by its fetcher: saved, then back to the
 * product with a toast; refused with the one error shape, the rows kept as typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: variantsFormSchema,
		save: (value) => saveVariantsContent(app, id, value),
		saved: () => ({ to: `/admin/products/${id}`, title: adminT('variants.saved') }),
		failure: adminT('messages.productSave'),
		what: 'variants',
	})
}
