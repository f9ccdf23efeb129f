import { TEST_PASSWORD } from './accounts.ts'
import { customer } from './checkout-fixtures.ts'
import type { Actor, SecurityFixtures } from './security-shop.ts'

/**
 * Every state-changing route of the shop (each route module in app/routes.ts that exports an
 * action, with one row per intent worth telling apart), with a well-formed request for it. The
 * security suite fuzzes these rows and sends them cross-site; tests/security/route-table.test.ts
 * fails when a route module with an action has no row, so a new route joins by adding one here.
 */

/** How the route's own client sends its body. */
export type BodyEncoding =
	/** application/x-www-form-urlencoded, as a <Form> posts. */
	| 'form'
	/** application/json (the admin product and category editors, the checkout). */
	| 'json'
	/** multipart/form-data with one file (the upload endpoints). */
	| 'multipart'
	/** A Stripe webhook: raw JSON authenticated by its Stripe-Signature header, exempt from the origin check. */
	| 'stripe-webhook'

export type StateChangingRoute = {
	name: string
	/** The route module as app/routes.ts names it. */
	module: string
	/** The path of a request that names the fixtures. */
	path: (fx: SecurityFixtures) => string
	/** For routes with a path parameter: the path with another value in that segment (already encoded). */
	pathWithSegment?: (segment: string) => string
	/** Who the request is sent as (a route behind a guard is attacked with a session that passes it). */
	actor: Actor
	encoding: BodyEncoding
	/** A well-formed body (form fields, or the JSON value), which the fuzz mutates. */
	example: (fx: SecurityFixtures) => Record<string, unknown>
	/** multipart: the field that carries the file. */
	fileField?: string
	/** The action ends the session it is sent with (logout): the fuzz sends it without a real one. */
	endsSession?: true
}

const validCategory = {
	name: 'Categorie nouă',
	slug: 'categorie-noua',
	description: '',
	parentId: '',
	displayOrder: '0',
	isActive: true,
	imageUrl: null,
}

const validProduct = (fx: SecurityFixtures) => ({
	name: 'Lumânare nouă',
	slug: 'lumanare-noua',
	description: 'Ceară de soia.',
	kind: 'candle',
	categoryId: fx.categoryId,
	price: '19.90',
	stock: '3',
	badges: ['new'],
	isActive: true,
	images: ['/uploads/products/x.webp'],
	portraitSize: '',
	scent: 'vanilie',
	smellsLike: '',
	waxColor: '',
	containerType: '',
	customLabelAvailable: false,
	giftWrapAvailable: true,
})

const segment = (prefix: string) => (value: string) => `${prefix}/${value}`

