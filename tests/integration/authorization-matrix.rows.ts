/**
 * The authorization matrix: every account and admin route, loader and action, with the exact
 * outcome for each kind of visitor. Later issues add their routes here (one row per loader or
 * action); tests/integration/authorization-matrix.test.ts runs every row as every actor.
 */
import { expect } from 'vitest'

export const ACTORS = ['anonymous', 'customerA', 'customerB', 'editor', 'admin'] as const
export type Actor = (typeof ACTORS)[number]

/**
 * - `ok`: 200 (`check` then looks at the body);
 * - `login`: redirect to the login page (in the path's language, else the visitor's) with returnUrl=<this path>;
 * - `home`: redirect to the home page (in the path's language, else the visitor's);
 * - `{ redirect }`: a success that redirects there (a saved form going back to its list);
 * - a number: exactly that status (201 created, 400 bad input, 403, 404, 405 no such action).
 */
export type Outcome = 'ok' | 'login' | 'home' | { redirect: string } | 201 | 400 | 403 | 404 | 405 | 409

/** Data the rows can use: the ids of things that belong to someone. */
export type MatrixFixtures = {
	orders: Record<'customerA' | 'customerB', { id: string; number: string }>
	/** The invoice number of each customer's order and of the guest's (ADR 0118). */
	invoices: Record<'customerA' | 'customerB' | 'guest', string>
	emails: Record<Exclude<Actor, 'anonymous'>, string>
	/** A guest's order (no account) and the signed keys of the order pages (ADR 0135). */
	guestOrder: { id: string; number: string }
	orderKeys: { customerA: string; guest: string }
	/** A portrait photo on customerA's order (ADR 0173): its links, and where its file is stored. */
	photo: { uploadId: string; itemId: string; storageKey: string; signedLink: string; expiredLink: string; otherPhotoLink: string }
	/** Catalogue rows made for the admin rows: one per action that changes or removes it. */
	catalog: {
		products: Record<'edit' | 'toggle' | 'delete' | 'editorDelete', { id: string; name: string }>
		categories: Record<'edit' | 'toggle' | 'delete' | 'editorDelete', { id: string; name: string }>
		mediaId: string
		editorMediaId: string
	}
}

export type MatrixRow = {
	name: string
	method: 'GET' | 'POST'
	/** The actor is given so that a change both staff roles may make works on a row of each one's own. */
	path: string | ((fx: MatrixFixtures, actor: Actor) => string)
	/** Form fields for POST rows (sent as a same-origin form post). */
	form?: (fx: MatrixFixtures, actor: Actor) => Record<string, string>
	/** A JSON body instead (scripts may post JSON; the admin forms post FormData, as `form` rows do). */
	json?: (fx: MatrixFixtures, actor: Actor) => unknown
	/** A multipart body instead (the admin upload endpoints); made afresh for each request. */
	multipart?: (fx: MatrixFixtures, actor: Actor) => Promise<FormData>
	expect: Record<Actor, Outcome>
	/** GET rows of page routes are also requested as client-navigation data (`.data`); resource routes set false. */
	data?: boolean
	/** The request ends the actor's session (logout): it gets a session of its own. */
	spendsSession?: boolean
	/** Extra assertions on a 200 body, e.g. that nobody sees someone else's order. */
	check?: (body: string, actor: Actor, fx: MatrixFixtures) => void
}

const everyoneSignedIn = (outcome: Outcome) => ({ customerA: outcome, customerB: outcome, editor: outcome, admin: outcome })
const adminOnlyPage = { anonymous: 'login', customerA: 'home', customerB: 'home', editor: 'home', admin: 'ok' } as const
/** Admin-only, with the admin's own outcome given. */
const adminOnly = (admin: Outcome): Record<Actor, Outcome> => ({ ...adminOnlyPage, admin })
/** Editor areas: editors and admins in, customers home, visitors to /login. */
const editorPage = { anonymous: 'login', customerA: 'home', customerB: 'home', editor: 'ok', admin: 'ok' } as const
/** The admin's areas an editor shares (ADR 0236: catalogue, media, home page): both staff roles get the same outcome. */
const staff = (outcome: Outcome): Record<Actor, Outcome> => ({ ...editorPage, editor: outcome, admin: outcome })
/** The row a change works on: the editor's own, so that the admin's request after it still finds its own. */
const own = <T>(actor: Actor, admin: T, editor: T) => (actor === 'editor' ? editor : admin)

