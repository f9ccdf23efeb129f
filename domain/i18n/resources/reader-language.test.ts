import { describe, expect, it } from 'vitest'
import enInterface from './en.ts'
import esInterface from './es.ts'
import emailEn from './email/en.ts'
import emailEs from './email/es.ts'
import invoiceEs from './invoice/es.ts'
import remindersEn from './reminders/en.ts'
import remindersEs from './reminders/es.ts'
import reviewsEn from './reviews/en.ts'
import reviewsEs from './reviews/es.ts'

function flatten(value: unknown, prefix = ''): Record<string, string> {
	if (typeof value === 'string') return { [prefix]: value }
	return Object.assign({}, ...Object.entries(value as object).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)))
}

/**
 * Forms that speak to the reader as "usted": the pronoun, "le" as "to you", and the formal
 * imperatives and verbs the shop's texts would use. The shop says "tú" to its Spanish customers
 * everywhere; one formal sentence among them reads as a different voice.
 */
const USTED = [
	/\busted(es)?\b/i,
	/¿qué le (ha )?parec/i,
	/\ble (hemos|enviamos|escribimos|avisaremos)\b/i,
	/\b(introduzca|revise|elija|escriba|escríbanos|cuente|corríjalo|corrija|déjelo|deje|haga|pulse|añada|indique|compruebe|confirme|inténtelo|espere|seleccione|utilice|rellene|asegúrese|póngase|contáctenos|vuelva a intentarlo)\b/i,
	/\b(ya ha opinado|si envía|podrá opinar|si aún quiere|no necesita cuenta|con sus propias palabras|tal como la escribe)\b/i,
	/\b(su|sus) (opinión|valoración|cuenta|contraseña|carrito|pedido|pedidos|factura|correo|dirección de (correo|email))\b/i,
]

// Every Spanish text a customer reads: the interface (with checkout's), the order emails, the invoice, the reminders and the reviews.
const spanish = flatten({ ...esInterface, ...emailEs, ...invoiceEs, reminders: remindersEs, reviews: reviewsEs })

describe('Spanish texts', () => {
	it('say "tú" to the customer throughout, never "usted"', () => {
		const formal = Object.entries(spanish).filter(([, text]) => USTED.some((pattern) => pattern.test(text)))
		expect(formal).toEqual([])
	})

	it('are checked against the formal forms at all (the patterns catch what they are for)', () => {
		for (const sentence of [
			'Cuente a otros clientes qué le parece.',
			'Introduzca un NIF-IVA de la UE: revise sus cifras',
			'Corríjalo o déjelo en blanco para pagar con IVA.',
			'Hemos recibido su opinión.',
			'Si aún quiere contarnos algo, escríbanos.',
			'Le hemos enviado un enlace.',
		])
			expect(
				USTED.some((pattern) => pattern.test(sentence)),
				sentence,
			).toBe(true)
		for (const sentence of ['Escríbenos.', 'Añade su nombre y su NIF-IVA de la UE', 'revisa sus 13 cifras', 'Tu opinión se muestra'])
			expect(
				USTED.some((pattern) => pattern.test(sentence)),
				sentence,
			).toBe(false)
	})
})

// What English and Spanish customers read (the invoice is left out: it prints the Romanian text beside them by law).
const english = flatten({ ...enInterface, ...emailEn, reminders: remindersEn, reviews: reviewsEn })

describe.each([
	['English', english],
	['Spanish', spanish],
] as const)('%s texts', (_language, texts) => {
	it('never say "AWB", the Romanian word for a tracking number, nor name Romania in Romanian', () => {
		expect(Object.entries(texts).filter(([, text]) => /\bAWB\b|România/.test(text))).toEqual([])
	})
})
