import { localeFromPath, localizedPath } from '#domain/i18n/paths.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client.ts'
import { eq } from 'drizzle-orm'
import { categories, orderItems, products, uploads } from '#db/schema/index.ts'
import { issueInvoice } from '#server/invoices/issue.ts'
import { orderPageKey } from '#server/orders/order-page.ts'
import { loadAppSecret } from '#server/secret.ts'
import { photoLink } from '#server/uploads/photo-links.ts'
import { jpegWithGps } from '../support/images.ts'
import { testInvoicing } from '../support/checkout-fixtures.ts'
import { createTestUser, insertTestOrder, signInOverHttp, type TestUser } from '../support/accounts.ts'
import { createTemporaryPostgresDatabase } from '../support/postgres.ts'
import { startShop, type ShopProcess } from '../support/shop-process.ts'
import { ACTORS, MATRIX_ROWS, pngUpload, type Actor, type MatrixFixtures, type MatrixRow, type Outcome } from './authorization-matrix.rows.ts'

/**
 * Runs every row of the authorization matrix against the built shop over real HTTP, as each actor.
 * PostgreSQL, so the test can write fixtures while the shop runs.
 */
let shop: ShopProcess
let handle: DatabaseHandle
let dropDatabase: () => Promise<void>
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>
const cookies = {} as Record<Exclude<Actor, 'anonymous'>, string>
let fixtures: MatrixFixtures

beforeAll(async () => {
	const database = await createTemporaryPostgresDatabase('authz')
	dropDatabase = database.drop
	shop = await startShop({ env: { DATABASE_URL: database.url, SEED_DEMO_CATALOG: 'false' } })
	handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 3 })
	people.customerA = await createTestUser(handle.db, { name: 'Ana Client' })
	people.customerB = await createTestUser(handle.db, { name: 'Bogdan Client' })
	people.editor = await createTestUser(handle.db, { roles: ['editor'] })
	people.admin = await createTestUser(handle.db, { roles: ['admin'] })
	const orderA = await insertTestOrder(handle.db, { userId: people.customerA.id, email: people.customerA.email })
	const orderB = await insertTestOrder(handle.db, { userId: people.customerB.id, email: people.customerB.email, status: 'shipped', trackingNumber: 'AWB-B-1' })
	const guestOrder = await insertTestOrder(handle.db, { userId: null, email: 'oaspete@example.com' })
	// The shop keeps its secret in app_settings (no APP_SECRET here): the keys its emails would carry.
	const secret = await loadAppSecret(handle.db, undefined)
	const product = async (key: string) => {
		const [row] = await handle.db
			.insert(products)
			.values({ slug: `matrice-${key}`, name: `Produs matrice ${key}`, description: 'Descriere', kind: 'candle', priceCents: 1000, stock: 2 })
			.returning()
		return { id: row!.id, name: row!.name }
	}
	const category = async (key: string) => {
		const [row] = await handle.db
			.insert(categories)
			.values({ slug: `categorie-${key}`, name: `Categorie matrice ${key}`, description: 'Descriere categorie' })
			.returning()
		return { id: row!.id, name: row!.name }
	}
	for (const actor of ['customerA', 'customerB', 'editor', 'admin'] as const) {
		cookies[actor] = await signInOverHttp(shop.url, people[actor].email, people[actor].password)
	}
	// Media files to delete (the admin's and the editor's), uploaded the way the admin screen does.
	const mediaFile = async () => {
		const upload = await fetch(`${shop.url}/admin/api/media`, {
			method: 'POST',
			headers: { Cookie: cookies.admin, Origin: shop.url },
			body: await pngUpload({ folder: 'hero' }),
		})
		expect(upload.status, await upload.clone().text()).toBe(201)
		return ((await upload.json()) as { id: string }).id
	}
	const [mediaId, editorMediaId] = [await mediaFile(), await mediaFile()]
	// A customer's portrait photo, uploaded as the portrait page does and attached to customerA's order.
	const photoUpload = async () => {
		const form = new FormData()
		form.append('photo', new Blob([new Uint8Array(await jpegWithGps())], { type: 'image/jpeg' }), 'photo.jpg')
		const response = await fetch(`${shop.url}/api/uploads/portrait`, { method: 'POST', headers: { Origin: shop.url }, body: form })
		expect(response.status).toBe(201)
		return ((await response.json()) as { id: string }).id
	}
	const [photoId, otherPhotoId] = [await photoUpload(), await photoUpload()]
	const [photoItem] = await handle.db.update(orderItems).set({ uploadId: photoId }).where(eq(orderItems.orderId, orderA.id)).returning({ id: orderItems.id })
	const [photoRow] = await handle.db.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.id, photoId))
	const otherLink = new URL(photoLink(secret, otherPhotoId, { seconds: 600 }), shop.url)
	const invoiceOf = (orderId: string) => handle.db.transaction((tx) => issueInvoice(tx, testInvoicing, orderId)).then((invoice) => invoice.number)
	fixtures = {
		orders: { customerA: { id: orderA.id, number: orderA.id.slice(0, 8) }, customerB: { id: orderB.id, number: orderB.id.slice(0, 8) } },
		invoices: { customerA: await invoiceOf(orderA.id), customerB: await invoiceOf(orderB.id), guest: await invoiceOf(guestOrder.id) },
		guestOrder: { id: guestOrder.id, number: guestOrder.id.slice(0, 8) },
		orderKeys: { customerA: orderPageKey(secret, orderA.id), guest: orderPageKey(secret, guestOrder.id) },
		photo: {
			uploadId: photoId,
			itemId: photoItem!.id,
			storageKey: photoRow!.storageKey,
			signedLink: photoLink(secret, photoId, { seconds: 600 }),
			expiredLink: photoLink(secret, photoId, { seconds: 60, now: Date.now() - 120_000 }),
			otherPhotoLink: `/api/uploads/portrait/${photoId}${otherLink.search}`,
		},
		emails: { customerA: people.customerA.email, customerB: people.customerB.email, editor: people.editor.email, admin: people.admin.email },
		catalog: {
			products: { edit: await product('edit'), toggle: await product('toggle'), delete: await product('delete'), editorDelete: await product('editor-delete') },
			categories: {
				edit: await category('edit'),
				toggle: await category('toggle'),
				delete: await category('delete'),
				editorDelete: await category('editor-delete'),
			},
			mediaId,
			editorMediaId,
		},
	}
})

