import { describe, expect, it } from 'vitest'
import { editorMayOpen } from './staff-access.ts'

describe('what an editor may open in the admin', () => {
	it('opens the catalogue, the media library and its uploads, the home page and the translations', () => {
		for (const path of [
			'/admin/products',
			'/admin/products/new',
			'/admin/products/3f2b0c3e-1111-4222-8333-444455556666',
			'/admin/categories/',
			'/admin/categories/new',
			'/admin/media',
			'/admin/home',
			'/admin/translations',
			'/admin/api/images',
			'/admin/api/media',
		])
			expect(editorMayOpen(path), path).toBe(true)
	})

	it('refuses money, settings, staff and people’s data, and names that merely start like an area', () => {
		for (const path of [
			'/admin',
			'/admin/',
			'/admin/orders',
			'/admin/orders/export',
			'/admin/orders/3f2b0c3e-1111-4222-8333-444455556666/invoice.pdf',
			'/admin/invoices/LC-2026-000001.pdf',
			'/admin/efactura',
			'/admin/accounting',
			'/admin/customers',
			'/admin/customers/export',
			'/admin/newsletter',
			'/admin/newsletter/export',
			'/admin/reviews',
			'/admin/security',
			'/admin/staff',
			'/admin/productsx',
			'/admin/media-export',
			'/admin/no-such-page',
		])
			expect(editorMayOpen(path), path).toBe(false)
	})
})
