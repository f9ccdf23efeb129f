import { describe, expect, it } from 'vitest'
import { inTreeOrder } from './category-tree.ts'

const row = (id: string, parentId: string | null = null) => ({ id, parentId })
const shape = (rows: { id: string; depth: number }[]) => rows.map((r) => `${'  '.repeat(r.depth)}${r.id}`)

describe('categories in tree order', () => {
	it('puts each parent before its subcategories, every level in the given order, with its depth', () => {
		// Given in display order: a subcategory (order 0) before its parent (order 5).
		const rows = [row('lumanari-mici', 'lumanari'), row('portrete'), row('lumanari-parfumate', 'lumanari'), row('aroma', 'lumanari-parfumate'), row('lumanari')]
		expect(shape(inTreeOrder(rows))).toEqual(['portrete', 'lumanari', '  lumanari-mici', '  lumanari-parfumate', '    aroma'])
	})

	it('shows a category whose parent is missing at the top, and never repeats or loses a row of a loop', () => {
		expect(shape(inTreeOrder([row('orfan', 'sters'), row('a')]))).toEqual(['orfan', 'a'])
		const looped = inTreeOrder([row('x', 'y'), row('y', 'x'), row('z')])
		expect(shape(looped)).toEqual(['z', 'x', '  y'])
	})
})
