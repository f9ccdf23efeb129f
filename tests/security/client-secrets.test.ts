import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOverHttp } from '../support/accounts.ts'
import { readClientBuild } from '../support/client-bundle.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { startS3Server, TEST_S3_CREDENTIALS } from '../support/s3.ts'
import { startSecurityShop, type SecurityShop } from '../support/security-shop.ts'
import { PROJECT_ROOT } from '../support/shop-process.ts'
import { startSmtpServer } from '../support/smtp.ts'

/**
 * No secret reaches a browser: not in the built client files, not in any page's HTML or its
 * serialized loader data (window.__reactRouterContext, the `.data` answers of client navigation).
 * The shop runs with a distinctive value in every secret setting, and the client build must hold
 * no code of the server's own modules or of server-only packages.
 */

const CANARY = `canary${crypto.randomBytes(6).toString('hex')}`
const SECRETS = {
	APP_SECRET: `app-secret-${CANARY}-0123456789abcdef`,
	STRIPE_SECRET_KEY: `sk_test_${CANARY}stripekey`,
	STRIPE_WEBHOOK_SECRET: `whsec_${CANARY}webhook`,
	SMTP_PASSWORD: `smtp-${CANARY}-password`,
	DEEPL_API_KEY: `deepl-${CANARY}:fx`,
	S3_SECRET_ACCESS_KEY: `s3-${CANARY}-secret`,
	ADMIN_PASSWORD: `admin-${CANARY}-Passw0rd`,
	DATABASE_PASSWORD: `db-${CANARY}-password`,
}

