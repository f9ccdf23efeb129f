import { describe, expect, it } from 'vitest'
import { ownerNoticeSubject, renderOwnerOrderEmail, type OwnerNoticeKind } from './owner-email.ts'

type Order = Parameters<typeof renderOwnerOrderEmail>[1]

const order = (testMode: boolean) =>
	({
		id: '0a1b2c3d-0000-4000-8000-000000000000',
		email: 'ana@example.com',
		testMode,
		subtotalCents: 9000,
		shippingCents: 0,
		totalCents: 9000,
		shippingAddress: { fullName: 'Ana Popescu', address: 'Str. Lalelelor 3', city: 'Cluj-Napoca', postalCode: '400001', country: 'RO', phone: '', notes: '' },
	}) as unknown as Order

/** ADR 0232: each kind of owner notice has its own subject, with the order's number. */
describe('the owner’s notices', () => {
	it('say in the subject what happened, each differently, with the order number', () => {
		const subjects = {
			paid: ownerNoticeSubject('paid', order(false)),
			testPaid: ownerNoticeSubject('paid', order(true)),
			unfulfillable: ownerNoticeSubject('unfulfillable', order(false)),
		}
		expect(subjects).toEqual({
			paid: 'Comandă nouă plătită #0a1b2c3d — 90,00 €',
			testPaid: 'Comandă de test plătită #0a1b2c3d — 90,00 € (fără bani reali)',
			unfulfillable: 'Plată sosită fără stoc: comanda #0a1b2c3d a fost anulată și se rambursează automat',
		})
		expect(new Set(Object.values(subjects)).size).toBe(3)
	})

	it('render the subject they are sent under and the intro of their kind', async () => {
		for (const kind of ['paid', 'unfulfillable'] as OwnerNoticeKind[]) {
			const email = renderOwnerOrderEmail(kind, order(false), [], { publicUrl: 'http://shop.test' })
			expect(email.subject).toBe(ownerNoticeSubject(kind, order(false)))
			expect(email.html).toContain(`<title>${email.subject}</title>`)
			expect(email.text).toContain('http://shop.test/admin/orders/0a1b2c3d-0000-4000-8000-000000000000')
		}
		expect(renderOwnerOrderEmail('paid', order(false), [], { publicUrl: '' }).text).toMatch(/^A sosit plata pentru comanda #0a1b2c3d\./)
		expect(renderOwnerOrderEmail('unfulfillable', order(false), [], { publicUrl: '' }).text).toMatch(/^Plata pentru comanda #0a1b2c3d \(90,00 €\) a sosit după/)
	})
})