export const STATE_CHANGING_ROUTES: StateChangingRoute[] = [
	// Storefront forms
	{
		name: 'newsletter sign-up',
		module: 'routes/newsletter.tsx',
		path: () => '/en/newsletter',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ email: 'cititor@example.test', consent: 'on' }),
	},
	{
		name: 'newsletter unsubscribe',
		module: 'routes/newsletter.unsubscribe.tsx',
		path: () => '/en/newsletter/unsubscribe',
		actor: 'anonymous',
		encoding: 'form',
		example: (fx) => ({ token: fx.unsubscribeToken }),
	},
	{
		name: 'verify email address',
		module: 'routes/verify-email.tsx',
		path: () => '/en/verify-email',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Im5pbWVuaUBleGFtcGxlLnRlc3QifQ.c2lnbmF0dXJl' }),
	},
	{
		name: 'back-in-stock alert',
		module: 'routes/stock-alert.tsx',
		path: (fx) => `/en/stock-alert?product=${fx.productId}`,
		actor: 'anonymous',
		encoding: 'form',
		example: (fx) => ({ email: 'asteapta@example.test', productId: fx.productId }),
	},
	{
		name: 'newsletter confirm',
		module: 'routes/newsletter.confirm.tsx',
		path: () => '/en/newsletter/confirm',
		actor: 'anonymous',
		encoding: 'form',
		example: (fx) => ({ token: fx.unsubscribeToken }),
	},
	{
		// RFC 8058: a mail provider posts this to the List-Unsubscribe address, the token in its query, without a cookie or an Origin.
		name: 'newsletter one-click unsubscribe',
		module: 'routes/newsletter.unsubscribe.tsx',
		path: (fx) => `/en/newsletter/unsubscribe?token=${encodeURIComponent(fx.unsubscribeToken)}`,
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ 'List-Unsubscribe': 'One-Click' }),
	},
	{
		name: 'contact form',
		module: 'routes/contact.tsx',
		path: () => '/en/contact',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ name: 'Ana', email: 'ana@example.test', subject: 'Întrebare', message: 'Bună ziua, aveți lumânări de soia?', website: '' }),
	},
	{
		// A verified buyer's review (ADR 0268): the signed key is the right to post, so a forged one is a 404.
		name: 'product review',
		module: 'routes/review.tsx',
		path: (fx) => `/en/review/${fx.orderId}/${fx.productId}?key=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`,
		pathWithSegment: (s) => `/en/review/00000000-0000-4000-8000-000000000000/${s}`,
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ rating: '5', text: 'Miroase minunat și arde frumos.' }),
	},
	{
		name: 'language switch',
		module: 'routes/language.tsx',
		path: () => '/language',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ lang: 'en', redirectTo: '/catalog' }),
	},
	// Session
	{
		name: 'login',
		module: 'routes/login.tsx',
		path: () => '/en/login',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ intent: 'login', email: 'nimeni@example.test', password: 'not-the-password', returnUrl: '/account' }),
	},
	{
		name: 'sign-up',
		module: 'routes/login.tsx',
		path: () => '/en/login',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ intent: 'signup', email: 'nou@example.test', password: 'meadow-lantern-77', fullName: 'Cont Nou' }),
	},
	{ name: 'logout', module: 'routes/logout.tsx', path: () => '/logout', actor: 'anonymous', encoding: 'form', example: () => ({}), endsSession: true },
	{
		name: 'forgot password',
		module: 'routes/forgot-password.tsx',
		path: () => '/en/forgot-password',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ email: 'uitat@example.test' }),
	},
	{
		name: 'reset password',
		module: 'routes/reset-password.tsx',
		path: () => '/en/reset-password',
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ token: 'abcdefghijklmnopqrstuvwx', password: 'meadow-lantern-77', confirmPassword: 'meadow-lantern-77' }),
	},
	// Account
	{
		name: 'account: change password',
		module: 'routes/account.tsx',
		path: () => '/en/account',
		actor: 'customer',
		encoding: 'form',
		example: () => ({ intent: 'change-password', currentPassword: 'not-the-password', newPassword: 'meadow-lantern-77', confirmPassword: 'meadow-lantern-77' }),
	},
	{
		name: 'account: delete',
		module: 'routes/account.tsx',
		path: () => '/en/account',
		actor: 'customer',
		encoding: 'form',
		// Never the real password: a fuzzed request must not delete the account the other rows use.
		example: () => ({ intent: 'delete-account', password: `${TEST_PASSWORD}-wrong`, confirm: 'on' }),
	},
	{
		name: 'account: resend verification email',
		module: 'routes/account.tsx',
		path: () => '/en/account',
		actor: 'customer',
		encoding: 'form',
		example: () => ({ intent: 'resend-verification' }),
	},
	// Checkout and payment
	{
		name: 'checkout',
		module: 'routes/api.checkout.ts',
		path: () => '/api/checkout',
		actor: 'customer',
		encoding: 'json',
		example: (fx) => ({ items: [{ kind: 'product', productId: fx.productId, quantity: 1 }], shippingData: customer }),
	},
	{
		name: 'checkout form',
		module: 'routes/checkout.tsx',
		path: () => '/en/checkout',
		actor: 'customer',
		encoding: 'form',
		example: (fx) => ({ ...customer, items: JSON.stringify([{ kind: 'product', productId: fx.productId, quantity: 1 }]) }),
	},
	{
		name: 'checkout discount code check',
		module: 'routes/checkout.tsx',
		path: () => '/en/checkout',
		actor: 'customer',
		encoding: 'form',
		example: (fx) => ({
			intent: 'discount',
			discountCode: 'NO-SUCH-CODE',
			email: customer.email,
			items: JSON.stringify([{ kind: 'product', productId: fx.productId, quantity: 1 }]),
		}),
	},
	{
		name: 'test card payment',
		module: 'routes/test-payment.tsx',
		path: (fx) => `/en/test-payment/${fx.testPaymentSessionId}`,
		pathWithSegment: segment('/en/test-payment'),
		actor: 'anonymous',
		encoding: 'form',
		example: () => ({ cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123', name: 'Ana Popescu' }),
	},
	{
		name: 'portrait photo upload',
		module: 'routes/api.uploads.portrait.ts',
		path: () => '/api/uploads/portrait',
		actor: 'anonymous',
		encoding: 'multipart',
		fileField: 'photo',
		example: () => ({}),
	},
	{
		name: 'Stripe webhook',
		module: 'routes/api.webhooks.stripe.ts',
		path: () => '/api/webhooks/stripe',
		actor: 'anonymous',
		encoding: 'stripe-webhook',
		example: (fx) => ({
			id: 'evt_security_example',
			object: 'event',
			type: 'checkout.session.completed',
			created: 1_700_000_000,
			data: {
				object: {
					id: 'cs_test_security',
					object: 'checkout.session',
					status: 'complete',
					payment_status: 'paid',
					metadata: { order_id: fx.orderId },
					client_reference_id: fx.orderId,
				},
			},
		}),
	},
	// Admin
	{
		name: 'admin: product toggle',
		module: 'routes/admin/products.tsx',
		path: () => '/admin/products',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'toggle', id: fx.productId, active: 'false' }),
	},
	{
		name: 'admin: product delete',
		module: 'routes/admin/products.tsx',
		path: () => '/admin/products',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'delete', id: fx.productId }),
	},
	{
		name: 'admin: product save',
		module: 'routes/admin/product-edit.tsx',
		path: (fx) => `/admin/products/${fx.productId}`,
		pathWithSegment: segment('/admin/products'),
		actor: 'admin',
		encoding: 'json',
		example: validProduct,
	},
	{
		// Variants (ADR 0264). The stamp names no loaded form, so a well-formed body is refused as stale and changes nothing.
		name: 'admin: product variants save',
		module: 'routes/admin/product-variants.ts',
		path: (fx) => `/admin/products/${fx.productId}/variants`,
		pathWithSegment: (segment) => `/admin/products/${segment}/variants`,
		actor: 'admin',
		encoding: 'json',
		example: () => ({
			variantsStamp: 'not-a-loaded-form',
			optionNames: 'Mărime',
			variantId: [''],
			variantValues: ['Mare'],
			variantSku: ['MARE-1'],
			variantPrice: ['34,90'],
			variantSalePrice: [''],
			saleFirstDay: '',
			saleLastDay: '',
			variantStock: ['3'],
			variantLoadedStock: [''],
			variantWeight: ['450'],
			variantImage: [''],
		}),
	},
	// Roles (ADR 0112). The examples name nobody the shop knows, so no run of the fuzz changes who may act.
	{
		name: 'admin: staff grant',
		module: 'routes/admin/staff.tsx',
		path: () => '/admin/staff',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'grant', email: 'nobody-on-staff@example.com', role: 'editor' }),
	},
	{
		name: 'admin: staff revoke',
		module: 'routes/admin/staff.tsx',
		path: () => '/admin/staff',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'revoke', userId: '00000000-0000-4000-8000-000000000000', role: 'editor' }),
	},
	{
		name: 'admin: category toggle',
		module: 'routes/admin/categories.tsx',
		path: () => '/admin/categories',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'toggle', id: fx.categoryId, active: 'false' }),
	},
	{
		name: 'admin: category delete',
		module: 'routes/admin/categories.tsx',
		path: () => '/admin/categories',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'delete', id: fx.categoryId }),
	},
	{
		name: 'admin: category save',
		module: 'routes/admin/category-edit.tsx',
		path: () => '/admin/categories/new',
		pathWithSegment: segment('/admin/categories'),
		actor: 'admin',
		encoding: 'json',
		example: () => validCategory,
	},
	// Shipping (ADR 0240): the examples name no zone or rate the shop has, so no run of the fuzz changes a price.
	{
		name: 'admin: shipping zone delete',
		module: 'routes/admin/shipping.tsx',
		path: () => '/admin/shipping',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'deleteZone', id: '00000000-0000-4000-8000-000000000000' }),
	},
	{
		name: 'admin: shipping rate delete',
		module: 'routes/admin/shipping.tsx',
		path: () => '/admin/shipping',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'deleteRate', id: '00000000-0000-4000-8000-000000000000' }),
	},
	{
		name: 'admin: shipping zone save',
		module: 'routes/admin/shipping-zone.tsx',
		path: () => '/admin/shipping/zones/00000000-0000-4000-8000-000000000000',
		pathWithSegment: segment('/admin/shipping/zones'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ name: 'Elveția', countries: 'CH', freeFrom: '150', version: '1', loaded: '{}' }),
	},
	{
		name: 'admin: shipping rate save',
		module: 'routes/admin/shipping-rate.tsx',
		path: () => '/admin/shipping/rates/new',
		pathWithSegment: segment('/admin/shipping/rates'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({
			zoneId: '00000000-0000-4000-8000-000000000000',
			price: '9,90',
			minSubtotal: '',
			maxSubtotal: '',
			minWeightGrams: '',
			maxWeightGrams: '2000',
		}),
	},
	{
		name: 'admin: discount code toggle',
		module: 'routes/admin/discounts.tsx',
		path: () => '/admin/discounts',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'toggle', id: '00000000-0000-4000-8000-000000000000', active: 'false' }),
	},
	{
		name: 'admin: review moderation',
		module: 'routes/admin/reviews.tsx',
		path: () => '/admin/reviews',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'approve', id: '00000000-0000-4000-8000-000000000000' }),
	},
	{
		name: 'admin: discount code save',
		module: 'routes/admin/discount-edit.tsx',
		path: () => '/admin/discounts/new',
		pathWithSegment: segment('/admin/discounts'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ code: `FUZZ${Date.now()}`, kind: 'percent', percent: '10', amount: '', minSubtotal: '', scope: 'all', isActive: 'on' }),
	},
	{
		name: 'admin: order status',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}`,
		pathWithSegment: segment('/admin/orders'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'status', status: 'processing' }),
	},
	{
		name: 'admin: order tracking number',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}`,
		pathWithSegment: segment('/admin/orders'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'tracking', trackingNumber: 'AWB-123456' }),
	},
	{
		name: 'admin: order refund',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}`,
		pathWithSegment: segment('/admin/orders'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'refund', mode: 'amount', amount: '5,00', reason: 'Produs deteriorat' }),
	},
	{
		name: 'admin: order archive and restore',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}?view=archived&status=new`,
		pathWithSegment: segment('/admin/orders'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'archive' }),
	},
	{
		name: 'admin: order internal note',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}`,
		pathWithSegment: segment('/admin/orders'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'note', note: 'Clientul a sunat: livrare după ora 17' }),
	},
	// GDPR erasure from the customers list (ADR 0130). The example names nobody the shop knows, so no run erases a fixture.
	{
		name: 'admin: newsletter unsubscribe',
		module: 'routes/admin/newsletter.tsx',
		path: () => '/admin/newsletter',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'unsubscribe', email: 'nobody-subscribed@example.com' }),
	},
	{
		name: 'admin: newsletter campaign create',
		module: 'routes/admin/campaign-edit.tsx',
		path: () => '/admin/newsletter/campaigns/new',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ subject: 'Colecția de iarnă', body: 'Bună!\n\nVezi [magazinul](https://example.com).' }),
	},
	{
		name: 'admin: newsletter campaign save',
		module: 'routes/admin/campaign-edit.tsx',
		path: (fx) => `/admin/newsletter/campaigns/${fx.campaignId}`,
		pathWithSegment: segment('/admin/newsletter/campaigns'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'save', subject: 'Colecția de iarnă', body: 'Bună!' }),
	},
	{
		name: 'admin: newsletter campaign test send',
		module: 'routes/admin/campaign-edit.tsx',
		path: (fx) => `/admin/newsletter/campaigns/${fx.campaignId}`,
		pathWithSegment: segment('/admin/newsletter/campaigns'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'test', locale: 'ro' }),
	},
	{
		name: 'admin: newsletter campaign send',
		module: 'routes/admin/campaign-edit.tsx',
		path: (fx) => `/admin/newsletter/campaigns/${fx.campaignId}`,
		pathWithSegment: segment('/admin/newsletter/campaigns'),
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'send' }),
	},
	{
		name: 'admin: customer erase',
		module: 'routes/admin/customers.tsx',
		path: () => '/admin/customers',
		actor: 'admin',
		encoding: 'form',
		example: () => ({ intent: 'erase', email: 'nobody-to-erase@example.com' }),
	},
	{
		name: 'admin: e-Factura retry',
		module: 'routes/admin/efactura.tsx',
		path: () => '/admin/efactura',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'retry', invoiceId: fx.orderId, number: 'LC-2026-000001' }),
	},
	{
		name: 'admin: media delete',
		module: 'routes/admin/media.tsx',
		path: () => '/admin/media',
		actor: 'admin',
		encoding: 'form',
		example: (fx) => ({ intent: 'delete', id: fx.mediaId }),
	},
	{
		name: 'admin: catalogue image upload',
		module: 'routes/admin/api.images.ts',
		path: () => '/admin/api/images',
		actor: 'admin',
		encoding: 'multipart',
		fileField: 'file',
		example: () => ({ purpose: 'category' }),
	},
	{
		name: 'admin: media upload',
		module: 'routes/admin/api.media.ts',
		path: () => '/admin/api/media',
		actor: 'admin',
		encoding: 'multipart',
		fileField: 'file',
		example: () => ({ folder: 'hero' }),
	},
	{
		name: 'admin: home page save',
		module: 'routes/admin/home.tsx',
		path: () => '/admin/home',
		actor: 'admin',
		encoding: 'form',
		example: () => ({
			heroTitle: 'Lumânări făcute cu grijă',
			heroText: 'Turnate de mână.',
			heroImageUrl: '',
			storyTitle: '',
			storyText: '',
			bannerImageUrl: '',
			bannerLink: '/catalog',
			bannerAlt: '',
		}),
	},
	{
		name: 'editor: translation override',
		module: 'routes/admin/translations.tsx',
		path: () => '/admin/translations',
		actor: 'editor',
		encoding: 'form',
		example: (fx) => ({ intent: 'save', kind: 'product', id: fx.productId, field: 'name', locale: 'en', text: 'Soy candle' }),
	},
]

/** The row's example as a request body with its Content-Type (multipart rows carry `image` as their file). */
export function wellFormedBody(route: StateChangingRoute, fx: SecurityFixtures, image: Uint8Array): { body: BodyInit; headers: Record<string, string> } {
	const example = route.example(fx)
	switch (route.encoding) {
		case 'form':
			return {
				body: new URLSearchParams(Object.entries(example).map(([name, value]) => [name, String(value)])),
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			}
		case 'json':
		case 'stripe-webhook':
			return { body: JSON.stringify(example), headers: { 'Content-Type': 'application/json' } }
		case 'multipart': {
			const form = new FormData()
			for (const [name, value] of Object.entries(example)) form.append(name, String(value))
			form.append(route.fileField ?? 'file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png')
			return { body: form, headers: {} }
		}
	}
}
