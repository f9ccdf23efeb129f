import { describe, expect, it } from 'vitest'
import { resetPasswordUrl } from '../auth/auth.ts'
import { confirmSubscriptionUrl, unsubscribeUrl } from '../marketing/newsletter.ts'
import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { DEMO_SELLER } from '../invoices/config.ts'
import { renderOrderEmail } from './emails.ts'
import { orderPageKey } from './order-page.ts'

const invoicing = { series: 'LC', seller: DEMO_SELLER, vat: DEFAULT_VAT, ronPerEur: 4.97 }

type Order = Parameters<typeof renderOrderEmail>[1]

const order = (locale: string) =>
	({
		id: '0a1b2c3d-0000-4000-8000-000000000000',
		locale,
		status: 'new',
		paymentStatus: 'paid',
		trackingNumber: null,
		email: 'lucia@example.com',
		subtotalCents: 4500,
		shippingCents: 0,
		totalCents: 4500,
		shippingAddress: { fullName: 'Lucía García', address: 'Calle Mayor 1', city: 'Madrid', postalCode: '28001', country: 'ES', phone: '', notes: '' },
	}) as unknown as Order

describe('links in emails follow the recipient’s language (ADR 0106)', () => {
	it('an order email links to the order’s own signed page in the order’s language (ADR 0135)', async () => {
		const key = orderPageKey('s3cret', order('ro').id)
		for (const [locale, path] of [
			['es', `/es/order/${order('ro').id}?key=${key}`],
			['ro', `/ro/order/${order('ro').id}?key=${key}`],
			['en', `/en/order/${order('ro').id}?key=${key}`],
		] as const) {
			const mail = renderOrderEmail('confirmation', order(locale), [], {
				shopAddress: 'Cluj',
				publicUrl: 'https://shop.example',
				invoicing,
				linkSecret: 's3cret',
			})
			expect(mail.text).toContain(`https://shop.example${path}`)
			expect(mail.html).toContain(`href="https://shop.example${path}"`)
			expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
		}
	})

	it('the password reset and newsletter links open the page in the email’s language', () => {
		expect(resetPasswordUrl('https://shop.example', 'es', 'a b')).toBe('https://shop.example/es/reset-password?token=a%20b')
		expect(unsubscribeUrl('https://shop.example', 'ro', 'tok')).toBe('https://shop.example/ro/newsletter/unsubscribe?token=tok')
		expect(confirmSubscriptionUrl('https://shop.example', 'es', 'tok')).toBe('https://shop.example/es/newsletter/confirm?token=tok')
	})
})
