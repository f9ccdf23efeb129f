import { describe, expect, it } from 'vitest'
import { adminT, adminText } from './admin.ts'

describe('adminT', () => {
	it('reads the Romanian admin texts and fills their placeholders', () => {
		expect(adminT('common.validationError')).toBe('Eroare validare')
		expect(adminT('common.page', { page: 2, pages: 5 })).toBe('Pagina 2 din 5')
		expect(adminT('products.toggleLabel', { action: 'Activează', name: 'Lumânare' })).toBe('Activează produsul Lumânare')
		expect(adminT('messages.stockMoved', { stock: 3 })).toBe('Stocul s-a modificat între timp (acum: 3). Verifică și salvează din nou.')
	})

	it('keeps a count as the text says it, with no plural forms of its own', () => {
		expect(adminT('dashboard.inStock', { count: 1 })).toBe('1 în stoc')
		expect(adminT('messages.imagesUploaded', { count: 3 })).toBe('3 imagine(i) încărcate')
	})

	it('does not escape what it fills in (React escapes when rendering)', () => {
		expect(adminT('orders.photoAlt', { name: '<b>&' })).toBe('Poza încărcată de client pentru <b>&')
		// A product name is shown as typed, never read as a nested key or a placeholder.
		expect(adminT('products.deleteLabel', { name: '$t(common.error) {{name}}' })).toBe('Șterge produsul $t(common.error) {{name}}')
	})
})

describe('adminText', () => {
	it('gives the text of a key known at run time, or undefined for an unknown key or a group', () => {
		expect(adminText('orders.historyActions.status_changed', { from: 'Nouă', to: 'Livrată' })).toBe('Status: Nouă → Livrată')
		expect(adminText('security.reasons.account-address')).toBe('Prea multe greșeli pentru acest cont de la această adresă')
		expect(adminText('orders.historyActions.unknown')).toBeUndefined()
		expect(adminText('orders.frames')).toBeUndefined()
	})
})
