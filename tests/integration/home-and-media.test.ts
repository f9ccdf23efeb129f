import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, homeContent, media, products, translations, users } from '#db/schema/index.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { removeCategory, saveCategoryContent, type CatalogApp } from '#server/catalog/admin-categories.ts'
import { removeProduct, saveProductContent } from '#server/catalog/admin-products.ts'
import { localizeHome, readHomeContent, saveHomeContent } from '#server/home/home-content.ts'
import { deleteMedia, listMedia, MediaInUseError, uploadMedia } from '#server/media/library.ts'
import { storeAdminImage } from '#server/media/admin-images.ts'
import { deleteImage } from '#server/media/image-pipeline.ts'
import { registerCatalogImages } from '#server/media/register-catalog-images.ts'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import type { ObjectStorage } from '#server/storage/storage.ts'
import { createLibreTranslateProvider } from '#server/translation/providers.ts'
import { createTranslationService } from '#server/translation/service.ts'
import { listContentTranslations, setContentTranslationOverride } from '#server/translation/content.ts'
import { createTranslationWorker } from '#server/translation/worker.ts'
import { describeImageUses } from '#domain/admin/image-uses.ts'
import { categoryFormSchema } from '#domain/forms/admin-category.ts'
import { homeFormSchema, emptyHomeForm } from '#domain/forms/admin-home.ts'
import { emptyProductForm, productFormSchema } from '#domain/forms/admin-product.ts'
import { derivativeUrl } from '#domain/images.ts'
import type { MediaFolder } from '#domain/enums.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/databases.ts'
import { startFakeLibreTranslate } from '../support/fake-libretranslate.ts'

const home = (values: Partial<typeof emptyHomeForm>) => homeFormSchema.parse({ ...emptyHomeForm, ...values })

async function refusal(work: Promise<unknown>) {
	return work.then(
		() => null,
		(error: unknown) => error,
	)
}

/**
 * ADR 0132: the media library as the one place for images (where each is used,
 * delete refused while used, catalogue images stay when a product lets go of them) and the home
 * page saved in Romanian and translated like products, with overrides.
 */
