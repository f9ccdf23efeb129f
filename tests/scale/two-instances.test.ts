import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { queryRows } from '#db/client.ts'
import { appSettings, categories, homeContent, products, translations, userRoles, users } from '#db/schema/index.ts'
import { demoCategories, demoProducts } from '#server/seed/demo-catalog.ts'
import { demoProductTranslations } from '#server/seed/demo-translations.ts'
import { emptyProductForm } from '#domain/forms/admin-product.ts'
import { HOME_FIELDS } from '#domain/forms/admin-home.ts'
import { contentContext, PRODUCT_OPTION_CONTEXT } from '#server/translation/sync.ts'
import { CONTAINER_TYPES } from '#domain/enums.ts'
import { SIGN_IN_BACKOFF } from '#server/auth/sign-in-backoff.ts'
import { createTestUser, uniqueEmail } from '../support/accounts.ts'
import { CLUSTER_ADMIN, startShopCluster, type ShopCluster } from '../support/shop-cluster.ts'
import { PROJECT_ROOT, type ShopProcess } from '../support/shop-process.ts'
import { Visitor } from '../support/visitor.ts'
import { waitUntil } from '../support/wait.ts'

/**
 * Scale-out: two app processes on different ports behind a load balancer, one PostgreSQL
 * database, one S3 bucket. Whatever one instance does, the other sees; nothing lives in either
 * process or its DATA_DIR. Payments across instances: payments-across-instances.test.ts.
 */