/** Shapes of credentials, whatever their value. */
const SECRET_PATTERNS: [string, RegExp][] = [
	['Stripe secret key', /\b[sr]k_(live|test)_[0-9A-Za-z]{6,}/],
	['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{6,}/],
	['PostgreSQL URL', /postgres(ql)?:\/\//],
	['SMTP URL with credentials', /smtps?:\/\/[^\s"'/]*:[^\s"'/]*@/],
	['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
	['AWS access key id', /\bAKIA[0-9A-Z]{16}\b/],
]

/**
 * Strings found only in server code: the shop's own server modules (in the server build) and the
 * server-only packages. Each is checked to really be in that code, so a marker cannot rot into
 * one that matches nothing.
 */
const SERVER_ONLY_MARKERS: { marker: string; in: string }[] = [
	{ marker: 'Cross-site request refused.', in: 'build/server' },
	{ marker: 'Invalid environment variable', in: 'build/server' },
	{ marker: 'unhandled request error', in: 'build/server' },
	{ marker: 'is already in use by process', in: 'build/server' },
	{ marker: 'DrizzleQueryError', in: 'node_modules/drizzle-orm' },
	{ marker: 'BETTER_AUTH_SECRET', in: 'node_modules/better-auth' },
	{ marker: 'Nodemailer', in: 'node_modules/nodemailer' },
	{ marker: 'is not queryable', in: 'node_modules/pg' },
	{ marker: 'SCRAM-SHA-256', in: 'node_modules/pg' },
	{ marker: 'limitInputPixels', in: 'node_modules/sharp' },
	{ marker: 'api.stripe.com', in: 'node_modules/stripe' },
	{ marker: 'x-amz-content-sha256', in: 'node_modules/@aws-sdk' },
	{ marker: 'Unexpected end of form', in: 'node_modules/busboy' },
]

/** Whether some JavaScript file under `folder` (relative to the project) contains `marker`. */
async function codeContains(folder: string, marker: string) {
	const root = path.join(PROJECT_ROOT, folder)
	const entries = await fs.readdir(root, { recursive: true, withFileTypes: true })
	for (const entry of entries) {
		if (!entry.isFile() || !/\.(c|m)?js$/.test(entry.name)) continue
		if ((await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8')).includes(marker)) return true
	}
	return false
}

function leaksIn(text: string) {
	const found = Object.entries(SECRETS)
		.filter(([, value]) => text.includes(value))
		.map(([name]) => `the ${name} value`)
	for (const [name, pattern] of SECRET_PATTERNS) if (pattern.test(text)) found.push(`a ${name} (${pattern.exec(text)![0]})`)
	return found
}

describe('the client build', () => {
	it('holds no credential and no server code', async () => {
		const files = await readClientBuild()
		expect(files.some((file) => file.file.endsWith('.js'))).toBe(true)
		for (const { marker, in: folder } of SERVER_ONLY_MARKERS) expect(await codeContains(folder, marker), `"${marker}" should be in ${folder}`).toBe(true)
		const problems: string[] = []
		for (const { file, text } of files) {
			for (const leak of leaksIn(text)) problems.push(`${file}: ${leak}`)
			for (const { marker, in: folder } of SERVER_ONLY_MARKERS) if (text.includes(marker)) problems.push(`${file}: "${marker}" (server code from ${folder})`)
		}
		expect(problems).toEqual([])
	})
})

describe('pages served by a shop configured with secrets', () => {
	let target: SecurityShop
	let stripe: FakeStripe
	let s3: Awaited<ReturnType<typeof startS3Server>>
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let adminCookie: string
	const adminEmail = `owner-${CANARY}@example.test`

	beforeAll(async () => {
		;[stripe, s3, smtp] = await Promise.all([
			startFakeStripe({ webhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET }),
			startS3Server({ anySecretKey: true }),
			startSmtpServer(),
		])
		const smtpUrl = new URL(smtp.url)
		smtpUrl.username = 'shop'
		smtpUrl.password = SECRETS.SMTP_PASSWORD
		target = await startSecurityShop({
			databasePassword: SECRETS.DATABASE_PASSWORD,
			env: {
				APP_SECRET: SECRETS.APP_SECRET,
				STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
				STRIPE_WEBHOOK_SECRET: SECRETS.STRIPE_WEBHOOK_SECRET,
				STRIPE_API_URL: stripe.url,
				SMTP_URL: smtpUrl.toString(),
				DEEPL_API_KEY: SECRETS.DEEPL_API_KEY,
				S3_BUCKET: s3.bucket,
				S3_ENDPOINT: s3.endpoint,
				S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
				S3_SECRET_ACCESS_KEY: SECRETS.S3_SECRET_ACCESS_KEY,
				ADMIN_EMAIL: adminEmail,
				ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD,
			},
		})
		// The first administrator, made at start from ADMIN_EMAIL and ADMIN_PASSWORD.
		adminCookie = await signInOverHttp(target.shop.url, adminEmail, SECRETS.ADMIN_PASSWORD)
	})
	afterAll(async () => {
		await target?.stop()
		await Promise.all([stripe?.close(), s3?.close(), smtp?.close()])
	})

	const PAGES: { path: (t: SecurityShop) => string; as?: 'customer' | 'admin'; hydrated?: boolean }[] = [
		{ path: () => '/en', hydrated: true },
		{ path: () => '/en/catalog', hydrated: true },
		{ path: (t) => `/en/product/${t.fixtures.productSlug}`, hydrated: true },
		{ path: () => '/en/about', hydrated: true },
		{ path: () => '/en/contact', hydrated: true },
		{ path: () => '/en/cart', hydrated: true },
		{ path: () => '/en/checkout', hydrated: true },
		{ path: () => '/en/customize-portrait', hydrated: true },
		{ path: () => '/en/login', hydrated: true },
		{ path: () => '/en/forgot-password', hydrated: true },
		{ path: () => '/no-such-page', hydrated: true },
		{ path: () => '/en/account', as: 'customer', hydrated: true },
		{ path: () => '/account/export', as: 'customer' },
		{ path: () => '/admin', as: 'admin', hydrated: true },
		{ path: () => '/admin/products', as: 'admin', hydrated: true },
		{ path: (t) => `/admin/products/${t.fixtures.productId}`, as: 'admin', hydrated: true },
		{ path: () => '/admin/categories', as: 'admin', hydrated: true },
		{ path: (t) => `/admin/orders/${t.fixtures.orderId}`, as: 'admin', hydrated: true },
		{ path: () => '/admin/media', as: 'admin', hydrated: true },
		{ path: () => '/admin/translations', as: 'admin', hydrated: true },
		{ path: () => '/sitemap.xml' },
		{ path: () => '/robots.txt' },
		// The home page's loader data (ADR 0106: the home page is /en).
		{ path: () => '/en.data' },
		{ path: () => '/en/catalog.data' },
		{ path: () => '/en/account.data', as: 'customer' },
		{ path: () => '/admin.data', as: 'admin' },
		{ path: () => '/admin/media.data', as: 'admin' },
	]

	it('no page, loader data or header carries a secret', async () => {
		const problems: string[] = []
		for (const page of PAGES) {
			const pagePath = page.path(target)
			const cookie = page.as === 'admin' ? adminCookie : page.as === 'customer' ? target.cookies.customer : undefined
			const response = await fetch(`${target.shop.url}${pagePath}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
			const body = await response.text()
			expect(response.status, `${pagePath}: ${body.slice(0, 200)}`).toBeLessThan(pagePath === '/no-such-page' ? 500 : 300)
			// The hydration data is what would carry a secret a loader returned by mistake.
			if (page.hydrated) expect(body, pagePath).toContain('window.__reactRouterContext')
			const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
			for (const leak of leaksIn(`${headers}\n${body}`)) problems.push(`${pagePath}: ${leak}`)
		}
		expect(problems).toEqual([])
	})

	it('answers to failed requests carry no secret either', async () => {
		const failures = [
			fetch(`${target.shop.url}/api/checkout`, { method: 'POST', headers: { Origin: target.shop.url, 'Content-Type': 'application/json' }, body: '{"items":' }),
			fetch(`${target.shop.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=00' }, body: '{}' }),
			fetch(`${target.shop.url}/en/login`, {
				method: 'POST',
				headers: { Origin: target.shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: `intent=login&email=${encodeURIComponent(adminEmail)}&password=wrong`,
			}),
			fetch(`${target.shop.url}/en/contact`, { method: 'POST', headers: { Origin: target.shop.url, 'Content-Type': 'application/json' }, body: '{}' }),
		]
		for (const response of await Promise.all(failures)) {
			const body = await response.text()
			expect(response.status).toBeGreaterThanOrEqual(400)
			expect(leaksIn(body), `${response.url}: ${body.slice(0, 200)}`).toEqual([])
		}
	})

	it('the server log does not record a secret', () => {
		expect(leaksIn(target.shop.output())).toEqual([])
	})
})
