import { describe, expect, it } from 'vitest'
import { withoutUpstreamDeprecations } from './build-output.mjs'

describe('withoutUpstreamDeprecations', () => {
	it('drops the deprecation React Router’s configuration loader makes Vite print, and keeps every other line', () => {
		const output = [
			'\u001b[33mThe `envFile` option is deprecated, please use `envDir: false` instead.\u001b[39m\n',
			'(!) Some chunks are larger than 500 kB after minification.\n',
			'The `envFile` option is deprecated, please use `envDir: false` instead.\n',
			'Error: a real failure\n',
		].join('')
		expect(withoutUpstreamDeprecations(output)).toBe('(!) Some chunks are larger than 500 kB after minification.\nError: a real failure\n')
		expect(withoutUpstreamDeprecations('')).toBe('')
	})
})
