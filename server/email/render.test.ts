import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { renderEmail } from './render.ts'
import { renderMessageEmail } from './templates/message.tsx'
import { OrderEmail, type OrderEmailView } from './templates/order.tsx'

const view: OrderEmailView = {
	locale: 'es',
	subject: 'Pedido <1234> & más',
	intro: 'Hola <script>alert(1)</script>, gracias.',
	facts: [{ label: 'Pedido', value: '1234' }],
	itemsHeading: 'Productos',
	lines: [{ title: '2 × Vela "grande"', details: ['Tamaño: <b>30</b>'], amount: '50,00 €' }],
	totals: [
		{ label: 'Total', value: '50,00 €', strong: true },
		{ label: 'IVA incluido (21 %)', value: '8,68 €', small: true },
	],
	notes: [],
	highlight: null,
	addressHeading: 'Dirección',
	address: ['Ana', 'Calle 1'],
	link: { label: 'Ver pedido', href: 'https://shop.example/es/order/1?key=a&b=c' },
	footer: ['Lumină & Carton'],
}

describe('emails are components rendered on the server', () => {
	it('escapes every text in the HTML part and keeps it as written in the text part', async () => {
		const { html, text } = renderEmail(createElement(OrderEmail, { view }))
		expect(html).not.toContain('<script>')
		expect(html).toContain('Hola &lt;script&gt;alert(1)&lt;/script&gt;, gracias.')
		expect(html).toContain('Tamaño: &lt;b&gt;30&lt;/b&gt;')
		expect(html).toContain('href="https://shop.example/es/order/1?key=a&amp;b=c"')
		expect(html).toMatch(/<html[^>]* lang="es"/)
		expect(text).toContain('Hola <script>alert(1)</script>, gracias.')
		expect(text).toContain('Tamaño: <b>30</b>')
	})

	it('reads a row of label and value on one line in the text part, and leaves the coloured band out of it', async () => {
		const { text } = renderEmail(createElement(OrderEmail, { view }))
		expect(text).toContain('Pedido: 1234')
		expect(text).toContain('2 × Vela "grande" 50,00 €')
		expect(text).toContain('IVA incluido (21 %): 8,68 €')
		expect(text.startsWith('Hola')).toBe(true)
		expect(text).toContain('https://shop.example/es/order/1?key=a&b=c')
	})

	it('a message keeps its paragraphs and line breaks, and its addresses become links', async () => {
		const email = renderMessageEmail({
			locale: 'en',
			subject: 'Reset',
			body: 'Hello,\n\nOpen this link:\nhttps://shop.example/en/reset-password?token=a%20b\n\nBye',
		})
		expect(email.subject).toBe('Reset')
		expect(email.html).toContain('<a href="https://shop.example/en/reset-password?token=a%20b"')
		expect(email.text).toBe('Hello,\n\nOpen this link:\nhttps://shop.example/en/reset-password?token=a%20b\n\nBye')
	})
})
