import type { Page } from '@playwright/test'
import es from '#domain/i18n/resources/es.ts'
import { expect, waitForHydration } from './fixtures.ts'

/** On /es/checkout (hydrated): Lucía García in Madrid places the order with `email`; the test card page opens next. */
export async function placeSpanishOrder(page: Page, email: string) {
	await page.getByLabel(es.checkout.fullName).fill('Lucía García')
	await page.getByLabel(es.checkout.email).fill(email)
	await page.getByLabel(es.checkout.phone).fill('+34 612 345 678')
	await page.getByLabel(es.checkout.address).fill('Calle Mayor 1')
	await page.getByLabel(es.checkout.city).fill('Madrid')
	await page.getByLabel(es.checkout.postalCode).fill('28001')
	await page.getByLabel(es.checkout.country).selectOption('ES')
	await page.getByRole('button', { name: es.checkout.submit }).click()
	await expect(page).toHaveURL(/\/es\/test-payment\/test_cs_/)
}

/** On the Spanish test card page: pays with 4242 and waits for the thank-you page. */
export async function payWithTestCardInSpanish(page: Page) {
	await waitForHydration(page)
	await page.getByLabel(es.testPayment.cardNumber).fill('4242 4242 4242 4242')
	await page.getByLabel(es.testPayment.expiry).fill('12/34')
	await page.getByLabel(es.testPayment.cvc).fill('123')
	await page.getByLabel(es.testPayment.name).fill('Lucía García')
	await page.getByRole('button', { name: /^Pagar/ }).click()
	await expect(page).toHaveURL(/\/es\/payment-success\?session_id=test_cs_/)
	await expect(page.getByRole('heading', { name: es.payment.successTitle })).toBeVisible()
}