/** A small real PNG (the upload endpoints check the bytes). */
export async function pngUpload(fields: Record<string, string>) {
	const sharp = (await import('sharp')).default
	const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c63' } })
		.png()
		.toBuffer()
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'matrix.png')
	return form
}

const productForm = (name: string, slug: string, categoryId: string) => ({
	name,
	slug,
	description: 'Ceară de soia.',
	kind: 'candle',
	categoryId,
	price: '19.90',
	stock: '3',
	badges: [],
	isActive: true,
	images: [],
	portraitSize: '',
	scent: '',
	smellsLike: '',
	waxColor: '',
	containerType: '',
	customLabelAvailable: false,
	giftWrapAvailable: true,
})

const categoryForm = (name: string, slug: string) => ({
	name,
	slug,
	description: '',
	parentId: '',
	displayOrder: '0',
	isActive: true,
	price: '',
	imageUrl: null,
})

/**
 * A form's values as the browser posts them (ADR 0101): a ticked box is 'on', an unticked one and an
 * empty list are not sent, null is an empty field.
 */
function asForm(values: Record<string, unknown>): Record<string, string> {
	const form: Record<string, string> = {}
	for (const [name, value] of Object.entries(values)) {
		if (value === false || (Array.isArray(value) && value.length === 0)) continue
		form[name] = value === true ? 'on' : value === null ? '' : String(value)
	}
	return form
}

/** The body names the product or category the row is about. */
const mentions = (pick: (fx: MatrixFixtures) => string) => (body: string, _actor: Actor, fx: MatrixFixtures) => expect(body).toContain(pick(fx))

/** A customer sees their own order and never the other customer's. */
function onlyOwnOrders(body: string, actor: Actor, fx: MatrixFixtures) {
	const a = fx.orders.customerA
	const b = fx.orders.customerB
	if (actor === 'customerA') {
		expect(body).toContain(a.number)
		expect(body).not.toContain(b.number)
	} else if (actor === 'customerB') {
		expect(body).toContain(b.number)
		expect(body).not.toContain(a.number)
	} else {
		expect(body).not.toContain(a.number)
		expect(body).not.toContain(b.number)
	}
	if (actor !== 'anonymous') expect(body).toContain(fx.emails[actor])
}