afterAll(async () => {
	await shop?.stop()
	await handle?.close()
	await dropDatabase?.()
})

async function cookieFor(actor: Actor, row: MatrixRow): Promise<string | undefined> {
	if (actor === 'anonymous') return undefined
	return row.spendsSession ? signInOverHttp(shop.url, people[actor].email, people[actor].password) : cookies[actor]
}

function pathOf(row: MatrixRow, actor: Actor) {
	return typeof row.path === 'function' ? row.path(fixtures, actor) : row.path
}

/** The matrix's requests send no language cookie or Accept-Language: a page without language in its URL (admin) is the visitor's English (ADR 0106). */
function languageOf(path: string) {
	return localeFromPath(path) ?? 'en'
}

function loginTarget(path: string) {
	return `${localizedPath(languageOf(path), '/login')}?returnUrl=${encodeURIComponent(path)}`
}

function homeTarget(path: string) {
	return localizedPath(languageOf(path), '/')
}

async function assertOutcome(response: Response, outcome: Outcome, row: MatrixRow, actor: Actor) {
	const path = pathOf(row, actor)
	const body = await response.text()
	const location = response.headers.get('location')
	const where = `${row.method} ${path} as ${actor}`
	if (outcome === 'ok') {
		expect(response.status, `${where}: ${body.slice(0, 300)}`).toBe(200)
		row.check?.(body, actor, fixtures)
	} else if (outcome === 'login') {
		expect([response.status, location], where).toEqual([302, loginTarget(path)])
	} else if (outcome === 'home') {
		expect([response.status, location], where).toEqual([302, homeTarget(path)])
	} else if (typeof outcome === 'object') {
		expect([response.status, location], `${where}: ${body.slice(0, 300)}`).toEqual([302, outcome.redirect])
	} else {
		expect(response.status, `${where}: ${body.slice(0, 300)}`).toBe(outcome)
	}
	// Whatever the outcome, another customer's order never shows (a page may echo the address the
	// actor asked for, e.g. the 404 page's language switcher: that id is theirs to know already).
	if (actor === 'customerA' && !path.includes(fixtures.orders.customerB.id)) expect(body, where).not.toContain(fixtures.orders.customerB.id.slice(0, 8))
	if (actor === 'customerB' && !path.includes(fixtures.orders.customerA.id)) expect(body, where).not.toContain(fixtures.orders.customerA.id.slice(0, 8))
	// An order's page that refuses says nothing of the order: no total, no address, no line.
	if (typeof outcome === 'number' && path.includes('/order/')) expect(body, where).not.toMatch(/Lumânare Vanilie|Lalelelor|Sunați înainte/)
}

