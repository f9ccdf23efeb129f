import { describe, expect, it } from 'vitest'
import { xmlText } from './xml.ts'

describe('xmlText', () => {
	it('escapes the five markup characters', () => {
		expect(xmlText(`Tom & Jerry's <"best">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt;')
	})

	it.each([
		['NUL and C0 controls', 'a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg', 'abcdefg'],
		['DEL and C1 controls', 'a\u007fb\u0080c\u009fd', 'abcd'],
		['a lone high surrogate', 'a\ud800b', 'ab'],
		['a lone low surrogate', 'a\udfffb', 'ab'],
		['U+FFFE and U+FFFF', 'a\ufffeb\uffffc', 'abc'],
	])('drops %s', (_label, raw, expected) => {
		expect(xmlText(raw)).toBe(expected)
	})

	it('keeps tab, line breaks, Romanian letters, non-breaking space, emoji (a valid surrogate pair)', () => {
		const text = 'Lumânare\tȘtefan\r\nțară\u00a0🕯️ \ud7ff\ue000\ufffd'
		expect(xmlText(text)).toBe(text)
	})
})
