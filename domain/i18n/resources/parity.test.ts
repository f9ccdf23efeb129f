import { describe, expect, it } from 'vitest'
import enInterface from './en.ts'
import esInterface from './es.ts'
import roInterface from './ro.ts'
import emailEn from './email/en.ts'
import emailEs from './email/es.ts'
import emailRo from './email/ro.ts'
import invoiceEn from './invoice/en.ts'
import invoiceEs from './invoice/es.ts'
import invoiceRo from './invoice/ro.ts'
import admin from './admin/ro.ts'
import reviewsEn from './reviews/en.ts'
import reviewsEs from './reviews/es.ts'
import reviewsRo from './reviews/ro.ts'

function flatten(value: unknown, prefix = ''): Record<string, string> {
	if (typeof value === 'string') return { [prefix]: value }
	return Object.assign({}, ...Object.entries(value as object).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)))
}

// Each language as the server has it: the interface texts, the order emails' and the invoice's (server/i18n.ts).
const en = { ...enInterface, ...emailEn, ...invoiceEn }
const ro = { ...roInterface, ...emailRo, ...invoiceRo }
const es = { ...esInterface, ...emailEs, ...invoiceEs }

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

// The admin namespace (admin/ro.ts) is not compared: the admin area is in Romanian only
// (ADR 0006), so it has no English or Spanish version to keep in step. Its texts must not be empty.
describe('admin texts', () => {
	it('are all non-empty Romanian strings', () => {
		for (const [key, text] of Object.entries(flatten(admin))) expect(text.trim(), key).not.toBe('')
	})
})

describe.each([
	['interface translations', en, { ro, es }],
	['the server’s review texts (ADR 0268)', reviewsEn, { ro: reviewsRo, es: reviewsEs }],
] as const)('%s', (_name, english, others) => {
	const reference = flatten(english)
	for (const [name, resource] of Object.entries(others)) {
		it(`${name} has exactly the English keys, none empty, with the same placeholders`, () => {
			const translated = flatten(resource)
			expect(Object.keys(translated).sort()).toEqual(Object.keys(reference).sort())
			for (const [key, text] of Object.entries(translated)) {
				expect(text.trim(), key).not.toBe('')
				expect(placeholders(text), key).toEqual(placeholders(reference[key]!))
			}
		})
	}
})