describe.each(MATRIX_ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
	it.each(ACTORS.map((actor) => [actor, row.expect[actor]] as const))('as %s → %s', async (actor, outcome) => {
		const cookie = await cookieFor(actor, row)
		const headers: Record<string, string> = {}
		if (cookie) headers.Cookie = cookie
		const path = pathOf(row, actor)
		let response: Response
		if (row.method === 'GET') {
			response = await fetch(`${shop.url}${path}`, { redirect: 'manual', headers })
		} else if (row.multipart) {
			response = await fetch(`${shop.url}${path}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { ...headers, Origin: shop.url },
				body: await row.multipart(fixtures, actor),
			})
		} else if (row.json) {
			response = await fetch(`${shop.url}${path}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { ...headers, Origin: shop.url, 'Content-Type': 'application/json' },
				body: JSON.stringify(row.json(fixtures, actor)),
			})
		} else {
			response = await fetch(`${shop.url}${path}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { ...headers, Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(row.form?.(fixtures, actor) ?? {}),
			})
		}
		await assertOutcome(response, outcome, row, actor)
	})

	if (row.method === 'GET' && row.data !== false) {
		// Client-side navigations fetch loader data from `<path>.data`: the same guard must hold there.
		it.each(ACTORS.map((actor) => [actor, row.expect[actor]] as const))('as client data for %s → %s', async (actor, outcome) => {
			const cookie = await cookieFor(actor, row)
			const url = new URL(pathOf(row, actor), shop.url)
			url.pathname = `${url.pathname === '/' ? '/_root' : url.pathname}.data`
			const response = await fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
			const body = await response.text()
			const where = `GET ${url.pathname}${url.search} as ${actor}`
			if (outcome === 'ok') {
				expect(response.status, where).toBe(200)
				expect(body, where).not.toContain('SingleFetchRedirect')
				if (actor === 'customerA' || actor === 'customerB') row.check?.(body, actor, fixtures)
			} else if (typeof outcome === 'object') {
				// A page that sends this actor elsewhere (an editor at the dashboard goes to the catalogue).
				expect(response.status, where).toBe(202)
				expect(body, where).toContain('SingleFetchRedirect')
				expect(body, where).toContain(JSON.stringify(outcome.redirect))
			} else if (outcome === 'login' || outcome === 'home') {
				const target = outcome === 'login' ? loginTarget(pathOf(row, actor)) : homeTarget(pathOf(row, actor))
				expect(response.status, where).toBe(202)
				expect(body, where).toContain('SingleFetchRedirect')
				expect(body, where).toContain(JSON.stringify(target))
			} else {
				expect(response.status, where).toBe(outcome)
			}
			if (actor === 'customerA') expect(body, where).not.toContain(fixtures.orders.customerB.id.slice(0, 8))
			if (actor === 'customerB') expect(body, where).not.toContain(fixtures.orders.customerA.id.slice(0, 8))
		})
	}
})
