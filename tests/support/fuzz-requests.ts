import Stripe from 'stripe'
import fc from 'fast-check'
import { fieldName, headerText, hostileJson, hostileSegment, hostileText, wrongContentType } from './fuzz-values.ts'
import type { ReadRoute } from './read-routes.ts'
import type { Actor, SecurityFixtures, SignedInActor } from './security-shop.ts'
import type { StateChangingRoute } from './state-changing-routes.ts'

/**
 * Malformed requests as plain data (so a failing one can be printed and replayed), the
 * fast-check arbitraries that make them from a route row, and the code that sends one.
 */

export type FilePart = { file: { name: string; type: string; bytes: Uint8Array } }
export type FieldValue = string | FilePart

export type WebhookSignature = 'valid' | 'none' | 'garbage' | 'stale' | 'other-secret'

export type BodySpec =
	| { kind: 'none'; contentType: string | null }
	| { kind: 'urlencoded'; pairs: [string, string][]; contentType: string | null }
	/** Hand-built `a=b&c` text with nothing escaped (stray `%`, `&`, `=`). */
	| { kind: 'text'; text: string; contentType: string | null }
	| { kind: 'bytes'; bytes: Uint8Array; contentType: string | null }
	| { kind: 'multipart'; parts: [string, FieldValue][] }
	| { kind: 'json'; value: unknown; contentType: string | null }
	| { kind: 'webhook'; payload: string; signature: WebhookSignature }

/** Which session the request carries. */
export type SessionChoice = 'route-actor' | 'none' | 'forged' | SignedInActor

export type RequestSpec = {
	route: string
	method: string
	path: string
	session: SessionChoice
	/** Extra headers (printable ASCII). */
	headers: Record<string, string>
	body: BodySpec
}

/** What the arbitraries need from the running shop. */
export type FuzzTarget = {
	fixtures: SecurityFixtures
	/** A small valid PNG, for multipart bodies that carry a real image. */
	samplePng: Uint8Array
}

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })

// ---------------------------------------------------------------- fields

/** Each field kept, replaced by a hostile value, dropped or sent twice; plus invented fields. */
function mutatedPairs(example: Record<string, unknown>, hostile: fc.Arbitrary<string> = hostileText): fc.Arbitrary<[string, string][]> {
	const perField = Object.entries(example).map(([name, value]) => {
		const original = typeof value === 'string' ? value : JSON.stringify(value)
		return fc.oneof(
			weighted(5, fc.constant<[string, string][]>([[name, original]])),
			weighted(
				4,
				hostile.map((text): [string, string][] => [[name, text]]),
			),
			weighted(1, fc.constant<[string, string][]>([])),
			weighted(
				1,
				hostile.map((text): [string, string][] => [
					[name, original],
					[name, text],
				]),
			),
		)
	})
	const invented = fc.array(fc.tuple(fieldName(), hostile), { maxLength: 3 })
	return fc.tuple(fc.tuple(...perField), invented).map(([fields, extra]) => [...fields.flat(), ...extra])
}

/** The example JSON with values replaced, keys dropped or added, arrays grown, at every depth. */
function mutatedJson(value: unknown): fc.Arbitrary<unknown> {
	let kept: fc.Arbitrary<unknown>
	if (Array.isArray(value)) {
		kept = fc.tuple(fc.tuple(...value.map(mutatedJson)), fc.array(hostileJson, { maxLength: 3 })).map(([items, extra]) => [...items, ...extra])
	} else if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value).map(([key, inner]) =>
			fc.oneof(
				weighted(
					6,
					mutatedJson(inner).map((mutated): [string, unknown][] => [[key, mutated]]),
				),
				weighted(1, fc.constant<[string, unknown][]>([])),
			),
		)
		kept = fc
			.tuple(fc.tuple(...entries), fc.array(fc.tuple(fieldName(), hostileJson), { maxLength: 2 }))
			// fromEntries defines own properties, so `__proto__` is sent as a key rather than setting a prototype.
			.map(([fields, extra]) => Object.fromEntries([...fields.flat(), ...extra]))
	} else {
		kept = fc.constant(value)
	}
	return fc.oneof(weighted(5, kept), weighted(2, hostileJson))
}

