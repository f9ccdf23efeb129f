import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { allowPublicOriginActions } from './public-origin-actions.ts'

const fakeBuild = (extra: Partial<ServerBuild> = {}) => ({ entry: { module: {} }, routes: {}, ...extra }) as unknown as ServerBuild

describe('allowPublicOriginActions', () => {
	it("adds PUBLIC_URL's host (with its port) to the origins React Router accepts actions from", async () => {
		const load = allowPublicOriginActions(async () => fakeBuild(), 'https://shop.example.com:8443')
		expect((await load()).allowedActionOrigins).toEqual(['shop.example.com:8443'])
	})

	it('keeps origins the build was configured with, and the rest of the build as it is', async () => {
		const build = fakeBuild({ allowedActionOrigins: ['*.example.org'] })
		const patched = await allowPublicOriginActions(async () => build, 'https://shop.example.com')()
		expect(patched.allowedActionOrigins).toEqual(['*.example.org', 'shop.example.com'])
		expect(patched.routes).toBe(build.routes)
	})

	it('patches one build once, and a new build (a development reload) again', async () => {
		let current = fakeBuild()
		const load = allowPublicOriginActions(async () => current, 'https://shop.example.com')
		const first = await load()
		expect(await load()).toBe(first)
		current = fakeBuild()
		expect(await load()).not.toBe(first)
	})
})