export const MATRIX_ROWS: MatrixRow[] = [
	// Order pages (ADR 0135): the owner signed in, or whoever holds the emailed link; everyone else 404.
	{
		name: 'order page without a key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.orders.customerA.id}`,
		expect: { anonymous: 404, customerA: 'ok', customerB: 404, editor: 404, admin: 404 },
		check: (body, _actor, fx) => {
			expect(body).toContain(fx.orders.customerA.number)
			expect(body).toContain('Lalelelor')
			// Its owner gets a signed link to the portrait photo (ADR 0173).
			expect(body).toMatch(new RegExp(`/api/uploads/portrait/${fx.photo.uploadId}\\?variant=preview&(amp;)?expires=`))
		},
	},
	// Customer photos (ADR 0173): a signed, short-lived link, or staff through the admin; nothing else.
	{
		name: 'portrait photo without a signature',
		method: 'GET',
		path: (fx) => `/api/uploads/portrait/${fx.photo.uploadId}`,
		data: false,
		expect: { anonymous: 403, ...everyoneSignedIn(403) },
	},
	{
		name: 'portrait photo with an expired link',
		method: 'GET',
		path: (fx) => fx.photo.expiredLink,
		data: false,
		expect: { anonymous: 403, ...everyoneSignedIn(403) },
	},
	{
		name: 'portrait photo with another photo’s signature',
		method: 'GET',
		path: (fx) => fx.photo.otherPhotoLink,
		data: false,
		expect: { anonymous: 403, ...everyoneSignedIn(403) },
	},
	{
		name: 'portrait photo with its signed link (whoever was handed it)',
		method: 'GET',
		path: (fx) => fx.photo.signedLink,
		data: false,
		expect: { anonymous: 'ok', ...everyoneSignedIn('ok') },
	},
	{
		name: 'portrait photo file in storage',
		method: 'GET',
		path: (fx) => `/uploads/${fx.photo.storageKey}`,
		data: false,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
	},
	{
		name: 'admin order photo (the original)',
		method: 'GET',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}/photo/${fx.photo.itemId}`,
		data: false,
		expect: adminOnly('ok'),
	},
	{
		name: 'guest order page with its emailed key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.guestOrder.id}?key=${fx.orderKeys.guest}`,
		expect: { anonymous: 'ok', ...everyoneSignedIn('ok') },
		check: (body, _actor, fx) => {
			expect(body).toContain(fx.guestOrder.number)
			expect(body).toContain('Lalelelor')
		},
	},
	{
		name: 'guest order page with another order’s key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.guestOrder.id}?key=${fx.orderKeys.customerA}`,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
	},
	{
		name: 'guest order page with a changed key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.guestOrder.id}?key=${fx.orderKeys.guest.slice(0, -2)}${fx.orderKeys.guest.endsWith('AA') ? 'BB' : 'AA'}`,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
	},
	// Order documents (ADR 0155): the same right as the order page, and only that order's documents.
	{
		name: 'order document of customer A without a key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.orders.customerA.id}/documents/${fx.invoices.customerA}.pdf`,
		expect: { anonymous: 404, customerA: 'ok', customerB: 404, editor: 404, admin: 404 },
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'guest order document with its emailed key',
		method: 'GET',
		path: (fx) => `/es/order/${fx.guestOrder.id}/documents/${fx.invoices.guest}.pdf?key=${fx.orderKeys.guest}`,
		expect: { anonymous: 'ok', ...everyoneSignedIn('ok') },
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'another order’s document through the guest order’s key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.guestOrder.id}/documents/${fx.invoices.customerB}.pdf?key=${fx.orderKeys.guest}`,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
		data: false,
	},
	{
		name: 'guest order document with another order’s key',
		method: 'GET',
		path: (fx) => `/en/order/${fx.guestOrder.id}/documents/${fx.invoices.guest}.pdf?key=${fx.orderKeys.customerA}`,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
		data: false,
	},
	{
		name: 'order document in no language',
		method: 'GET',
		path: (fx) => `/xx/order/${fx.guestOrder.id}/documents/${fx.invoices.guest}.pdf?key=${fx.orderKeys.guest}`,
		expect: { anonymous: 404, ...everyoneSignedIn(404) },
		data: false,
	},
	// Account
	{ name: 'account page', method: 'GET', path: '/en/account', expect: { anonymous: 'login', ...everyoneSignedIn('ok') }, check: onlyOwnOrders },
	{
		name: 'account data export',
		method: 'GET',
		path: '/account/export',
		data: false,
		expect: { anonymous: 'login', ...everyoneSignedIn('ok') },
		check: (body, actor, fx) => {
			const parsed = JSON.parse(body) as { account: { email: string }; orders: { id: string }[] }
			expect(parsed.account.email).toBe(fx.emails[actor as Exclude<Actor, 'anonymous'>])
			const ids = parsed.orders.map((order) => order.id)
			expect(ids).toEqual(actor === 'customerA' || actor === 'customerB' ? [fx.orders[actor].id] : [])
		},
	},
	{
		name: 'account action: change password with a wrong current password',
		method: 'POST',
		path: '/en/account',
		form: () => ({
			intent: 'change-password',
			currentPassword: 'not-the-password',
			newPassword: 'brand-new-lantern-9',
			confirmPassword: 'brand-new-lantern-9',
		}),
		expect: { anonymous: 'login', ...everyoneSignedIn(400) },
	},
	{
		name: 'account action: delete account without the password',
		method: 'POST',
		path: '/en/account',
		form: () => ({ intent: 'delete-account', password: 'not-the-password', confirm: 'on' }),
		expect: { anonymous: 'login', ...everyoneSignedIn(400) },
	},
	{
		name: 'account action: unknown intent',
		method: 'POST',
		path: '/en/account',
		form: () => ({ intent: 'grant-admin', role: 'admin' }),
		expect: { anonymous: 'login', ...everyoneSignedIn(400) },
	},
	// Session pages
	{ name: 'login page', method: 'GET', path: '/en/login', expect: { anonymous: 'ok', ...everyoneSignedIn('home') } },
	{
		name: 'login page with an off-site returnUrl',
		method: 'GET',
		path: '/en/login?returnUrl=https%3A%2F%2Fevil.example%2F',
		expect: { anonymous: 'ok', ...everyoneSignedIn('home') },
	},
	{ name: 'logout by GET changes nothing', method: 'GET', path: '/logout', data: false, expect: { anonymous: 'home', ...everyoneSignedIn('home') } },
	{ name: 'logout action', method: 'POST', path: '/logout', form: () => ({}), spendsSession: true, expect: { anonymous: 'home', ...everyoneSignedIn('home') } },
	// Admin: admin-only
	// The dashboard shows takings: an editor is sent to the catalogue (ADR 0236).
	{ name: 'admin dashboard', method: 'GET', path: '/admin', expect: { ...adminOnlyPage, editor: { redirect: '/admin/products' } } },
	{
		name: 'admin dashboard has no action',
		method: 'POST',
		path: '/admin',
		form: () => ({ intent: 'anything' }),
		expect: { ...adminOnlyPage, editor: { redirect: '/admin/products' }, admin: 405 },
	},
	{ name: 'an unknown admin page', method: 'GET', path: '/admin/no-such-page', expect: adminOnly(404) },
	// Admin security: the sign-in block log (ADR 0097), read-only
	{ name: 'admin sign-in block log', method: 'GET', path: '/admin/security', expect: adminOnlyPage },
	{
		name: 'admin sign-in block log has no action',
		method: 'POST',
		path: '/admin/security',
		form: () => ({ intent: 'anything' }),
		expect: { ...adminOnlyPage, admin: 405 },
	},
	// Admin staff (ADR 0112): only admins see or change roles. The grant gives the editor a role it has (no change).
	{ name: 'admin staff list', method: 'GET', path: '/admin/staff', expect: adminOnlyPage, check: mentions((fx) => fx.emails.editor) },
	{
		name: 'admin staff action: grant',
		method: 'POST',
		path: '/admin/staff',
		form: (fx) => ({ intent: 'grant', email: fx.emails.editor, role: 'editor' }),
		expect: adminOnlyPage,
	},
	{
		name: 'admin staff action: grant to nobody',
		method: 'POST',
		path: '/admin/staff',
		form: () => ({ intent: 'grant', email: 'nobody-here@example.com', role: 'editor' }),
		expect: adminOnly(400),
	},
	{
		name: 'admin staff action: revoke a bad id',
		method: 'POST',
		path: '/admin/staff',
		form: () => ({ intent: 'revoke', userId: 'x', role: 'editor' }),
		expect: adminOnly(400),
	},
	// Shipping (ADR 0240): the owner's prices, never an editor's. The changes name no zone or rate the shop has.
	{ name: 'admin shipping page', method: 'GET', path: '/admin/shipping', expect: adminOnlyPage },
	{ name: 'admin new shipping zone form', method: 'GET', path: '/admin/shipping/zones/new', expect: adminOnlyPage },
	{
		name: 'admin shipping action: delete a rate that is not there',
		method: 'POST',
		path: '/admin/shipping',
		form: () => ({ intent: 'deleteRate', id: '00000000-0000-4000-8000-000000000000' }),
		expect: adminOnly(404),
	},
	{
		name: 'admin shipping rate save: a zone that is not there',
		method: 'POST',
		path: '/admin/shipping/rates/new',
		form: () => ({ zoneId: '00000000-0000-4000-8000-000000000000', price: '9,90', minSubtotal: '', maxSubtotal: '', minWeightGrams: '', maxWeightGrams: '' }),
		expect: adminOnly(404),
	},
	// Admin products
	{ name: 'admin product list', method: 'GET', path: '/admin/products', expect: staff('ok'), check: mentions((fx) => fx.catalog.products.edit.name) },
	{ name: 'admin new product form', method: 'GET', path: '/admin/products/new', expect: staff('ok') },
	{
		name: 'admin product form',
		method: 'GET',
		path: (fx) => `/admin/products/${fx.catalog.products.edit.id}`,
		expect: staff('ok'),
		check: mentions((fx) => fx.catalog.products.edit.name),
	},
	{
		name: 'admin product action: toggle',
		method: 'POST',
		path: '/admin/products',
		form: (fx) => ({ intent: 'toggle', id: fx.catalog.products.toggle.id, active: 'false' }),
		expect: staff('ok'),
	},
	{
		name: 'admin product action: delete',
		method: 'POST',
		path: '/admin/products',
		form: (fx, actor) => ({ intent: 'delete', id: own(actor, fx.catalog.products.delete, fx.catalog.products.editorDelete).id }),
		// Back to the list with its toast.
		expect: staff({ redirect: '/admin/products' }),
	},
	{
		name: 'admin product action: bulk deactivate',
		method: 'POST',
		path: '/admin/products',
		form: (fx) => ({ intent: 'bulk', operation: 'deactivate', 'ids[]': fx.catalog.products.toggle.id }),
		expect: staff('ok'),
	},
	{
		name: 'admin product action: inline stock (the figure it showed)',
		method: 'POST',
		path: '/admin/products',
		form: (fx) => ({ intent: 'stock', id: fx.catalog.products.toggle.id, stock: '2', loadedStock: '2' }),
		expect: staff('ok'),
	},
	{
		name: 'admin product action: low-stock threshold',
		method: 'POST',
		path: '/admin/products',
		form: () => ({ intent: 'threshold', threshold: '5' }),
		expect: staff('ok'),
	},
	{
		name: 'admin product save: create',
		method: 'POST',
		path: '/admin/products/new',
		form: (fx, actor) => asForm(productForm(`Lumânare matrice nouă ${actor}`, `lumanare-matrice-noua-${actor}`, fx.catalog.categories.edit.id)),
		expect: staff({ redirect: '/admin/products' }),
	},
	{
		name: 'admin product save: update',
		method: 'POST',
		path: (fx) => `/admin/products/${fx.catalog.products.edit.id}`,
		// The form sends the stock it was loaded with (the fixture's 2) beside the new figure (ADR 0094); the editor, first, leaves it.
		form: (fx, actor) =>
			asForm({
				...productForm(fx.catalog.products.edit.name, 'lumanare-matrice-editata', fx.catalog.categories.edit.id),
				stock: own(actor, '3', '2'),
				loadedStock: '2',
			}),
		expect: staff({ redirect: '/admin/products' }),
	},
	// Admin categories
	{ name: 'admin category list', method: 'GET', path: '/admin/categories', expect: staff('ok'), check: mentions((fx) => fx.catalog.categories.edit.name) },
	{ name: 'admin new category form', method: 'GET', path: '/admin/categories/new', expect: staff('ok') },
	{
		name: 'admin category form',
		method: 'GET',
		path: (fx) => `/admin/categories/${fx.catalog.categories.edit.id}`,
		expect: staff('ok'),
		check: mentions((fx) => fx.catalog.categories.edit.name),
	},
	{
		name: 'admin category action: toggle',
		method: 'POST',
		path: '/admin/categories',
		form: (fx) => ({ intent: 'toggle', id: fx.catalog.categories.toggle.id, active: 'false' }),
		expect: staff('ok'),
	},
	{
		name: 'admin category action: delete',
		method: 'POST',
		path: '/admin/categories',
		form: (fx, actor) => ({ intent: 'delete', id: own(actor, fx.catalog.categories.delete, fx.catalog.categories.editorDelete).id, productsTo: 'deactivate' }),
		expect: staff({ redirect: '/admin/categories' }),
	},
	{
		name: 'admin category save: create',
		method: 'POST',
		path: '/admin/categories/new',
		form: (_fx, actor) => asForm(categoryForm(`Categorie matrice nouă ${actor}`, `categorie-matrice-noua-${actor}`)),
		expect: staff({ redirect: '/admin/categories' }),
	},
	{
		name: 'admin category save: update',
		method: 'POST',
		path: (fx) => `/admin/categories/${fx.catalog.categories.edit.id}`,
		form: (fx) => asForm(categoryForm(fx.catalog.categories.edit.name, 'categorie-matrice-editata')),
		expect: staff({ redirect: '/admin/categories' }),
	},
	// Invoices (ADR 0118): a customer downloads only their own; the admin downloads come from the admin layout.
	{
		name: 'account invoice PDF of customer A',
		method: 'GET',
		path: (fx) => `/account/invoices/${fx.invoices.customerA}.pdf`,
		expect: { anonymous: 'login', customerA: 'ok', customerB: 404, editor: 404, admin: 404 },
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'account invoice PDF of customer B',
		method: 'GET',
		path: (fx) => `/account/invoices/${fx.invoices.customerB}.pdf`,
		expect: { anonymous: 'login', customerA: 404, customerB: 'ok', editor: 404, admin: 404 },
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'account invoice that does not exist',
		method: 'GET',
		path: '/account/invoices/LC-1999-000001.pdf',
		expect: { anonymous: 'login', ...everyoneSignedIn(404) },
		data: false,
	},
	{
		name: 'admin order invoice PDF',
		method: 'GET',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}/invoice.pdf`,
		expect: adminOnlyPage,
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'admin order invoice XML (e-Factura)',
		method: 'GET',
		path: (fx) => `/admin/orders/${fx.orders.customerB.id}/invoice.xml`,
		expect: adminOnlyPage,
		data: false,
		check: (body, _actor, fx) => expect(body).toContain(`<cbc:ID>${fx.invoices.customerB}</cbc:ID>`),
	},
	{
		name: 'admin invoice by number (PDF)',
		method: 'GET',
		path: (fx) => `/admin/invoices/${fx.invoices.customerB}.pdf`,
		expect: adminOnlyPage,
		data: false,
		check: (body) => expect(body.startsWith('%PDF-')).toBe(true),
	},
	{
		name: 'admin invoice by number (XML)',
		method: 'GET',
		path: (fx) => `/admin/invoices/${fx.invoices.customerA}.xml`,
		expect: adminOnlyPage,
		data: false,
		check: (body, _actor, fx) => expect(body).toContain(`<cbc:ID>${fx.invoices.customerA}</cbc:ID>`),
	},
	// Admin orders
	{ name: 'admin orders list', method: 'GET', path: '/admin/orders', expect: adminOnlyPage },
	{ name: 'admin order dialog', method: 'GET', path: (fx) => `/admin/orders/${fx.orders.customerB.id}`, expect: adminOnlyPage },
	{ name: 'admin orders CSV export', method: 'GET', path: '/admin/orders/export', expect: adminOnlyPage, data: false },
	// The newsletter's subscribers are personal data: admins only, the list and its CSV.
	{ name: 'admin newsletter subscribers', method: 'GET', path: '/admin/newsletter', expect: adminOnlyPage },
	// Campaigns go to every subscriber: admins only, like the list they are sent to.
	{ name: 'admin newsletter campaigns', method: 'GET', path: '/admin/newsletter/campaigns', expect: adminOnlyPage },
	{ name: 'admin new newsletter campaign', method: 'GET', path: '/admin/newsletter/campaigns/new', expect: adminOnlyPage },
	{
		name: 'admin newsletter CSV export',
		method: 'GET',
		path: '/admin/newsletter/export?status=all',
		expect: adminOnlyPage,
		data: false,
		// The reader drops the byte order mark.
		check: (body) => expect(body.replace(/^\uFEFF/, '').startsWith('Email;Limba;Data acordului;Textul acceptat;Data confirmării')).toBe(true),
	},
	{
		name: 'admin order action: internal note',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'note', note: 'Notă din matrice' }),
		expect: adminOnlyPage,
	},
	{
		name: 'admin order action: empty note',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'note', note: '   ' }),
		expect: adminOnly(400),
	},
	// e-Factura and the accountant's month (ADR 0160, 0161): admins only; a retry without ANAF credentials is refused.
	{ name: 'admin e-Factura list', method: 'GET', path: '/admin/efactura', expect: adminOnlyPage },
	{
		name: 'admin e-Factura retry without credentials',
		method: 'POST',
		path: '/admin/efactura',
		form: (fx) => ({ intent: 'retry', invoiceId: fx.orders.customerA.id }),
		expect: adminOnly(409),
	},
	{
		name: "admin e-Factura: ANAF's answer of a document never uploaded",
		method: 'GET',
		path: (fx) => `/admin/efactura/${fx.invoices.customerA}.zip`,
		expect: adminOnly(404),
		data: false,
	},
	{ name: 'admin accounting month', method: 'GET', path: '/admin/accounting?luna=2026-10', expect: adminOnlyPage },
	{
		name: 'admin accounting register (CSV)',
		method: 'GET',
		path: () => `/admin/accounting/registru-${new Date().toISOString().slice(0, 7)}.csv`,
		expect: adminOnlyPage,
		data: false,
		check: (body) => expect(body).toContain('Număr;Tip;Data emiterii'),
	},
	// Sales reports (ADR 0271): the money, so the owner's alone.
	{ name: 'admin sales reports', method: 'GET', path: '/admin/reports?report=country&preset=this-year', expect: adminOnlyPage },
	{
		name: 'admin sales report (CSV)',
		method: 'GET',
		path: '/admin/reports/export?report=month&preset=this-year',
		expect: adminOnlyPage,
		data: false,
		check: (body) => expect(body).toContain('Luna;Comenzi;Brut (EUR);Rambursat (EUR);Net (EUR)'),
	},
	// Admin customers (ADR 0130): the list, one customer's GDPR export, and erasure (refused here: staff, nobody).
	{ name: 'admin customers list', method: 'GET', path: '/admin/customers', expect: adminOnlyPage },
	{
		name: 'admin customer GDPR export',
		method: 'GET',
		path: (fx) => `/admin/customers/export?email=${encodeURIComponent(fx.emails.customerA)}`,
		expect: adminOnlyPage,
		data: false,
		check: (body, _actor, fx) => expect(JSON.parse(body).account.orders.map((o: { id: string }) => o.id)).toContain(fx.orders.customerA.id),
	},
	{
		name: 'admin customer GDPR export of nobody',
		method: 'GET',
		path: '/admin/customers/export?email=nobody-at-all%40example.com',
		expect: adminOnly(404),
		data: false,
	},
	{
		name: 'admin customer erase: a staff account is refused',
		method: 'POST',
		path: '/admin/customers',
		form: (fx) => ({ intent: 'erase', email: fx.emails.editor }),
		expect: adminOnly(409),
	},
	{
		name: 'admin customer erase: nobody',
		method: 'POST',
		path: '/admin/customers',
		form: () => ({ intent: 'erase', email: 'nobody-to-erase@example.com' }),
		expect: adminOnly(404),
	},
	{
		name: 'admin order photo of a missing item',
		method: 'GET',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}/photo/00000000-0000-4000-8000-000000000000`,
		expect: adminOnly(404),
		data: false,
	},
	{
		name: 'admin order action: status',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'status', status: 'processing' }),
		expect: adminOnlyPage,
	},
	{
		name: 'admin order action: invalid status',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'status', status: 'bogus' }),
		expect: adminOnly(400),
	},
	{
		name: 'admin order action: tracking too long',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'tracking', trackingNumber: 'X'.repeat(101) }),
		expect: adminOnly(400),
	},
	{
		name: 'admin order action: refund of an order whose payment provider is not configured (refused, nothing changes)',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'refund', mode: 'full', reason: 'Rambursare din matrice' }),
		expect: adminOnly(409),
	},
	{
		name: 'admin order action: refund with an unreadable amount',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'refund', mode: 'amount', amount: 'mult', reason: 'Rambursare din matrice' }),
		expect: adminOnly(400),
	},
	{
		name: 'admin order action: refund of a missing order',
		method: 'POST',
		path: '/admin/orders/00000000-0000-4000-8000-000000000000',
		form: () => ({ intent: 'refund', mode: 'full', reason: 'Rambursare din matrice' }),
		expect: adminOnly(404),
	},
	{
		name: 'admin order action: cancelling a paid order with a refund its payment provider cannot make (refused, nothing changes)',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'cancel', money: 'full' }),
		expect: adminOnly(409),
	},
	{
		name: 'admin order action: cancelling a paid order keeping the money without a reason',
		method: 'POST',
		path: (fx) => `/admin/orders/${fx.orders.customerA.id}`,
		form: () => ({ intent: 'cancel', money: 'keep', reason: ' ' }),
		expect: adminOnly(400),
	},
	{
		name: 'admin order action: cancelling a missing order',
		method: 'POST',
		path: '/admin/orders/00000000-0000-4000-8000-000000000000',
		form: () => ({ intent: 'cancel', money: 'keep', reason: 'Lucrat deja' }),
		expect: adminOnly(404),
	},
	{
		name: 'admin order action on a missing order',
		method: 'POST',
		path: '/admin/orders/00000000-0000-4000-8000-000000000000',
		form: () => ({ intent: 'status', status: 'processing' }),
		expect: adminOnly(404),
	},
	// Admin media and uploads
	{ name: 'admin media library', method: 'GET', path: '/admin/media?folder=hero', expect: staff('ok') },
	{
		name: 'admin media action: delete',
		method: 'POST',
		path: '/admin/media',
		form: (fx, actor) => ({ intent: 'delete', id: own(actor, fx.catalog.mediaId, fx.catalog.editorMediaId) }),
		expect: staff('ok'),
	},
	{
		name: 'admin catalogue image upload',
		method: 'POST',
		path: '/admin/api/images',
		multipart: () => pngUpload({ purpose: 'product' }),
		expect: staff(201),
	},
	{ name: 'admin media upload', method: 'POST', path: '/admin/api/media', multipart: () => pngUpload({ folder: 'banners' }), expect: staff(201) },
	{ name: 'admin media picker list', method: 'GET', path: '/admin/api/media?folder=products', expect: staff('ok') },
	// The home page editor (ADR 0132)
	{ name: 'admin home page', method: 'GET', path: '/admin/home', expect: staff('ok') },
	{
		name: 'admin home page save',
		method: 'POST',
		path: '/admin/home',
		form: () => ({ heroTitle: '', heroText: '', heroImageUrl: '', storyTitle: '', storyText: '', bannerImageUrl: '', bannerLink: '', bannerAlt: '' }),
		expect: staff({ redirect: '/admin/home' }),
	},
	// Content translations (ADR 0085): editors and admins
	{ name: 'translations screen', method: 'GET', path: '/admin/translations', expect: editorPage, check: mentions((fx) => fx.catalog.products.edit.name) },
	{
		name: 'translations screen, categories tab',
		method: 'GET',
		path: '/admin/translations?tab=category',
		expect: editorPage,
		check: mentions((fx) => fx.catalog.categories.edit.name),
	},
	{
		name: 'translations action: set an override',
		method: 'POST',
		path: '/admin/translations',
		form: (fx) => ({ kind: 'product', id: fx.catalog.products.edit.id, field: 'name', locale: 'en', text: 'Matrix candle' }),
		expect: editorPage,
	},
	{
		name: 'translations action: clear an override',
		method: 'POST',
		path: '/admin/translations',
		form: (fx) => ({ intent: 'clear', kind: 'product', id: fx.catalog.products.edit.id, field: 'name', locale: 'es', text: '' }),
		expect: editorPage,
	},
	{
		name: 'translations action: a language other than en/es',
		method: 'POST',
		path: '/admin/translations',
		form: (fx) => ({ kind: 'product', id: fx.catalog.products.edit.id, field: 'name', locale: 'ro', text: 'x' }),
		expect: { ...editorPage, editor: 400, admin: 400 },
	},
]
