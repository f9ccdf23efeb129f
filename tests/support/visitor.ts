import { LOCALE_COOKIE } from '#domain/i18n/negotiate.ts'
import { withLocale } from '#domain/i18n/paths.ts'
import type { Locale } from '#domain/enums.ts'

let visitorsMade = 0

/** A new documentation-range address (RFC 5737) per visitor, so each gets its own rate-limit buckets. */
export function nextVisitorAddress() {
	visitorsMade++
	if (visitorsMade > 254 * 3) throw new Error('out of documentation addresses')
	const [network, host] = [Math.floor((visitorsMade - 1) / 254), ((visitorsMade - 1) % 254) + 1]
	return `${['192.0.2', '198.51.100', '203.0.113'][network]}.${host}`
}

/**
 * A browser as the shop instances see it behind a load balancer. It keeps its cookies, sends
 * `Origin: <public address>` on state-changing requests (the page it posts from came from there),
 * and carries its own client address in X-Forwarded-For, as the balancer adds it. Each request
 * goes to the instance the test names, which is what the balancer may do with any request.
 */
export class Visitor {
	private readonly cookies = new Map<string, string>()
	readonly address: string
	readonly locale: Locale

	constructor(
		private readonly publicUrl: string,
		options: { locale?: Locale } = {},
	) {
		this.address = nextVisitorAddress()
		this.locale = options.locale ?? 'ro'
		this.cookies.set(LOCALE_COOKIE, this.locale)
	}

	/** The Cookie header this browser sends. */
	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	hasCookie(name: string) {
		return this.cookies.has(name)
	}

	async request(instanceUrl: string, path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
		const method = init.method ?? 'GET'
		// A storefront path without language is asked at the visitor's language URL, where the shop's own redirect would send them (ADR 0106).
		const response = await fetch(new URL(withLocale(this.locale, path), instanceUrl), {
			method,
			body: init.body,
			redirect: 'manual',
			headers: {
				Cookie: this.cookieHeader(),
				'X-Forwarded-For': this.address,
				'User-Agent': 'scale-test-browser',
				...(method === 'GET' || method === 'HEAD' ? {} : { Origin: this.publicUrl, 'Sec-Fetch-Site': 'same-origin' }),
				...init.headers,
			},
		})
		this.remember(response.headers.getSetCookie())
		return response
	}

	get(instanceUrl: string, path: string) {
		return this.request(instanceUrl, path)
	}

	postForm(instanceUrl: string, path: string, fields: Record<string, string>) {
		return this.request(instanceUrl, path, { method: 'POST', body: new URLSearchParams(fields) })
	}

	postJson(instanceUrl: string, path: string, body: unknown) {
		return this.request(instanceUrl, path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
	}

	/** A multipart form with one file, as a file input sends it. */
	postFile(instanceUrl: string, path: string, file: { field: string; name: string; type: string; bytes: Buffer }) {
		const form = new FormData()
		form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
		return this.request(instanceUrl, path, { method: 'POST', body: form })
	}

	private remember(setCookies: string[]) {
		for (const header of setCookies) {
			const [pair = '', ...attributes] = header.split(';')
			const separator = pair.indexOf('=')
			if (separator <= 0) continue
			const name = pair.slice(0, separator).trim()
			const value = pair.slice(separator + 1).trim()
			const expired = attributes.some((attribute) => {
				const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim())
				if (/^max-age$/i.test(key)) return Number(setting) <= 0
				if (/^expires$/i.test(key)) return new Date(setting).getTime() <= Date.now()
				return false
			})
			if (expired || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}
}