describe('two shop instances on one PostgreSQL database and one S3 bucket', () => {
	let cluster: ShopCluster
	let a: ShopProcess
	let b: ShopProcess
	beforeAll(async () => {
		cluster = await startShopCluster({ instances: 2, label: 'scale' })
		;[a, b] = cluster.instances as [ShopProcess, ShopProcess]
	})
	afterAll(() => cluster?.close())
	// A race between instances shows up as an error in a log long before it shows up in a page.
	afterEach(() => expect(cluster?.takeLoggedErrors() ?? []).toEqual([]))

	const db = () => cluster.database.db

	it('starting at the same moment, they migrate, seed, create the administrator and the app secret once', async () => {
		const journal = JSON.parse(await fs.readFile(path.join(PROJECT_ROOT, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
		const [migrations] = await queryRows<{ applied: number }>(db(), sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)
		expect(migrations!.applied).toBe(journal.entries.length)

		const demoCategoryCount = demoCategories.reduce((sum, top) => sum + 1 + (top.children?.length ?? 0), 0)
		expect((await db().select({ n: count() }).from(categories))[0]!.n).toBe(demoCategoryCount)
		const demoRows = demoProducts.reduce((sum, product) => sum + 1 + (product.variants?.length ?? 0), 0)
		expect((await db().select({ n: count() }).from(products))[0]!.n).toBe(demoRows)
		expect(cluster.instances.filter((shop) => shop.output().includes('"msg":"demo catalogue loaded"'))).toHaveLength(1)

		const admins = await db().select({ id: users.id }).from(users).where(eq(users.email, CLUSTER_ADMIN.email))
		expect(admins).toHaveLength(1)
		expect(await db().select().from(userRoles).where(eq(userRoles.userId, admins[0]!.id))).toEqual([expect.objectContaining({ role: 'admin' })])
		expect(await db().select().from(appSettings).where(eq(appSettings.key, 'app_secret'))).toHaveLength(1)

		for (const shop of [a, b]) expect(await (await fetch(`${shop.url}/healthz`)).json()).toEqual({ status: 'ok', db: 'postgres' })
	})

	it('the catalogue pictures live in the bucket: both instances point browsers at the same objects', async () => {
		const [product] = await db().select({ slug: products.slug, images: products.images }).from(products).where(eq(products.slug, demoProducts[0]!.slug))
		const picture = product!.images[0]!
		expect(picture.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/products/`)).toBe(true)
		const object = await fetch(picture)
		expect(object.status).toBe(200)
		expect(object.headers.get('content-type')).toBe('image/webp')
		const visitor = new Visitor(cluster.publicUrl)
		for (const shop of [a, b]) {
			const page = await visitor.get(shop.url, `/product/${product!.slug}`)
			expect(page.status).toBe(200)
			expect(await page.text()).toContain(picture)
		}
	})

	it('a session made on one instance works on the other and through the balancer; signing out on one ends it on both', async () => {
		const user = await createTestUser(db(), { name: 'Ana Scale' })
		const browser = new Visitor(cluster.publicUrl)
		const signIn = await browser.postForm(a.url, '/login', { intent: 'login', email: user.email, password: user.password })
		expect(signIn.status).toBe(302)
		expect(browser.hasCookie('shop.session_token')).toBe(true)

		const accountOnB = await browser.get(b.url, '/account')
		expect(accountOnB.status).toBe(200)
		expect(await accountOnB.text()).toContain(user.email)

		const servedBefore = new Map(cluster.loadBalancer.served)
		for (let i = 0; i < 4; i++) {
			const page = await browser.get(cluster.publicUrl, '/account')
			expect(page.status).toBe(200)
			expect(await page.text()).toContain(user.email)
		}
		for (const shop of [a, b]) expect((cluster.loadBalancer.served.get(shop.url) ?? 0) - (servedBefore.get(shop.url) ?? 0)).toBe(2)

		// The same person on a second device, signing in through the balancer (Host is then the public one).
		const phone = new Visitor(cluster.publicUrl)
		expect((await phone.postForm(cluster.publicUrl, '/login', { intent: 'login', email: user.email, password: user.password })).status).toBe(302)

		const cookiesWhileSignedIn = browser.cookieHeader()
		expect((await browser.postForm(b.url, '/logout', {})).status).toBe(302)
		expect(browser.hasCookie('shop.session_token')).toBe(false)
		// The old cookie replayed on A: the session row is gone from the shared database.
		const replayed = await fetch(`${a.url}/ro/account`, { redirect: 'manual', headers: { Cookie: cookiesWhileSignedIn } })
		expect(replayed.status).toBe(302)
		expect(replayed.headers.get('location')).toMatch(/^\/ro\/login/)
		// Only that session ended: the phone's still works on both.
		for (const shop of [a, b]) expect((await phone.get(shop.url, '/account')).status).toBe(200)
	})

	describe('sign-in rate limits count across both instances', () => {
		/** Failed sign-ins sent round-robin to `targets` until one is refused with 429; returns that attempt's number. */
		async function attemptsUntilThrottled(visitor: Visitor, targets: ShopProcess[], emailFor: (attempt: number) => string, maxAttempts: number) {
			for (let attempt = 1; attempt <= maxAttempts; attempt++) {
				const shop = targets[(attempt - 1) % targets.length]!
				const response = await visitor.postForm(shop.url, '/login', { intent: 'login', email: emailFor(attempt), password: 'not-the-password-1' })
				if (response.status === 429) return attempt
				expect(response.status).toBe(401)
			}
			return null
		}

		it('per account: alternating instances is refused at the same attempt as staying on one', async () => {
			const limit = SIGN_IN_BACKOFF.accountAddressFreeFailures
			const alone = await createTestUser(db())
			const alternated = await createTestUser(db())
			expect(await attemptsUntilThrottled(new Visitor(cluster.publicUrl), [a], () => alone.email, limit + 3)).toBe(limit + 1)
			const attacker = new Visitor(cluster.publicUrl)
			expect(await attemptsUntilThrottled(attacker, [a, b], () => alternated.email, limit + 3)).toBe(limit + 1)
			// Waiting on both: from the attacker's address even the right password is refused on either instance until the wait ends.
			for (const shop of [a, b]) {
				const response = await attacker.postForm(shop.url, '/login', { intent: 'login', email: alternated.email, password: alternated.password })
				expect(response.status).toBe(429)
			}
			// The owner, from another address, is not locked out on either (ADR 0097: this used to be 429 too).
			for (const shop of [a, b]) {
				const response = await new Visitor(cluster.publicUrl).postForm(shop.url, '/login', {
					intent: 'login',
					email: alternated.email,
					password: alternated.password,
				})
				expect(response.status).toBe(302)
			}
		})

		it('per address: one visitor trying many accounts on both instances is refused after the shared limit', async () => {
			const limit = SIGN_IN_BACKOFF.addressFreeFailures
			const emails = Array.from({ length: limit + 3 }, () => uniqueEmail('nobody'))
			expect(await attemptsUntilThrottled(new Visitor(cluster.publicUrl), [a, b], (attempt) => emails[attempt - 1]!, limit + 3)).toBe(limit + 1)
		})
	})

	describe('the translation cache is shared', () => {
		/** Content texts (context + Romanian text) the shop must have translated, once per language. */
		async function contentTexts() {
			const texts = new Set<string>()
			const add = (context: string, text: string | null) => {
				if (text?.trim()) texts.add(`${context}\u0000${text}`)
			}
			for (const row of await db().select().from(products)) {
				// A variant reads as its product's name and its own option values (ADR 0264).
				if (row.variantOf) {
					for (const value of row.optionValues) add(PRODUCT_OPTION_CONTEXT, value)
					continue
				}
				for (const name of row.optionNames) add(PRODUCT_OPTION_CONTEXT, name)
				add('product.name', row.name)
				add('product.description', row.description)
				add('product.smells_like', row.smellsLike)
				add('product.wax_color', row.waxColor)
				// glass and metal are interface words, translated with the interface (ADR 0138)
				if (!(CONTAINER_TYPES as readonly string[]).includes(row.containerType ?? '')) add('product.container_type', row.containerType)
			}
			for (const row of await db().select().from(categories)) {
				add('category.name', row.name)
				add('category.description', row.description)
			}
			for (const row of await db().select().from(homeContent)) {
				for (const field of HOME_FIELDS) add(contentContext('home', field), row[field])
			}
			return texts
		}

		async function untranslatedCount() {
			const [row] = await queryRows<{ pending: number }>(
				db(),
				sql`select count(*)::int as pending from ${translations} where translated_text is null and not stale`,
			)
			return row!.pending
		}

		/** How often the provider was asked for each (language, text). */
		function providerRequests() {
			const asked = new Map<string, number>()
			for (const request of cluster.translator.requests) {
				const body = request.body as { q: string; target: string }
				const key = `${body.target}\u0000${body.q}`
				asked.set(key, (asked.get(key) ?? 0) + 1)
			}
			return asked
		}

		it('both background workers translate the catalogue at start, each text once in all', async () => {
			const expectedRows = (await contentTexts()).size * 2
			await vi.waitFor(
				async () => {
					const [row] = await queryRows<{ rows: number }>(db(), sql`select count(*)::int as rows from ${translations} where not stale`)
					expect(row!.rows).toBe(expectedRows)
					expect(await untranslatedCount()).toBe(0)
				},
				{ timeout: 60_000, interval: 250 },
			)
			const asked = providerRequests()
			expect(asked.size).toBe(expectedRows)
			expect([...asked].filter(([, times]) => times > 1)).toEqual([])
		})

		it('a product saved on A is translated once; B serves the translations without asking the provider', async () => {
			const admin = new Visitor(cluster.publicUrl)
			expect((await admin.postForm(a.url, '/login', { intent: 'login', email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password })).status).toBe(302)
			const [category] = await db().select({ id: categories.id }).from(categories).where(eq(categories.slug, 'lumanari-in-borcan'))
			const suffix = crypto.randomBytes(4).toString('hex')
			const product = {
				name: `Lumânare de probă ${suffix}`,
				slug: `lumanare-de-proba-${suffix}`,
				description: `Ceară de soia și fitil de bumbac, lotul ${suffix}.`,
			}
			const saved = await admin.postJson(a.url, '/admin/products/new', { ...emptyProductForm, ...product, categoryId: category!.id, price: '25', stock: '3' })
			expect(saved.status).toBe(302)

			// B sees the new product at once, in Romanian while the translation runs.
			const romanian = await new Visitor(cluster.publicUrl, { locale: 'ro' }).get(b.url, `/product/${product.slug}`)
			expect(romanian.status).toBe(200)
			expect(await romanian.text()).toContain(product.name)

			await vi.waitFor(async () => expect(await untranslatedCount()).toBe(0), { timeout: 30_000, interval: 250 })
			const asked = providerRequests()
			for (const target of ['en', 'es']) {
				for (const text of [product.name, product.description]) expect(asked.get(`${target}\u0000${text}`), `${target}: ${text}`).toBe(1)
			}

			const requestsBefore = cluster.translator.requests.length
			for (const locale of ['en', 'es'] as const) {
				for (const shop of [b, a]) {
					const page = await new Visitor(cluster.publicUrl, { locale }).get(shop.url, `/product/${product.slug}`)
					expect(page.status).toBe(200)
					expect(await page.text()).toContain(`[${locale}] ${product.name}`)
				}
			}
			expect(cluster.translator.requests.length).toBe(requestsBefore)
		})
	})

	describe('each instance keeps pages for anonymous visitors, and drops them when either changes the catalogue', () => {
		/** Asks until the instance serves the page from its cache. */
		async function keptOn(shop: ShopProcess, locale: 'ro' | 'en', path: string) {
			let body = ''
			await waitUntil(
				async () => {
					const page = await new Visitor(cluster.publicUrl, { locale }).get(shop.url, path)
					body = await page.text()
					expect(page.status).toBe(200)
					return page.headers.get('x-cache') === 'HIT'
				},
				{ timeoutMs: 10_000, intervalMs: 100, what: `${path} (${locale}) served from ${shop.url}'s page cache` },
			)
			return body
		}

		/** NOTIFY reaches the other instance a moment after the commit. */
		const soon = { timeout: 2_000, interval: 20 }

		it('an editor’s translation made on A, and a sale’s stock change, show on B’s kept pages', async () => {
			const [product] = await db().select().from(products).where(eq(products.isActive, true)).orderBy(products.slug).limit(1)
			const path = `/product/${product!.slug}`
			// The demo's own English (ADR 0093); a product without one gets the machine's in the background.
			const english = demoProductTranslations[product!.slug]?.en.name ?? `[en] ${product!.name}`
			await vi.waitFor(async () => expect(await keptOn(b, 'en', path)).toContain(english), { timeout: 30_000, interval: 250 })
			await keptOn(b, 'ro', path)

			const editor = new Visitor(cluster.publicUrl)
			expect((await editor.postForm(a.url, '/login', { intent: 'login', email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password })).status).toBe(302)
			const saved = await editor.postForm(a.url, '/admin/translations', {
				kind: 'product',
				id: product!.id,
				field: 'name',
				locale: 'en',
				text: `Hand-poured ${product!.slug}`,
			})
			expect(saved.status).toBeLessThan(400)
			await vi.waitFor(async () => {
				const page = await new Visitor(cluster.publicUrl, { locale: 'en' }).get(b.url, path)
				expect(await page.text()).toContain(`Hand-poured ${product!.slug}`)
			}, soon)

			await db().update(products).set({ stock: 0 }).where(eq(products.id, product!.id))
			await vi.waitFor(async () => {
				const page = await new Visitor(cluster.publicUrl, { locale: 'ro' }).get(b.url, path)
				expect(await page.text()).toContain('Stoc epuizat')
			}, soon)
			await db().update(products).set({ stock: product!.stock }).where(eq(products.id, product!.id))
		})
	})

	it('nothing is kept per instance: one replaced by a fresh process with an empty DATA_DIR carries on', async () => {
		for (const shop of cluster.instances) expect(await fs.readdir(shop.dataDir)).toEqual([])
		const [productsBefore] = await db().select({ n: count() }).from(products)
		const user = await createTestUser(db())
		const browser = new Visitor(cluster.publicUrl)
		expect((await browser.postForm(a.url, '/login', { intent: 'login', email: user.email, password: user.password })).status).toBe(302)

		// A rolling restart: A stops cleanly, C takes its place with nothing but the shared environment.
		expect(await cluster.removeInstance(a)).toBe(0)
		const c = await cluster.addInstance()
		expect(c.output()).not.toContain('"msg":"demo catalogue loaded"')
		for (const shop of [b, c]) {
			const account = await browser.get(shop.url, '/account')
			expect(account.status).toBe(200)
			expect(await account.text()).toContain(user.email)
		}
		expect(await db().select({ n: count() }).from(products)).toEqual([productsBefore])
	})
})