describe.each(ENGINES)('home page and media library on %s', (engine) => {
	let database: TestDatabase
	let storage: ObjectStorage
	let root: string
	let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>
	let app: CatalogApp
	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'home-media' })
		root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-home-media-'))
		storage = createLocalStorage(root)
		fake = await startFakeLibreTranslate()
		const db = database.handle.db
		const log = pino({ level: 'silent' })
		const provider = createLibreTranslateProvider({ url: fake.url, timeoutMs: 2000, retries: 0, retryDelayMs: 5 })
		const service = createTranslationService({ db, provider, log })
		const worker = createTranslationWorker({ db, service, pollIntervalMs: 60_000 })
		app = { db, log, storage, translation: Object.assign(service, { worker }) } as CatalogApp
		await db.insert(users).values({ id: 'owner-1', email: 'owner@example.test' })
	})
	afterAll(async () => {
		await fake?.close()
		await database?.cleanup()
		await fs.rm(root, { recursive: true, force: true })
	})

	async function libraryImage(folder: MediaFolder, filename: string) {
		const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b85' } })
			.jpeg()
			.toBuffer()
		return uploadMedia({ db: app.db, storage }, { folder, filename, bytes, uploadedBy: 'owner-1' })
	}

	it('tells where each library image is used, refuses to delete one in use (naming where), and keeps library images a product or category lets go of', async () => {
		const { db } = app
		const [shared, categoryOnly, unused] = [
			await libraryImage('products', 'a.jpg'),
			await libraryImage('products', 'b.jpg'),
			await libraryImage('products', 'c.jpg'),
		]
		const cat = await saveCategoryContent(
			app,
			null,
			categoryFormSchema.parse({
				name: 'Biblioteca',
				slug: 'biblioteca',
				description: '',
				parentId: '',
				displayOrder: '0',
				isActive: true,
				price: '',
				imageUrl: categoryOnly.url,
			}),
		)
		const form = { ...emptyProductForm, name: 'Lumânare din bibliotecă', slug: 'lumanare-din-biblioteca', categoryId: cat.id, price: '10', stock: '1' }
		const product = await saveProductContent(app, null, productFormSchema.parse({ ...form, images: [shared.url] }))
		const other = await saveProductContent(
			app,
			null,
			productFormSchema.parse({ ...form, name: 'Altă lumânare', slug: 'alta-lumanare', images: [shared.url, categoryOnly.url] }),
		)

		const listed = new Map((await listMedia(db, 'products')).map((file) => [file.id, file.uses]))
		expect(listed.get(shared.id)).toEqual([
			{ kind: 'product', id: other.id, name: 'Altă lumânare' },
			{ kind: 'product', id: product.id, name: 'Lumânare din bibliotecă' },
		])
		expect(listed.get(categoryOnly.id)).toEqual([
			{ kind: 'product', id: other.id, name: 'Altă lumânare' },
			{ kind: 'category', id: cat.id, name: 'Biblioteca' },
		])
		expect(listed.get(unused.id)).toEqual([])

		// In use: refused, with the places named; nothing is deleted.
		const error = await refusal(deleteMedia({ db, storage }, shared.id))
		expect(error).toBeInstanceOf(MediaInUseError)
		expect((error as MediaInUseError).status).toBe(409)
		expect(describeImageUses((error as MediaInUseError).uses)).toBe('produsul Altă lumânare, produsul Lumânare din bibliotecă')
		expect(await storage.exists(shared.storageKey)).toBe(true)
		expect(await db.select({ id: media.id }).from(media).where(eq(media.id, shared.id))).toHaveLength(1)

		// A product dropping the image, then being deleted, leaves the library's file in place.
		await saveProductContent(app, other.id, productFormSchema.parse({ ...form, name: 'Altă lumânare', slug: 'alta-lumanare', images: [] }))
		expect(await removeProduct(app, product.id)).toBe(true)
		expect(await storage.exists(shared.storageKey)).toBe(true)
		expect(await storage.exists(derivativeUrl(shared.storageKey, 640))).toBe(true)
		// Now unused: it can go.
		expect(await deleteMedia({ db, storage }, shared.id)).toEqual({ id: shared.id })
		expect(await storage.exists(shared.storageKey)).toBe(false)

		// The category's image likewise stays after the category is deleted.
		expect(describeImageUses((await listMedia(db, 'products')).find((file) => file.id === categoryOnly.id)!.uses)).toBe('categoria Biblioteca')
		await removeProduct(app, other.id)
		await removeCategory(app, cat.id)
		expect(await storage.exists(categoryOnly.storageKey)).toBe(true)
		expect((await listMedia(db, 'products')).find((file) => file.id === categoryOnly.id)!.uses).toEqual([])
		expect(await deleteMedia({ db, storage }, unused.id)).toEqual({ id: unused.id })
	})

	it('registers pictures stored before the library as library images at start, once, skipping foreign and missing ones (ADR 0139)', async () => {
		const { db } = app
		const bytes = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#6a4' } })
			.jpeg()
			.toBuffer()
		// Stored the way the product and category forms stored them before ADR 0132: files, no library row.
		const [productPicture, categoryPicture, missing] = [
			await storeAdminImage(storage, bytes, 'products'),
			await storeAdminImage(storage, bytes, 'categories'),
			await storeAdminImage(storage, bytes, 'products'),
		]
		await deleteImage(storage, missing.key)
		const foreign = 'https://images.example.test/candle.webp'
		const cat = await saveCategoryContent(
			app,
			null,
			categoryFormSchema.parse({ name: 'Veche', slug: 'veche', description: '', parentId: '', displayOrder: '0', isActive: true, price: '', imageUrl: '' }),
		)
		await db.update(categories).set({ imageUrl: categoryPicture.url }).where(eq(categories.id, cat.id))
		const form = { ...emptyProductForm, name: 'Lumânare veche', slug: 'lumanare-veche', categoryId: cat.id, price: '10', stock: '1' }
		const product = await saveProductContent(app, null, productFormSchema.parse(form))
		await db
			.update(products)
			.set({ images: [productPicture.url, missing.url, foreign] })
			.where(eq(products.id, product.id))

		const first = await registerCatalogImages({ db, storage })
		expect(first.registered).toBe(2)
		expect(new Set(first.skipped)).toEqual(new Set([foreign, missing.url]))
		const listed = await listMedia(db, 'products')
		const byUrl = new Map(listed.map((file) => [file.url, file]))
		expect(byUrl.get(productPicture.url)).toMatchObject({
			size: productPicture.size,
			mimeType: 'image/webp',
			uses: [{ kind: 'product', id: product.id, name: 'Lumânare veche' }],
		})
		expect(byUrl.get(categoryPicture.url)?.uses).toEqual([{ kind: 'category', id: cat.id, name: 'Veche' }])
		// Every start runs it: nothing is registered twice.
		expect(await registerCatalogImages({ db, storage })).toEqual({ registered: 0, skipped: first.skipped })

		// Now the library owns them: deleting the product keeps the picture, which the library can then delete.
		expect(await removeProduct(app, product.id)).toBe(true)
		await removeCategory(app, cat.id)
		expect(await storage.exists(productPicture.key)).toBe(true)
		for (const picture of [productPicture, categoryPicture])
			expect(await deleteMedia({ db, storage }, byUrl.get(picture.url)!.id)).toEqual({ id: byUrl.get(picture.url)!.id })
		expect(await storage.exists(productPicture.key)).toBe(false)
	})

	it('saves the home page with hero and banner from their folders, refuses others, and the hero in use cannot be deleted', async () => {
		const { db } = app
		const hero = await libraryImage('hero', 'hero.jpg')
		const banner = await libraryImage('banners', 'banner.jpg')
		const productImage = await libraryImage('products', 'p.jpg')

		const wrongFolder = await refusal(saveHomeContent(app, home({ heroImageUrl: productImage.url }), 'owner-1'))
		expect(wrongFolder).toBeInstanceOf(AdminInputError)
		expect(wrongFolder).toMatchObject({ status: 400, field: 'heroImageUrl', message: 'Alege o imagine din folderul Hero al bibliotecii media' })
		const noAlt = await refusal(saveHomeContent(app, home({ bannerImageUrl: banner.url }), 'owner-1'))
		expect(noAlt).toMatchObject({ status: 400, field: 'bannerAlt' })
		expect(homeFormSchema.safeParse({ ...emptyHomeForm, bannerLink: 'javascript:alert(1)' }).success).toBe(false)
		expect(homeFormSchema.safeParse({ ...emptyHomeForm, bannerLink: '//elsewhere.example' }).success).toBe(false)
		expect(await readHomeContent(db)).toBeNull()

		await saveHomeContent(
			app,
			home({
				heroTitle: '  Lumânări făcute cu grijă ',
				heroText: 'Ceară de soia, turnată de mână.',
				heroImageUrl: hero.url,
				storyText: 'Povestea atelierului.',
				bannerImageUrl: banner.url,
				bannerLink: '/catalog',
				bannerAlt: 'Reduceri de iarnă',
			}),
			'owner-1',
		)
		// Saved again: still one row.
		await saveHomeContent(
			app,
			home({
				heroTitle: 'Lumânări făcute cu grijă',
				heroText: 'Ceară de soia, turnată de mână.',
				heroImageUrl: hero.url,
				storyText: 'Povestea atelierului.',
				bannerImageUrl: banner.url,
				bannerLink: '/catalog',
				bannerAlt: 'Reduceri de iarnă',
			}),
			'owner-1',
		)
		expect(await db.select({ id: homeContent.id }).from(homeContent)).toHaveLength(1)
		expect(await readHomeContent(db)).toEqual({
			heroTitle: 'Lumânări făcute cu grijă',
			heroText: 'Ceară de soia, turnată de mână.',
			heroImageUrl: hero.url,
			storyTitle: null,
			storyText: 'Povestea atelierului.',
			bannerImageUrl: banner.url,
			bannerLink: '/catalog',
			bannerAlt: 'Reduceri de iarnă',
		})

		expect((await listMedia(db, 'hero'))[0]!.uses).toEqual([{ kind: 'homeHero' }])
		const heroRefused = await refusal(deleteMedia({ db, storage }, hero.id))
		expect(describeImageUses((heroRefused as MediaInUseError).uses)).toBe('pagina principală (hero)')
		const bannerRefused = await refusal(deleteMedia({ db, storage }, banner.id))
		expect(describeImageUses((bannerRefused as MediaInUseError).uses)).toBe('pagina principală (banner)')
	})

	it('translates the home texts like products (machine translation, then the editor’s override wins) and retires the old text', async () => {
		const { db } = app
		const stored = (await readHomeContent(db))!
		// The save queued each text in both languages: the background job translates them.
		const queued = await db.select().from(translations)
		const homeRows = queued.filter((row) => row.context.startsWith('home.'))
		expect(homeRows.map((row) => `${row.context}|${row.locale}`).sort()).toEqual(
			['home.banner_alt', 'home.hero_text', 'home.hero_title', 'home.story_text'].flatMap((context) => [`${context}|en`, `${context}|es`]).sort(),
		)
		await app.translation.worker.runOnce()

		const english = await localizeHome(app, stored, [], 'en')
		expect(english.home).toMatchObject({
			heroTitle: '[en] Lumânări făcute cu grijă',
			heroText: '[en] Ceară de soia, turnată de mână.',
			storyTitle: null,
			storyText: '[en] Povestea atelierului.',
			bannerAlt: '[en] Reduceri de iarnă',
			heroImageUrl: stored.heroImageUrl,
			bannerLink: '/catalog',
		})
		expect((await localizeHome(app, stored, [], 'es')).home?.heroTitle).toBe('[es] Lumânări făcute cu grijă')
		expect((await localizeHome(app, stored, [], 'ro')).home?.heroTitle).toBe('Lumânări făcute cu grijă')

		// The translations screen lists the home page's texts; an override wins over the machine text.
		const listed = await listContentTranslations(app, { kind: 'home' })
		expect(listed.total).toBe(1)
		const [item] = listed.items
		expect(item!.name).toBe('Pagina principală')
		expect(item!.fields.map((field) => field.field)).toEqual(['heroTitle', 'heroText', 'storyText', 'bannerAlt'])
		expect(item!.fields[0]!.translations.en).toMatchObject({ machine: '[en] Lumânări făcute cu grijă', override: null, status: 'translated' })
		await setContentTranslationOverride(app, {
			kind: 'home',
			id: item!.id,
			field: 'heroTitle',
			locale: 'en',
			text: 'Candles made with care',
			userId: 'owner-1',
		})
		expect((await localizeHome(app, stored, [], 'en')).home?.heroTitle).toBe('Candles made with care')
		// A field the home page does not have is refused.
		expect(await refusal(setContentTranslationOverride(app, { kind: 'home', id: item!.id, field: 'name', locale: 'en', text: 'x' }))).toMatchObject({
			status: 400,
		})

		// A new text is queued and translated; the old one's translations are retired.
		const asForm = Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, value ?? '']))
		await saveHomeContent(app, home({ ...asForm, heroTitle: 'Lumină pentru acasă' }), 'owner-1')
		await app.translation.worker.runOnce()
		const changed = (await readHomeContent(db))!
		expect((await localizeHome(app, changed, [], 'en')).home?.heroTitle).toBe('[en] Lumină pentru acasă')
		const old = await db.select().from(translations).where(eq(translations.sourceText, 'Lumânări făcute cu grijă'))
		expect(old.map((row) => row.stale)).toEqual([true, true])
	})
})