function fileArbitrary(target: FuzzTarget): fc.Arbitrary<FilePart> {
	const png = target.samplePng
	const bytes = fc.oneof(
		weighted(3, fc.constant(png)),
		weighted(
			2,
			fc.integer({ min: 0, max: png.length - 1 }).map((end) => png.slice(0, end)),
		),
		weighted(2, fc.uint8Array({ maxLength: 4096 })),
		weighted(
			1,
			hostileText.map((text) => new TextEncoder().encode(text)),
		),
		weighted(1, fc.constant(new Uint8Array(0))),
	)
	const name = fc.oneof(
		fc.constantFrom('photo.jpg', 'x.png', '../../etc/passwd', '<script>.jpg', 'a\u0000.png', ''),
		fc.string({ unit: 'binary', maxLength: 300 }),
	)
	const type = fc.oneof(fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', ''), headerText(30))
	return fc.record({ name, type, bytes }).map((file) => ({ file }))
}

/** Form fields as multipart parts, some text fields sent as files and the file field (if any) fuzzed. */
function multipartParts(pairs: fc.Arbitrary<[string, string][]>, target: FuzzTarget, fileField?: string): fc.Arbitrary<[string, FieldValue][]> {
	const file = fileArbitrary(target)
	const asParts = pairs.chain((fields) =>
		fc.tuple(
			...fields.map(([name, value]) =>
				fc.oneof(
					weighted(8, fc.constant<[string, FieldValue]>([name, value])),
					weighted(
						1,
						file.map((part): [string, FieldValue] => [name, part]),
					),
				),
			),
		),
	)
	if (!fileField) return asParts
	const files = fc.oneof(
		weighted(
			6,
			file.map((part): [string, FieldValue][] => [[fileField, part]]),
		),
		weighted(1, fc.constant<[string, FieldValue][]>([])),
		weighted(
			1,
			fc.tuple(file, file).map(([a, b]): [string, FieldValue][] => [
				[fileField, a],
				[fileField, b],
			]),
		),
		weighted(
			1,
			hostileText.map((text): [string, FieldValue][] => [[fileField, text]]),
		),
	)
	return fc.tuple(asParts, files).map(([fields, fileParts]) => [...fields, ...fileParts])
}

/** A body with no relation to the route: raw text, bytes, a broken multipart or JSON, or none. */
function strayBody(): fc.Arbitrary<BodySpec> {
	const contentType = fc.option(wrongContentType, { nil: null })
	return fc.oneof(
		fc.record({ kind: fc.constant('none' as const), contentType }),
		fc.record({ kind: fc.constant('text' as const), text: hostileText, contentType }),
		fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 2048 }), contentType }),
		fc.record({
			kind: fc.constant('text' as const),
			// JSON cut short, or not JSON at all, announced as JSON.
			text: fc.oneof(
				fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
				fc.constantFrom('{', '{"items":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"admin":true}}'),
			),
			contentType: fc.constant('application/json'),
		}),
		fc.record({
			kind: fc.constant('text' as const),
			// A multipart body whose framing is wrong: boundary missing, header cut, part never closed.
			text: fc.constantFrom(
				'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
				'--x\r\n\r\n--x--',
				'------\r\n',
				'--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
			),
			contentType: fc.constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'multipart/form-data; boundary='),
		}),
		fc.record({
			kind: fc.constant('text' as const),
			text: fc.array(fc.oneof(hostileText, fc.constantFrom('&', '=', '%', '%%', '&&=', '=='))).map((pieces) => pieces.join('')),
			contentType: fc.constant('application/x-www-form-urlencoded'),
		}),
	)
}

function bodyFor(route: StateChangingRoute, target: FuzzTarget): fc.Arbitrary<BodySpec> {
	const example = route.example(target.fixtures)
	const pairs = mutatedPairs(example)
	const urlencoded = fc.record({ kind: fc.constant('urlencoded' as const), pairs, contentType: fc.constant('application/x-www-form-urlencoded') })
	const multipart = fc.record({ kind: fc.constant('multipart' as const), parts: multipartParts(pairs, target, route.fileField) })
	const json = fc.record({ kind: fc.constant('json' as const), value: mutatedJson(example), contentType: fc.constant('application/json') })
	const mislabelled = fc.record({ kind: fc.constant('json' as const), value: mutatedJson(example), contentType: wrongContentType })
	switch (route.encoding) {
		case 'form':
			return fc.oneof(weighted(11, urlencoded), weighted(3, multipart), weighted(2, json), weighted(4, strayBody()))
		case 'json':
			return fc.oneof(weighted(12, json), weighted(2, mislabelled), weighted(2, urlencoded), weighted(4, strayBody()))
		case 'multipart':
			return fc.oneof(weighted(12, multipart), weighted(2, urlencoded), weighted(4, strayBody()))
		case 'stripe-webhook':
			return fc.oneof(
				weighted(
					10,
					fc.record({
						kind: fc.constant('webhook' as const),
						payload: mutatedJson(example).map((value) => JSON.stringify(value) ?? ''),
						signature: fc.constant('valid' as const),
					}),
				),
				weighted(2, fc.record({ kind: fc.constant('webhook' as const), payload: hostileText, signature: fc.constant('valid' as const) })),
				weighted(
					4,
					fc.record({
						kind: fc.constant('webhook' as const),
						payload: mutatedJson(example).map((value) => JSON.stringify(value) ?? ''),
						signature: fc.constantFrom('none' as const, 'garbage' as const, 'stale' as const, 'other-secret' as const),
					}),
				),
				weighted(2, strayBody()),
			)
	}
}

