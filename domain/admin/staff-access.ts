/**
 * What a shop employee with the editor role may open in the admin (ADR 0236): the catalogue (products,
 * categories), the media library and its upload endpoints, the home page and the translations. Never the
 * money (the dashboard's takings, orders, refunds, invoices, e-Factura, the accountant's month), the
 * settings (sign-in security), the staff, nor people's data (customers, newsletter subscribers, exports).
 * The admin layout's guard reads this list (server/auth/guards.ts); the navigation shows the same.
 */
export const EDITOR_ADMIN_AREAS = [
	'/admin/products',
	'/admin/categories',
	'/admin/media',
	'/admin/home',
	'/admin/translations',
	'/admin/api/images',
	'/admin/api/media',
] as const

/** Where an editor lands in the admin (the dashboard shows takings, so it is the owner's). */
export const EDITOR_ADMIN_HOME = '/admin/products'

/** Whether an editor may open this admin path: one of the areas or a page under it, nothing else. */
export function editorMayOpen(pathname: string): boolean {
	const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
	return EDITOR_ADMIN_AREAS.some((area) => path === area || path.startsWith(`${area}/`))
}
