import { memo } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

// A React Router release whose <Scripts> is no plain function component (here a memo): it cannot be
// called as a function, so DeferredScripts must render it as it is (ADR 0180).
vi.mock('react-router', () => ({
	Scripts: memo(function Scripts(props: { nonce?: string }) {
		return <script type="module" nonce={props.nonce} dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/assets/root.js";' }} />
	}),
}))

const { DeferredScripts } = await import('./deferred-scripts.tsx')

describe('DeferredScripts', () => {
	it('renders React Router’s <Scripts> untouched when it is not a plain function component', () => {
		expect(renderToStaticMarkup(<DeferredScripts nonce="n0nce" />)).toBe(
			'<script type="module" nonce="n0nce">import * as route0 from "/assets/root.js";</script>',
		)
	})
})