// ---------------------------------------------------------------- the request around the body

/** Headers a browser or a script might add; the same-origin Origin is added when sending. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
	.record(
		{
			'Accept-Language': fc.oneof(fc.constantFrom('ro', 'en-US,en;q=0.9', 'es;q=abc', '*', 'xx-YY;q=2', ',,,;'), headerText(200)),
			Accept: fc.constantFrom('application/json', 'text/html', 'text/x-script', '*/*', ''),
			'CF-IPCountry': fc.oneof(fc.constantFrom('RO', 'ES', 'XX', 'T1', ''), headerText(10)),
			'Sec-Fetch-Site': fc.constantFrom('same-origin', 'none'),
			'X-Request-Id': headerText(100),
		},
		{ requiredKeys: [] },
	)
	// Each request from its own address, so per-address rate limits do not stop the fuzz at the door.
	.chain((headers) => fc.ipV4().map((ip) => ({ ...headers, 'X-Forwarded-For': ip })))

/** Mostly the session the route's guard lets through; sometimes none, a forged one or another actor's. */
const session: fc.Arbitrary<SessionChoice> = fc.oneof(
	weighted(12, fc.constant('route-actor' as const)),
	weighted(1, fc.constant('none' as const)),
	weighted(1, fc.constant('forged' as const)),
	weighted(1, fc.constantFrom('customer' as const, 'editor' as const, 'admin' as const)),
)
/** For actions that end the session they carry: never a real one, which the other campaigns need. */
const throwawaySession: fc.Arbitrary<SessionChoice> = fc.constantFrom('none' as const, 'forged' as const)

/** Query values stay well under Node's 16 kB header limit, so the URL reaches the route (a few still get 431). */
const queryValue = hostileText.filter((text) => text.length <= 1000)

/** The path, sometimes as the client-data URL (`.data`), with another id, or with junk in the query. */
function pathVariant(base: string, withSegment: ((segment: string) => string) | undefined): fc.Arbitrary<string> {
	const asData = (path: string) => {
		const [pathname, query] = path.split('?')
		return `${pathname}.data${query ? `?${query}` : ''}`
	}
	const junkQuery = fc
		.array(fc.tuple(fieldName(), queryValue), { minLength: 1, maxLength: 3 })
		.map((pairs) => `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(pairs).toString()}`)
	const options = [weighted(10, fc.constant(base)), weighted(2, fc.constant(asData(base))), weighted(2, junkQuery)]
	if (withSegment) options.push(weighted(4, hostileSegment.map(withSegment)))
	return fc.oneof(...options)
}

const actionMethod = fc.oneof(weighted(17, fc.constant('POST')), weighted(1, fc.constantFrom('PUT', 'PATCH', 'DELETE')))

/** Malformed requests to one state-changing route. */
export function requestsForAction(route: StateChangingRoute, target: FuzzTarget): fc.Arbitrary<RequestSpec> {
	return fc.record({
		route: fc.constant(route.name),
		method: actionMethod,
		path: pathVariant(route.path(target.fixtures), route.pathWithSegment),
		session: route.endsSession ? throwawaySession : session,
		headers: extraHeaders,
		body: bodyFor(route, target),
	})
}

/** GET requests with hostile path segments and query values to one reading route. */
export function requestsForRead(route: ReadRoute, target: FuzzTarget): fc.Arbitrary<RequestSpec> {
	const base = route.path(target.fixtures)
	const withQuery = mutatedPairs(route.query, queryValue).map((pairs) => {
		const query = new URLSearchParams(pairs).toString()
		return query ? `${base}?${query}` : base
	})
	const paths = route.pathWithSegment
		? fc.oneof(
				withQuery,
				hostileSegment.map((segment) => route.pathWithSegment!(segment, target.fixtures)),
			)
		: withQuery
	return fc.record({
		route: fc.constant(route.name),
		method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
		path: fc.oneof(
			weighted(5, paths),
			weighted(
				1,
				paths.map((path) => path.replace(/(\?|$)/, '.data$1')),
			),
		),
		session,
		headers: extraHeaders,
		body: fc.constant({ kind: 'none' as const, contentType: null }),
	})
}

// ---------------------------------------------------------------- sending

export type SendContext = {
	baseUrl: string
	webhookSecret: string
	/** The actor the route row is sent as. */
	routeActor: Actor
	cookies: Record<SignedInActor, string>
}

