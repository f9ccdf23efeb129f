import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { isPlainLeftClick, Link, pointsAt } from './link.tsx'

const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false }

describe('isPlainLeftClick', () => {
	it('takes a left click in the same tab, and leaves modified clicks, other buttons and other targets to the browser', () => {
		expect(isPlainLeftClick(click, undefined)).toBe(true)
		expect(isPlainLeftClick(click, '_self')).toBe(true)
		expect(isPlainLeftClick(click, '_blank')).toBe(false)
		expect(isPlainLeftClick({ ...click, button: 1 }, undefined)).toBe(false)
		for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) expect(isPlainLeftClick({ ...click, [key]: true }, undefined)).toBe(false)
	})
})

describe('pointsAt (React Router NavLink rule)', () => {
	it('with end, is active on that page only, whatever the query or the letter case', () => {
		expect(pointsAt('/en', '/en', true)).toBe(true)
		expect(pointsAt('/en', '/EN', true)).toBe(true)
		expect(pointsAt('/en/about?x=1#top', '/en/about', true)).toBe(true)
		expect(pointsAt('/en', '/en/about', true)).toBe(false)
		expect(pointsAt('/admin', '/admin/orders', true)).toBe(false)
	})

	it('without end, is active on the pages below it too, but not on a longer sibling', () => {
		expect(pointsAt('/admin/orders', '/admin/orders/42', false)).toBe(true)
		expect(pointsAt('/admin/orders/', '/admin/orders/42', false)).toBe(true)
		expect(pointsAt('/admin/orders', '/admin/orders-export', false)).toBe(false)
		// As React Router has it: the root is active on itself only.
		expect(pointsAt('/', '/en/catalog', false)).toBe(false)
		expect(pointsAt('/', '/', false)).toBe(true)
	})
})

describe('Link', () => {
	it('renders the path as its href and keeps its own props off the anchor, without a React warning', () => {
		const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
		try {
			const html = renderToString(createElement(Link, { to: '/en/catalog?page=2', replace: true, preventScrollReset: true, className: 'x' }, 'Next'))
			expect(html).toBe('<a class="x" href="/en/catalog?page=2" data-discover="true">Next</a>')
			expect(errors).not.toHaveBeenCalled()
		} finally {
			errors.mockRestore()
		}
	})
})
