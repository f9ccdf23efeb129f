import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { formError, parseSubmission, submittedValues } from './submission.ts'

const schema = z.object({
	name: z.string().check(z.trim(), z.minLength(1, 'Numele este obligatoriu')),
	email: z.email('Adresa de email nu este validă'),
	tags: z._default(z.array(z.string()), []),
})

describe('parseSubmission', () => {
	it('parses FormData, JSON and URLSearchParams alike', () => {
		const form = new FormData()
		form.set('name', ' Ana ')
		form.set('email', 'ana@example.com')
		form.append('tags[]', 'a')
		form.append('photo', new Blob(['x']), 'photo.png')
		expect(parseSubmission(schema, form)).toEqual({ ok: true, value: { name: 'Ana', email: 'ana@example.com', tags: ['a'] } })
		expect(parseSubmission(schema, { name: 'Ana', email: 'ana@example.com' })).toEqual({ ok: true, value: { name: 'Ana', email: 'ana@example.com', tags: [] } })
		expect(parseSubmission(schema, new URLSearchParams('name=Ana&email=ana@example.com&tags=a&tags=b'))).toMatchObject({
			ok: true,
			value: { tags: ['a', 'b'] },
		})
	})

	it('gives each field its first message, the first of all for the toast, and what was sent', () => {
		const result = parseSubmission(schema, new URLSearchParams('name=&email=nu'))
		expect(result).toEqual({
			ok: false,
			errors: { fieldErrors: { name: 'Numele este obligatoriu', email: 'Adresa de email nu este validă' }, formError: 'Numele este obligatoriu' },
			values: { name: '', email: 'nu' },
		})
	})

	it('reads intents as a discriminated union', () => {
		const intents = z.discriminatedUnion('intent', [
			z.object({ intent: z.literal('toggle'), id: z.string() }),
			z.object({ intent: z.literal('delete'), id: z.string() }),
		])
		expect(parseSubmission(intents, new URLSearchParams('intent=delete&id=1'))).toEqual({ ok: true, value: { intent: 'delete', id: '1' } })
		expect(parseSubmission(intents, new URLSearchParams('intent=drop&id=1')).ok).toBe(false)
	})

	it('leaves files out and keeps a refusal about the whole form in the same shape', () => {
		const form = new FormData()
		form.append('photo', new Blob(['x']), 'photo.png')
		expect(submittedValues(form)).toEqual({})
		expect(formError('Prea multe încercări')).toEqual({ fieldErrors: {}, formError: 'Prea multe încercări' })
		expect(formError('Stoc modificat', 'stock')).toEqual({ fieldErrors: { stock: 'Stoc modificat' }, formError: 'Stoc modificat' })
	})
})
