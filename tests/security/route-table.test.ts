import { describe, expect, it } from 'vitest'
import { READ_ROUTES } from '../support/read-routes.ts'
import { exportsAction, routeModules, type RouteModule } from '../support/route-modules.ts'
import type { SecurityFixtures } from '../support/security-shop.ts'
import { STATE_CHANGING_ROUTES } from '../support/state-changing-routes.ts'

/**
 * The fuzz and CSRF suites attack the routes listed in tests/support; these checks keep the lists
 * in step with app/routes.ts, so a route added later cannot slip past them.
 */
const SAMPLE_FIXTURES: SecurityFixtures = {
	productId: '11111111-1111-4111-8111-111111111111',
	productSlug: 'lumanare',
	categoryId: '22222222-2222-4222-8222-222222222222',
	orderId: '33333333-3333-4333-8333-333333333333',
	orderItemId: '44444444-4444-4444-8444-444444444444',
	mediaId: '55555555-5555-4555-8555-555555555555',
	portraitUploadId: '66666666-6666-4666-8666-666666666666',
	portraitPhotoUrl: '/api/uploads/portrait/66666666-6666-4666-8666-666666666666?variant=preview&expires=1&sig=x',
	testPaymentSessionId: 'test_cs_sample',
	unsubscribeToken: 'abcdefghijklmnopqrstuvwx',
	campaignId: '77777777-7777-4777-8777-777777777777',
}

/** Whether a concrete path (query ignored) is served by a route pattern like /admin/orders/:id. */
function matches(pattern: string, path: string) {
	const pathname = path.split('?')[0]!
	const source = pattern
		.split('/')
		.map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('/')
	return new RegExp(`^${source}$`).test(pathname)
}

/** The route that serves a path, the way React Router ranks them: static segments before parameters. */
function servingModule(modules: RouteModule[], path: string): RouteModule | undefined {
	const specificity = (pattern: string) => pattern.split('/').map((part) => (part === '*' ? 0 : part.startsWith(':') ? 1 : 2))
	const candidates = modules.filter((module) => module.pattern !== '/' || path.split('?')[0] === '/').filter((module) => matches(module.pattern, path))
	return candidates.sort((a, b) => {
		const [left, right] = [specificity(a.pattern), specificity(b.pattern)]
		for (let i = 0; i < Math.max(left.length, right.length); i++) if ((left[i] ?? -1) !== (right[i] ?? -1)) return (right[i] ?? -1) - (left[i] ?? -1)
		return 0
	})[0]
}

describe('the attacked routes match app/routes.ts', () => {
	const modules = routeModules()
	const withAction = modules.filter(exportsAction)

	it('finds the action routes (sanity check of the scan)', () => {
		expect(withAction.map((module) => module.file)).toEqual(
			expect.arrayContaining(['routes/login.tsx', 'routes/api.checkout.ts', 'routes/admin/product-edit.tsx']),
		)
	})

	it.each(withAction.map((module) => [module.file]))('%s has a row in STATE_CHANGING_ROUTES', (file) => {
		expect(
			STATE_CHANGING_ROUTES.filter((route) => route.module === file).length,
			`add a row for ${file} to tests/support/state-changing-routes.ts`,
		).toBeGreaterThan(0)
	})

	it.each(STATE_CHANGING_ROUTES.map((route) => [route.name, route] as const))('row "%s" posts to the module it names, which has an action', (_name, route) => {
		const served = servingModule(modules, route.path(SAMPLE_FIXTURES))
		expect(served?.file).toBe(route.module)
		expect(exportsAction(served!)).toBe(true)
		if (route.pathWithSegment) expect(servingModule(modules, route.pathWithSegment('00000000-0000-4000-8000-000000000000'))?.file).toBe(route.module)
	})

	it.each(READ_ROUTES.filter((route) => route.module.startsWith('routes/')).map((route) => [route.name, route] as const))(
		'read row "%s" reaches the module it names',
		(_name, route) => {
			expect(servingModule(modules, route.path(SAMPLE_FIXTURES))?.file).toBe(route.module)
		},
	)
})
