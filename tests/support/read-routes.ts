import type { Actor, SecurityFixtures } from './security-shop.ts'

/**
 * The GET routes that read something from the request (path parameters, query strings): the
 * JSON and file endpoints and the pages whose loaders parse parameters. The fuzz sends them
 * absurd segments and query values; like the action rows, none may answer 5xx.
 */
export type ReadRoute = {
	name: string
	/** The route module as app/routes.ts names it. */
	module: string
	path: (fx: SecurityFixtures) => string
	/** The path with another value in its (last) parameter segment; the value is already encoded. */
	pathWithSegment?: (segment: string, fx: SecurityFixtures) => string
	actor: Actor
	/** Query parameters the loader reads, with a sensible value each. */
	query: Record<string, string>
}

const ORDER_FILTERS = { q: 'Ana', status: 'new', payment: 'paid', view: 'archived', from: '2026-03-01', to: '2026-03-31', email: 'ana@example.com', page: '2' }

export const READ_ROUTES: ReadRoute[] = [
	{
		name: 'catalog',
		module: 'routes/catalog.tsx',
		path: () => '/en/catalog',
		actor: 'anonymous',
		query: { category: 'candle', subcategory: 'soia', filter: 'new', q: 'lumanare', sort: 'bestsellers', page: '2' },
	},
	{
		// The same loader through React Router's data request (a client-side navigation): its own URL, its own cache entry.
		name: 'catalog data request',
		module: 'data request for routes/catalog.tsx',
		path: () => '/en/catalog.data',
		actor: 'anonymous',
		query: { category: 'candle', filter: 'new', q: 'lumanare', sort: 'price-asc', page: '2' },
	},
	{
		name: 'product page',
		module: 'routes/product.tsx',
		path: (fx) => `/en/product/${fx.productSlug}`,
		pathWithSegment: (s) => `/en/product/${s}`,
		actor: 'anonymous',
		query: {},
	},
	{
		// The language segment of every storefront URL (ADR 0106): anything but en/ro/es names no page.
		name: 'storefront page under a language',
		module: 'routes/faq.tsx',
		path: () => '/en/faq',
		pathWithSegment: (s) => `/${s}/faq`,
		actor: 'anonymous',
		query: {},
	},
	{
		name: 'portrait configurator',
		module: 'routes/customize-portrait.tsx',
		path: () => '/en/customize-portrait',
		actor: 'anonymous',
		query: { size: '30x40' },
	},
	{
		name: 'portrait photo',
		module: 'routes/api.uploads.portrait.$id.ts',
		path: (fx) => `/api/uploads/portrait/${fx.portraitUploadId}`,
		pathWithSegment: (s) => `/api/uploads/portrait/${s}`,
		actor: 'anonymous',
		query: {},
	},
	{
		name: 'stored upload',
		module: '(express static /uploads)',
		path: () => '/uploads/products/x.webp',
		pathWithSegment: (s) => `/uploads/${s}`,
		actor: 'anonymous',
		query: { download: 'poza.webp' },
	},
	{
		name: 'test card page',
		module: 'routes/test-payment.tsx',
		path: (fx) => `/en/test-payment/${fx.testPaymentSessionId}`,
		pathWithSegment: (s) => `/en/test-payment/${s}`,
		actor: 'anonymous',
		query: {},
	},
	{
		name: 'payment success',
		module: 'routes/payment-success.tsx',
		path: () => '/en/payment-success',
		actor: 'anonymous',
		query: { session_id: 'test_cs_abc' },
	},
	{
		// The cart's product names in one language (ADR 0134).
		name: 'cart product names',
		module: 'routes/api.cart.names.ts',
		path: () => '/api/cart/names',
		actor: 'anonymous',
		query: { lang: 'es', id: '11111111-1111-4111-8111-111111111111' },
	},
	{
		// The order page (ADR 0135): the id and the signed key are what a stranger would tamper with.
		name: 'order page',
		module: 'routes/order.tsx',
		path: (fx) => `/en/order/${fx.orderId}`,
		pathWithSegment: (s) => `/en/order/${s}`,
		actor: 'customer',
		query: { key: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' },
	},
	{
		// The review page (ADR 0268): the order, the product and the signed key are what a stranger would tamper with.
		name: 'review page',
		module: 'routes/review.tsx',
		path: (fx) => `/en/review/${fx.orderId}/${fx.productId}`,
		pathWithSegment: (s, fx) => `/en/review/${fx.orderId}/${s}`,
		actor: 'anonymous',
		query: { key: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' },
	},
	{ name: 'login page', module: 'routes/login.tsx', path: () => '/en/login', actor: 'anonymous', query: { returnUrl: '/account', tab: 'signup' } },
	{
		name: 'reset password page',
		module: 'routes/reset-password.tsx',
		path: () => '/en/reset-password',
		actor: 'anonymous',
		query: { token: 'abcdefghijklmnopqrstuvwx' },
	},
	{
		name: 'verify email page',
		module: 'routes/verify-email.tsx',
		path: () => '/en/verify-email',
		actor: 'anonymous',
		query: { token: 'abcdefghijklmnopqrstuvwx' },
	},
	{
		name: 'newsletter confirm page',
		module: 'routes/newsletter.confirm.tsx',
		path: () => '/en/newsletter/confirm',
		actor: 'anonymous',
		query: { token: 'abcdefghijklmnopqrstuvwx' },
	},
	{
		name: 'newsletter unsubscribe page',
		module: 'routes/newsletter.unsubscribe.tsx',
		path: () => '/en/newsletter/unsubscribe',
		actor: 'anonymous',
		query: { token: 'abcdefghijklmnopqrstuvwx' },
	},
	{ name: 'account data export', module: 'routes/account.export.ts', path: () => '/account/export', actor: 'customer', query: {} },
	{
		name: 'account invoice PDF',
		module: 'routes/account.invoice.ts',
		path: () => '/account/invoices/LC-2026-000001.pdf',
		pathWithSegment: (s) => `/account/invoices/${s}`,
		actor: 'customer',
		query: {},
	},
	{
		name: 'admin order invoice PDF',
		module: 'routes/admin/order-invoice.ts',
		path: (fx) => `/admin/orders/${fx.orderId}/invoice.pdf`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin invoice by number',
		module: 'routes/admin/invoice-file.ts',
		path: () => '/admin/invoices/LC-2026-000001.xml',
		pathWithSegment: (s) => `/admin/invoices/${s}`,
		actor: 'admin',
		query: {},
	},
	{ name: 'admin order list', module: 'routes/admin/orders.tsx', path: () => '/admin/orders', actor: 'admin', query: ORDER_FILTERS },
	{ name: 'admin order export', module: 'routes/admin/orders-export.ts', path: () => '/admin/orders/export', actor: 'admin', query: ORDER_FILTERS },
	{ name: 'admin e-Factura list', module: 'routes/admin/efactura.tsx', path: () => '/admin/efactura', actor: 'admin', query: { stare: 'rejected', page: '2' } },
	{
		name: "admin e-Factura: ANAF's answer",
		module: 'routes/admin/efactura-answer.ts',
		path: () => '/admin/efactura/LC-2026-000001.zip',
		pathWithSegment: (s) => `/admin/efactura/${s}`,
		actor: 'admin',
		query: {},
	},
	{ name: 'admin accounting month', module: 'routes/admin/accounting.tsx', path: () => '/admin/accounting', actor: 'admin', query: { luna: '2026-10' } },
	{
		name: 'admin accounting files',
		module: 'routes/admin/accounting-file.ts',
		path: () => '/admin/accounting/registru-2026-10.csv',
		pathWithSegment: (s) => `/admin/accounting/${s}`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin sales reports',
		module: 'routes/admin/reports.tsx',
		path: () => '/admin/reports',
		actor: 'admin',
		query: { report: 'product', preset: 'this-year', from: '2026-03-01', to: '2026-03-31' },
	},
	{
		name: 'admin sales report CSV',
		module: 'routes/admin/reports-export.ts',
		path: () => '/admin/reports/export',
		actor: 'admin',
		query: { report: 'category', from: '2026-03-01', to: '2026-03-31' },
	},
	{ name: 'admin customers list', module: 'routes/admin/customers.tsx', path: () => '/admin/customers', actor: 'admin', query: { q: 'Ana', page: '2' } },
	{
		name: 'admin customer GDPR export',
		module: 'routes/admin/customer-export.ts',
		path: () => '/admin/customers/export',
		actor: 'admin',
		query: { email: 'nobody-exported@example.com' },
	},
	{
		name: 'admin order page',
		module: 'routes/admin/order-detail.tsx',
		path: (fx) => `/admin/orders/${fx.orderId}`,
		pathWithSegment: (s) => `/admin/orders/${s}`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin order photo',
		module: 'routes/admin/order-photo.ts',
		path: (fx) => `/admin/orders/${fx.orderId}/photo/${fx.orderItemId}`,
		pathWithSegment: (s, fx) => `/admin/orders/${fx.orderId}/photo/${s}`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin product list',
		module: 'routes/admin/products.tsx',
		path: () => '/admin/products',
		actor: 'admin',
		query: { q: 'lum', category: 'x', page: '1' },
	},
	{
		name: 'admin product page',
		module: 'routes/admin/product-edit.tsx',
		path: (fx) => `/admin/products/${fx.productId}`,
		pathWithSegment: (s) => `/admin/products/${s}`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin category page',
		module: 'routes/admin/category-edit.tsx',
		path: (fx) => `/admin/categories/${fx.categoryId}`,
		pathWithSegment: (s) => `/admin/categories/${s}`,
		actor: 'admin',
		query: {},
	},
	{ name: 'admin shipping', module: 'routes/admin/shipping.tsx', path: () => '/admin/shipping', actor: 'admin', query: {} },
	{
		name: 'admin shipping zone page',
		module: 'routes/admin/shipping-zone.tsx',
		path: () => '/admin/shipping/zones/new',
		pathWithSegment: (s) => `/admin/shipping/zones/${s}`,
		actor: 'admin',
		query: {},
	},
	{
		name: 'admin shipping rate page',
		module: 'routes/admin/shipping-rate.tsx',
		path: () => '/admin/shipping/rates/new',
		pathWithSegment: (s) => `/admin/shipping/rates/${s}`,
		actor: 'admin',
		query: { zone: '00000000-0000-4000-8000-000000000000' },
	},
	{ name: 'admin discount codes', module: 'routes/admin/discounts.tsx', path: () => '/admin/discounts', actor: 'admin', query: {} },
	{
		name: 'admin discount code page',
		module: 'routes/admin/discount-edit.tsx',
		path: () => '/admin/discounts/new',
		pathWithSegment: (s) => `/admin/discounts/${s}`,
		actor: 'admin',
		query: {},
	},
	{ name: 'admin media', module: 'routes/admin/media.tsx', path: () => '/admin/media', actor: 'admin', query: { folder: 'hero' } },
	{ name: 'admin media picker list', module: 'routes/admin/api.media.ts', path: () => '/admin/api/media', actor: 'admin', query: { folder: 'products' } },
	{ name: 'admin home page', module: 'routes/admin/home.tsx', path: () => '/admin/home', actor: 'admin', query: {} },
	{
		name: 'editor translations',
		module: 'routes/admin/translations.tsx',
		path: () => '/admin/translations',
		actor: 'editor',
		query: { tab: 'category', q: 'lum', page: '1' },
	},
]