function cookieFor(choice: SessionChoice, context: SendContext): string | undefined {
	if (choice === 'none') return undefined
	if (choice === 'forged') return 'shop.session_token=forged.signature; lang=xx'
	const actor = choice === 'route-actor' ? context.routeActor : choice
	return actor === 'anonymous' ? undefined : context.cookies[actor]
}

function stripeSignature(payload: string, kind: WebhookSignature, secret: string): string | undefined {
	switch (kind) {
		case 'none':
			return undefined
		case 'garbage':
			return 't=1,v1=deadbeef'
		case 'valid':
			return Stripe.webhooks.generateTestHeaderString({ payload, secret })
		case 'stale':
			return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 })
		case 'other-secret':
			return Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_shop_secret' })
	}
}

function encodeBody(body: BodySpec, context: SendContext): { body?: BodyInit; headers: Record<string, string> } {
	const typed = (contentType: string | null): Record<string, string> => (contentType === null ? {} : { 'Content-Type': contentType })
	switch (body.kind) {
		case 'none':
			return { headers: typed(body.contentType) }
		case 'urlencoded':
			return { body: new URLSearchParams(body.pairs).toString(), headers: typed(body.contentType) }
		case 'text':
			return { body: body.text, headers: typed(body.contentType) }
		case 'bytes':
			return { body: new Blob([new Uint8Array(body.bytes)]), headers: typed(body.contentType) }
		case 'json':
			return { body: JSON.stringify(body.value) ?? '', headers: typed(body.contentType) }
		case 'multipart': {
			const form = new FormData()
			for (const [name, value] of body.parts) {
				if (typeof value === 'string') form.append(name, value)
				else form.append(name, new Blob([new Uint8Array(value.file.bytes)], { type: value.file.type }), value.file.name)
			}
			return { body: form, headers: {} }
		}
		case 'webhook': {
			const signature = stripeSignature(body.payload, body.signature, context.webhookSecret)
			return { body: body.payload, headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) } }
		}
	}
}

export type SentRequest = { status: number; body: string }

/** Sends one request (same-origin, no redirects followed); a network failure is status 0. */
export async function sendRequest(spec: RequestSpec, context: SendContext): Promise<SentRequest> {
	const encoded = encodeBody(spec.body, context)
	const cookie = cookieFor(spec.session, context)
	const headers: Record<string, string> = { ...spec.headers, ...encoded.headers, Origin: context.baseUrl }
	if (cookie) headers.Cookie = cookie
	try {
		const response = await fetch(`${context.baseUrl}${spec.path}`, {
			method: spec.method,
			headers,
			body: spec.method === 'GET' || spec.method === 'HEAD' ? undefined : encoded.body,
			redirect: 'manual',
			signal: AbortSignal.timeout(60_000),
		})
		return { status: response.status, body: await response.text() }
	} catch (error) {
		return { status: 0, body: `request failed: ${(error as Error).message} (${String((error as Error).cause ?? '')})` }
	}
}

// ---------------------------------------------------------------- printing

function preview(value: unknown): string {
	const text =
		typeof value === 'string'
			? value
			: value instanceof Uint8Array
				? `<${value.length} bytes: ${Buffer.from(value.slice(0, 40)).toString('hex')}…>`
				: (JSON.stringify(value) ?? String(value))
	const shown = JSON.stringify(text.length > 160 ? text.slice(0, 160) : text)
	return text.length > 160 ? `${shown}… (${text.length} characters)` : shown
}

function describeBody(body: BodySpec): string {
	switch (body.kind) {
		case 'none':
			return `no body, Content-Type ${preview(body.contentType)}`
		case 'urlencoded':
			return `urlencoded: ${body.pairs.map(([name, value]) => `${preview(name)}=${preview(value)}`).join(' & ')}`
		case 'text':
			return `text ${preview(body.text)} as ${preview(body.contentType)}`
		case 'bytes':
			return `${preview(body.bytes)} as ${preview(body.contentType)}`
		case 'json':
			return `JSON ${preview(body.value)} as ${preview(body.contentType)}`
		case 'multipart':
			return `multipart: ${body.parts.map(([name, value]) => `${preview(name)}=${typeof value === 'string' ? preview(value) : `file ${preview(value.file.name)} (${preview(value.file.type)}) ${preview(value.file.bytes)}`}`).join(', ')}`
		case 'webhook':
			return `webhook (${body.signature} signature) ${preview(body.payload)}`
	}
}

/** A request as a few readable lines, long values cut, so a failure can be understood and replayed. */
export function describeRequest(spec: RequestSpec): string {
	return [
		`${spec.method} ${spec.path.length > 300 ? `${spec.path.slice(0, 300)}… (${spec.path.length} characters)` : spec.path}  [${spec.route}; session: ${spec.session}]`,
		`  headers: ${JSON.stringify(spec.headers)}`,
		`  body: ${describeBody(spec.body)}`,
	].join('\n')
}
