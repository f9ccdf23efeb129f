import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { orderItems, orderRefunds, orders } from '#db/schema/index.ts'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts'
import { orderFixtures } from './order-fixtures.ts'

/**
 * ADR 0271: a sale refunded in part shows net of its refund in the sales reports, on the page (the
 * summary, the chart's table) and in the CSV file the page links to. The sale is paid on a day no
 * other test uses, so the report holds it alone.
 */
test('a sale refunded by one of its two units shows its net in the product report and its CSV', async ({ page, database, createUser, signIn }) => {
	const fixtures = orderFixtures(database)
	try {
		const order = await fixtures.create(`rapoarte-${crypto.randomBytes(4).toString('hex')}@example.com`)
		const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
		// Paid at noon on 14 March 2019 in Bucharest, 2 × 45 €; one unit given back, as a settled line refund leaves it.
		await database.db
			.update(orders)
			.set({ paidAt: new Date('2019-03-14T10:00:00Z'), createdAt: new Date('2019-03-14T09:55:00Z') })
			.where(eq(orders.id, order.id))
		await database.db
			.insert(orderRefunds)
			.values({ orderId: order.id, amountCents: 4500, reason: 'Spartă', lines: [{ itemId: line!.id, quantity: 1 }], provider: 'test', status: 'succeeded' })
		await database.db.update(orders).set({ refundedCents: 4500 }).where(eq(orders.id, order.id))

		await signIn(page, await createUser({ roles: ['admin'] }))
		await page.goto('/admin/reports?report=product&from=2019-03-14&to=2019-03-14')
		await expect(page.getByRole('heading', { name: 'Rapoarte de vânzări' })).toBeVisible()
		await expect(page.getByTestId('report-net')).toHaveText('45,00 €')
		await expect(page.getByTestId('report-gross')).toHaveText('90,00 €')
		await expect(page.getByTestId('report-refunded')).toHaveText('45,00 €')
		await expect(page.getByTestId('report-orders')).toHaveText('1')
		await expect(page.getByRole('img', { name: /Pe produse, vânzări nete/ })).toBeVisible()
		const table = page.getByTestId('report-table')
		await expect(table.getByRole('row', { name: line!.name })).toHaveText(`${line!.name}145,00 €`)
		await expect(table.getByRole('row', { name: 'Total' })).toHaveText('Total145,00 €')
		await expectNoSeriousA11yViolations(page)

		const download = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Descarcă CSV: pe produse, 14.03.2019 – 14.03.2019' }).click()
		const file = await download
		expect(file.suggestedFilename()).toBe('vanzari-produse-2019-03-14-2019-03-14.csv')
		const csv = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).split('\r\n')
		expect(csv).toEqual(['\uFEFFProdus;Bucăți;Net (EUR)', `${line!.name};1;45,00`, 'Total;1;45,00', ''])

		// The day report, from the report links, keeps the range: the day's gross, refund and net.
		await page.getByRole('link', { name: 'Pe zile' }).click()
		await expect(page).toHaveURL(/report=day&from=2019-03-14&to=2019-03-14/)
		await expect(page.getByTestId('report-table').getByRole('row', { name: '14.03.2019' })).toHaveText('14.03.2019190,00 €45,00 €45,00 €')
	} finally {
		await fixtures.cleanup()
	}
})
