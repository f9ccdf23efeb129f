import crypto from 'node:crypto'
import { inArray, like } from 'drizzle-orm'
import { categories, translations } from '#db/schema/index.ts'
import { sourceHash } from '#server/translation/cache.ts'
import { TRANSLATIONS_PAGE_SIZE } from '#server/translation/content.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/**
 * /admin/translations lists a few items a page, filtered on the server by kind, by search and by what
 * is still untranslated or overridden, with the filter in the URL.
 */

test('the translations screen pages and filters by missing and overridden texts, the filter kept in the URL', async ({
	page,
	database,
	createUser,
	signIn,
}) => {
	const id = crypto.randomBytes(4).toString('hex')
	const count = TRANSLATIONS_PAGE_SIZE + 2
	const names = Array.from({ length: count }, (_, index) => `Filtru ${id} ${String(index).padStart(2, '0')}`)
	const made = await database.db
		.insert(categories)
		.values(names.map((name, index) => ({ name, slug: `filtru-${id}-${index}` })))
		.returning()
	// The first category's name is the editor's own in both languages; the second's is machine-translated in both.
	const row = (name: string, locale: string, text: { overrideText?: string; translatedText?: string }) => ({
		sourceHash: sourceHash(name),
		context: 'category.name',
		locale,
		sourceText: name,
		...text,
	})
	for (const values of [
		row(names[0]!, 'en', { overrideText: `Filter ${id} 00` }),
		row(names[0]!, 'es', { overrideText: `Filtro ${id} 00` }),
		row(names[1]!, 'en', { translatedText: `Filter ${id} 01` }),
		row(names[1]!, 'es', { translatedText: `Filtro ${id} 01` }),
	])
		await database.db
			.insert(translations)
			.values(values)
			.onConflictDoUpdate({ target: [translations.sourceHash, translations.context, translations.locale], set: values })
	const articles = page.getByRole('article')
	try {
		await signIn(page, await createUser({ roles: ['editor'] }))
		await page.goto(`/admin/translations?tab=category&q=${id}`)
		await waitForHydration(page)

		// All of them, a page at a time.
		await expect(articles).toHaveCount(TRANSLATIONS_PAGE_SIZE)
		await expect(page.getByRole('navigation', { name: 'Pagina 1 din 2' })).toContainText(`· ${count}`)
		await page.getByRole('link', { name: 'Înainte' }).click()
		await expect(page).toHaveURL(/[?&]page=2(&|$)/)
		await expect(articles).toHaveCount(2)

		// Only what a visitor still reads in Romanian: the overridden and the machine-translated ones are gone.
		await page.getByLabel('Arată').selectOption('missing')
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page).toHaveURL(new RegExp(`tab=category&q=${id}&show=missing$`))
		await expect(articles).toHaveCount(count - 2)
		await expect(page.getByRole('navigation', { name: /Pagina/ })).toHaveCount(0)
		await expect(page.getByRole('article', { name: names[0] })).toHaveCount(0)
		await expect(page.getByRole('article', { name: names[1] })).toHaveCount(0)
		await expect(page.getByRole('article', { name: names[2] })).toBeVisible()

		// Only the editor's own translations; the filter survives a reload and a change of tab.
		await page.getByLabel('Arată').selectOption('overridden')
		await page.getByRole('button', { name: 'Caută' }).click()
		await expect(page).toHaveURL(/show=overridden$/)
		await expect(articles).toHaveCount(1)
		await expect(page.getByRole('article', { name: names[0] })).toBeVisible()
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByLabel('Arată')).toHaveValue('overridden')
		await expect(articles).toHaveCount(1)
		await page.getByRole('navigation', { name: 'Tip de conținut' }).getByRole('link', { name: 'Produse' }).click()
		await expect(page).toHaveURL(/tab=product&show=overridden$/)
		await expect(page.getByLabel('Arată')).toHaveValue('overridden')

		// A search and a filter that find nothing say so.
		await page.goto(`/admin/translations?tab=category&q=${id}-nimic&show=missing`)
		await expect(page.getByText('Niciun text nu corespunde filtrului')).toBeVisible()
	} finally {
		await database.db.delete(translations).where(like(translations.sourceText, `Filtru ${id} %`))
		await database.db.delete(categories).where(
			inArray(
				categories.id,
				made.map((category) => category.id),
			),
		)
	}
})
