import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	// Every customer-facing page, once per language: /en/catalog, /ro/product/…, /es (ADR 0106). The layout's
	// middleware answers 404 to a first segment that is no language; old URLs without one are redirected
	// before React Router (server/http/locale-redirect.ts).
	route(':lang', 'routes/storefront.tsx', [
		index('routes/home.tsx'),
		route('catalog', 'routes/catalog.tsx'),
		route('product/:key', 'routes/product.tsx'),
		route('about', 'routes/about.tsx'),
		route('contact', 'routes/contact.tsx'),
		route('terms', 'routes/terms.tsx'),
		route('privacy', 'routes/privacy.tsx'),
		route('returns', 'routes/returns.tsx'),
		route('faq', 'routes/faq.tsx'),
		route('newsletter', 'routes/newsletter.tsx'),
		route('customize-portrait', 'routes/customize-portrait.tsx'),
		route('cart', 'routes/cart.tsx'),
		route('checkout', 'routes/checkout.tsx'),
		route('payment-success', 'routes/payment-success.tsx'),
		route('test-payment/:sessionId', 'routes/test-payment.tsx'),
		route('newsletter/unsubscribe', 'routes/newsletter.unsubscribe.tsx'),
		route('login', 'routes/login.tsx'),
		route('forgot-password', 'routes/forgot-password.tsx'),
		route('reset-password', 'routes/reset-password.tsx'),
		route('account', 'routes/account.tsx'),
	]),
	route('api/uploads/portrait', 'routes/api.uploads.portrait.ts'),
	route('api/uploads/portrait/:id', 'routes/api.uploads.portrait.$id.ts'),
	route('api/checkout', 'routes/api.checkout.ts'),
	route('api/webhooks/stripe', 'routes/api.webhooks.stripe.ts'),
	// Every admin route sits under one layout whose middleware refuses non-admins (spec §2 route guard).
	layout('routes/admin/layout.tsx', [
		route('admin', 'routes/admin/dashboard.tsx'),
		route('admin/products', 'routes/admin/products.tsx'),
		route('admin/products/:id', 'routes/admin/product-edit.tsx'),
		route('admin/categories', 'routes/admin/categories.tsx'),
		route('admin/categories/:id', 'routes/admin/category-edit.tsx'),
		route('admin/orders', 'routes/admin/orders.tsx', [route(':id', 'routes/admin/order-detail.tsx')]),
		route('admin/orders/export', 'routes/admin/orders-export.ts'),
		route('admin/orders/:id/photo/:itemId', 'routes/admin/order-photo.ts'),
		route('admin/media', 'routes/admin/media.tsx'),
		route('admin/security', 'routes/admin/security.tsx'),
		route('admin/staff', 'routes/admin/staff.tsx'),
		route('admin/api/images', 'routes/admin/api.images.ts'),
		route('admin/api/media', 'routes/admin/api.media.ts'),
		route('admin/*', 'routes/admin/not-found.tsx'),
	]),
	// Editors and admins (editorOnly middleware on the route): outside the admin-only layout.
	route('admin/translations', 'routes/admin/translations.tsx'),
	route('language', 'routes/language.tsx'),
	route('sitemap.xml', 'routes/sitemap.ts'),
	route('robots.txt', 'routes/robots.ts'),
	route('logout', 'routes/logout.tsx'),
	route('account/export', 'routes/account.export.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
