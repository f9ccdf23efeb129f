import fc from 'fast-check'

/**
 * The hostile values the fuzz puts where a form, a JSON body, a path or a header expects something
 * reasonable: wrong types, huge strings, odd unicode, control characters and NUL bytes, injection
 * payloads and absurd ids.
 */

/** Values that broke parsers, databases and header writers elsewhere. */
const KNOWN_BAD_STRINGS = [
	'',
	' ',
	'\u0000',
	'a\u0000b',
	'\u0000'.repeat(64),
	'\r\n',
	'x\r\nSet-Cookie: injected=1',
	'%00',
	'%',
	'%zz',
	'%E0%A4%A',
	'\uD800',
	'\uDFFF',
	'a\uD83D',
	'\uFEFF',
	'\u202Eevil',
	'\u200B\u200C\u200D',
	'👩‍👩‍👧‍👦',
	'ﷺ',
	'İıſK',
	'Ｆｕｌｌｗｉｄｔｈ',
	'\u0085\u2028\u2029',
	'../../../../etc/passwd',
	'..\\..\\windows\\win.ini',
	"' OR '1'='1' --",
	'"; drop table "user"; --',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	'javascript:alert(1)',
	'//evil.example/',
	'/\\evil.example',
	'https://evil.example/',
	'{{7*7}}${7*7}',
	'__proto__',
	'constructor',
	'prototype',
	'NaN',
	'Infinity',
	'-Infinity',
	'-1',
	'-0',
	'0',
	'1e309',
	'9'.repeat(40),
	'0x1F',
	'1.5',
	'true',
	'false',
	'null',
	'undefined',
	'[]',
	'{}',
	'[object Object]',
	'00000000-0000-0000-0000-000000000000',
	'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
	'00000000-0000-0000-0000-00000000000g',
	'2025-13-45',
	'9999-12-31T23:59:59Z',
	'a@b',
	'"very.unusual.@.unusual.com"@example.com',
	`${'a'.repeat(64)}@${'b'.repeat(250)}.test`,
	'user@[127.0.0.1]',
	'on',
	'off',
]

const CONTROL_CHARACTER = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code))

/** Text in printable ASCII only (HTTP header values must be ByteStrings without CR or LF). */
export const headerText = (maxLength = 64) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength })

/**
 * Big strings, 10 kB to about 1 MB, made by repetition so generating them stays cheap. Kept rare
 * by the callers: each one costs the server a real parse.
 */
export const hugeText = fc
	.tuple(fc.constantFrom('a', 'é', '\u0000', '💥', '<script>', '%', '\uD800', '0'), fc.integer({ min: 10_000, max: 1_000_000 }))
	.map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)))

/** Any hostile string: small most of the time, about one in fifty a huge one. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
	{ weight: 60, arbitrary: fc.constantFrom(...KNOWN_BAD_STRINGS) },
	{ weight: 40, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
	{ weight: 20, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
	{ weight: 20, arbitrary: fc.string({ unit: CONTROL_CHARACTER, minLength: 1, maxLength: 20 }) },
	{ weight: 20, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
	{ weight: 10, arbitrary: fc.uuid() },
	{ weight: 10, arbitrary: fc.emailAddress() },
	{ weight: 10, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
	{ weight: 10, arbitrary: fc.string({ minLength: 300, maxLength: 5000 }) },
	{ weight: 4, arbitrary: hugeText },
)

/** Any JSON value, often of the wrong type for the field it lands in. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 5, arbitrary: hostileText },
	{ weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e308, -1, 0, 2 ** 53 + 1, 0.1)) },
	{ weight: 1, arbitrary: fc.boolean() },
	{ weight: 1, arbitrary: fc.constant(null) },
	{ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
	{ weight: 1, arbitrary: fc.array(hostileText, { maxLength: 5 }) },
	{ weight: 1, arbitrary: fc.dictionary(fieldName(), hostileText, { maxKeys: 4 }) },
	{ weight: 1, arbitrary: fc.integer({ min: 50, max: 1000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown) },
)

/** A field name a client might invent, including names that pollute prototypes or look like arrays. */
export function fieldName() {
	return fc.oneof(
		{
			weight: 3,
			arbitrary: fc.constantFrom(
				'__proto__',
				'constructor',
				'prototype',
				'intent',
				'id',
				'id[]',
				'a[b][c]',
				'',
				' ',
				'toString',
				'hasOwnProperty',
				'_routes',
				'_data',
			),
		},
		{ weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
	)
}

/** What goes into a path segment: absurd ids, traversal, broken percent-encoding (sent raw). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
	{ weight: 3, arbitrary: fc.uuid() },
	{ weight: 3, arbitrary: hostileText.filter((text) => text.length < 2000).map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))) },
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'%',
			'%zz',
			'%E0%A4%A',
			'%00',
			'%2e%2e',
			'%2F..%2F',
			'new',
			'0',
			'-1',
			'%C0%AE',
			'null',
			'index.data',
			'.data',
			'%F0%9F%92%A5',
			'a'.repeat(5000),
		),
	},
)

/** A Content-Type a client might send instead of the right one. */
export const wrongContentType = fc.oneof(
	fc.constantFrom(
		'text/plain',
		'application/json',
		'application/x-www-form-urlencoded',
		'application/x-www-form-urlencoded; charset=utf-16',
		'multipart/form-data',
		'multipart/form-data; boundary=',
		'multipart/form-data; boundary=----not-in-the-body',
		'application/xml',
		'application/octet-stream',
		'image/png',
		'application/json; charset=latin1',
		'text/html; charset="',
		'*/*',
	),
	headerText(40),
)
