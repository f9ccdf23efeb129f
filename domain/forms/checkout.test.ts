import { describe, expect, it } from 'vitest'
import ro from '../i18n/resources/ro.ts'
import { checkoutRequestSchema } from './checkout-lines.ts'
import { checkoutFormSchema, firstCheckoutError } from './checkout.ts'

const valid = {
	fullName: 'Ana Popescu',
	email: 'ana@example.com',
	phone: '+40 (712) 345-678',
	address: 'Str. Lalelelor 3',
	city: 'Cluj-Napoca',
	postalCode: '400001',
	country: 'România',
	notes: '',
}

/** The Romanian text the page shows for a message key. */
function romanian(key: string) {
	return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ro) as string
}

function firstError(values: Record<string, unknown>) {
	const result = checkoutFormSchema.safeParse(values)
	if (result.success) return null
	const { field, message } = firstCheckoutError(result.error)
	return { field, message: romanian(message) }
}

describe('checkout form', () => {
	it('accepts a complete form and trims every field except notes', () => {
		const result = checkoutFormSchema.parse({
			...valid,
			fullName: '  Ana Popescu ',
			email: ' ana@example.com ',
			phone: ' 0712 345 678 ',
			address: ' Str. Lalelelor 3 ',
			city: ' Cluj ',
			postalCode: ' 400001 ',
			country: ' România ',
			notes: '  la interfon 12  ',
		})
		expect(result).toEqual({
			fullName: 'Ana Popescu',
			email: 'ana@example.com',
			phone: '0712 345 678',
			address: 'Str. Lalelelor 3',
			city: 'Cluj',
			postalCode: '400001',
			// The country becomes its ISO code (ADR 0102), from a code or a name.
			country: 'RO',
			notes: '  la interfon 12  ',
			company: '',
			vatNumber: '',
			cnp: '',
		})
		expect(checkoutFormSchema.parse({ ...valid, country: 'es' }).country).toBe('ES')
		expect(checkoutFormSchema.parse({ ...valid, notes: undefined }).notes).toBe('')
	})

	it.each([
		['fullName', '', 'Numele este obligatoriu'],
		['fullName', '   ', 'Numele este obligatoriu'],
		['fullName', 'a'.repeat(101), 'Numele poate avea cel mult 100 de caractere'],
		['email', 'ana', 'Adresa de email nu este validă'],
		['email', '', 'Adresa de email nu este validă'],
		['email', `${'a'.repeat(250)}@x.com`, 'Adresa de email nu este validă'],
		['phone', '', 'Numărul de telefon este obligatoriu'],
		['phone', '1'.repeat(21), 'Numărul de telefon poate avea cel mult 20 de caractere'],
		['phone', '0712 345 678 int. 2', 'Numărul de telefon conține caractere invalide'],
		['phone', '0712#345', 'Numărul de telefon conține caractere invalide'],
		['address', ' ', 'Adresa este obligatorie'],
		['address', 'a'.repeat(201), 'Adresa poate avea cel mult 200 de caractere'],
		['city', '', 'Orașul este obligatoriu'],
		['city', 'a'.repeat(101), 'Orașul poate avea cel mult 100 de caractere'],
		['postalCode', '', 'Codul poștal este obligatoriu'],
		['postalCode', '1'.repeat(21), 'Codul poștal poate avea cel mult 20 de caractere'],
		['country', '', 'Țara este obligatorie'],
		['country', 'a'.repeat(101), 'Țara poate avea cel mult 100 de caractere'],
		['country', 'Atlantida', 'Țara este obligatorie'],
		['notes', 'a'.repeat(501), 'Observațiile pot avea cel mult 500 de caractere'],
	])('%s = %j → %s', (field, value, message) => {
		expect(firstError({ ...valid, [field]: value })).toEqual({ field, message })
	})

	it('takes an optional company and EU VAT number for the invoice, the VAT number compacted (ADR 0118)', () => {
		expect(checkoutFormSchema.parse({ ...valid, company: ' Atelier SRL ', vatNumber: 'ro 18547290' })).toMatchObject({
			company: 'Atelier SRL',
			vatNumber: 'RO18547290',
		})
		expect(checkoutFormSchema.parse({ ...valid, company: 'Taller SL', vatNumber: 'ESB12345678' }).vatNumber).toBe('ESB12345678')
		expect(checkoutFormSchema.parse({ ...valid, company: 'Taller SL' })).toMatchObject({ company: 'Taller SL', vatNumber: '' })
		expect(firstError({ ...valid, company: 'Taller SL', vatNumber: 'ES123' })).toEqual({
			field: 'vatNumber',
			message: romanian('checkout.errors.vatNumberInvalid'),
		})
		expect(firstError({ ...valid, company: 'Atelier SRL', vatNumber: 'RO18547291' })).toEqual({
			field: 'vatNumber',
			message: romanian('checkout.errors.vatNumberInvalid'),
		})
		expect(firstError({ ...valid, vatNumber: 'ESB12345678' })).toEqual({ field: 'company', message: romanian('checkout.errors.companyRequired') })
		// A Romanian company not registered for VAT gives its bare CUI (ADR 0152); its control digit counts too.
		expect(checkoutFormSchema.parse({ ...valid, company: 'Atelier SRL', vatNumber: ' 18 547 290 ' }).vatNumber).toBe('18547290')
		expect(firstError({ ...valid, company: 'Atelier SRL', vatNumber: '18547291' })).toEqual({
			field: 'vatNumber',
			message: romanian('checkout.errors.vatNumberInvalid'),
		})
		expect(firstError({ ...valid, company: 'x'.repeat(201) })).toEqual({ field: 'company', message: romanian('checkout.errors.companyTooLong') })
	})

	it("takes a Romanian consumer's optional CNP, its control digit checked (ADR 0152)", () => {
		expect(checkoutFormSchema.parse({ ...valid, cnp: ' 1900515 123458 ' }).cnp).toBe('1900515123458')
		expect(checkoutFormSchema.parse(valid).cnp).toBe('')
		expect(firstError({ ...valid, cnp: '1900515123457' })).toEqual({ field: 'cnp', message: romanian('checkout.errors.cnpInvalid') })
		expect(firstError({ ...valid, cnp: '12345' })).toEqual({ field: 'cnp', message: romanian('checkout.errors.cnpInvalid') })
	})

	it('accepts the limits exactly and every allowed phone character', () => {
		expect(
			checkoutFormSchema.safeParse({
				...valid,
				fullName: 'a'.repeat(100),
				email: `${'a'.repeat(243)}@example.com`,
				phone: '+40 (0) 712-345 67',
				address: 'a'.repeat(200),
				city: 'a'.repeat(100),
				postalCode: '1'.repeat(20),
				country: 'RO',
				notes: ' '.repeat(500),
			}).success,
		).toBe(true)
		// The limit counts after trimming.
		expect(checkoutFormSchema.safeParse({ ...valid, fullName: ` ${'a'.repeat(100)} ` }).success).toBe(true)
	})

	it('reports only the first problem, in form order', () => {
		expect(firstError({ ...valid, fullName: '', email: 'x', phone: '!' })).toEqual({ field: 'fullName', message: 'Numele este obligatoriu' })
		expect(firstError({ ...valid, email: 'x', phone: '!' })).toEqual({ field: 'email', message: 'Adresa de email nu este validă' })
		expect(firstError({})).toEqual({ field: 'fullName', message: 'Numele este obligatoriu' })
	})

	it('refuses an empty cart with the spec message and non-whole quantities', () => {
		const empty = checkoutRequestSchema.safeParse({ items: [], shippingData: valid })
		expect(empty.success).toBe(false)
		expect(romanian(firstCheckoutError(empty.error!).message)).toBe('Adaugă produse în coș pentru a continua')
		const productId = '7d1f3c58-8f5e-4a57-9b8f-2f7b9b1f6c11'
		expect(checkoutRequestSchema.safeParse({ items: [{ kind: 'product', productId, quantity: 1.5 }], shippingData: valid }).success).toBe(false)
		expect(checkoutRequestSchema.safeParse({ items: [{ kind: 'product', productId, quantity: 0 }], shippingData: valid }).success).toBe(false)
		// The browser sends nothing the server ignores (ADR 0102): a price is dropped, never read.
		expect(checkoutRequestSchema.parse({ items: [{ kind: 'product', productId, quantity: 2, price: 1 }], shippingData: valid }).items).toEqual([
			{ kind: 'product', productId, quantity: 2 },
		])
		// A line's kind is its tag, never its id.
		expect(checkoutRequestSchema.safeParse({ items: [{ id: 'portrait-13x18-1', quantity: 1 }], shippingData: valid }).success).toBe(false)
	})
})
