import * as z from 'zod/mini'
import { BADGES, PORTRAIT_SIZES, PRODUCT_KINDS, type Badge, type PortraitSize, type ProductKind } from '../enums.ts'
import { isUuid } from '../ids.ts'
import { checkboxField, euroCents, imageUrlField, listField, optionalIntegerInRange, optionalText, requiredText, slugField } from './admin-fields.ts'

export const PRODUCT_MAX_IMAGES = 10
export const STOCK_MAX = 999_999
const STOCK_RANGE_MESSAGE = 'Stocul trebuie să fie un număr întreg între 0 și 999999'
const STOCK_REQUIRED_MESSAGE = 'Stocul este obligatoriu'

/** A typed stock figure: a whole number from 0 to 999999. */
export function isStockFigure(value: string) {
	return /^\d{1,6}$/.test(value) && Number(value) <= STOCK_MAX
}

/** Measures (ADR 0138): burn time in hours, size in millimetres, weight in grams. */
export const BURN_TIME_MAX_HOURS = 999
export const SIZE_MAX_MM = 9999
export const WEIGHT_MAX_GRAMS = 99_999
const SIZE_FIELDS = ['widthMm', 'heightMm', 'depthMm'] as const
const SIZE_RANGE_MESSAGE = `Dimensiunea trebuie să fie un număr întreg de milimetri între 1 și ${SIZE_MAX_MM}`
const SIZE_INCOMPLETE_MESSAGE = 'Completează lățimea, înălțimea și adâncimea, sau lasă-le pe toate goale'

/** Kinds whose product page adds to the cart and whose form shows the candle details. */
export const kindHasCandleFields = (kind: ProductKind) => kind === 'candle'
/** Kinds that open the portrait customiser and carry a portrait size. */
export const kindHasPortraitSize = (kind: ProductKind) => kind === 'portrait_cardboard'

const productFields = z.object({
	name: requiredText(100, 'Numele este obligatoriu', 'Numele poate avea maxim 100 de caractere'),
	slug: slugField,
	description: z.string().check(z.trim(), z.maxLength(1000, 'Descrierea poate avea maxim 1000 de caractere')),
	kind: z.enum(PRODUCT_KINDS, { error: 'Tipul produsului este obligatoriu' }),
	categoryId: z.string().check(z.refine(isUuid, 'Categoria este obligatorie')),
	price: euroCents((payload) => {
		payload.issues.push({ code: 'custom', message: 'Prețul este obligatoriu', input: '' })
		return z.NEVER
	}),
	/**
	 * Units in stock; '' is no figure, which only a made-to-order product may have (checked below,
	 * after the fields, so the range message stays on the field).
	 */
	stock: z.pipe(
		z.optional(
			z.string().check(
				z.trim(),
				z.refine((value) => value === '' || isStockFigure(value), STOCK_RANGE_MESSAGE),
			),
		),
		z.transform((value: string | undefined) => (value === undefined || value === '' ? null : Number(value))),
	),
	/** Made to order (spec §3 `stock: number or null`, ADR 0124): no stock figure, never sells out. */
	madeToOrder: checkboxField,
	/**
	 * The stock figure the form was loaded with ('' for a made-to-order product), sent back so the
	 * server can tell whether the admin changed stock and whether checkouts moved it meanwhile.
	 * Absent for a new product.
	 */
	loadedStock: z.optional(
		z.pipe(
			z.string().check(
				z.trim(),
				z.refine((value) => value === '' || /^\d{1,9}$/.test(value), 'Stocul încărcat nu este valid; reîncarcă pagina'),
			),
			z.transform((value: string) => (value === '' ? null : Number(value))),
		),
	),
	badges: z.pipe(
		listField(z.enum(BADGES), BADGES.length),
		z.transform((badges: Badge[]) => BADGES.filter((badge) => badges.includes(badge))),
	),
	isActive: checkboxField,
	images: listField(imageUrlField, PRODUCT_MAX_IMAGES, `Un produs poate avea maxim ${PRODUCT_MAX_IMAGES} imagini`),
	portraitSize: z.pipe(
		z.union([z.enum(PORTRAIT_SIZES), z.literal('')]),
		z.transform((value: PortraitSize | '') => (value === '' ? null : value)),
	),
	scent: optionalText(100, 'Aroma poate avea maxim 100 de caractere'),
	smellsLike: optionalText(200, 'Câmpul „Miroase a” poate avea maxim 200 de caractere'),
	waxColor: optionalText(50, 'Culoarea cerii poate avea maxim 50 de caractere'),
	containerType: optionalText(50, 'Recipientul poate avea maxim 50 de caractere'),
	customLabelAvailable: checkboxField,
	giftWrapAvailable: checkboxField,
	burnTimeHours: optionalIntegerInRange(1, BURN_TIME_MAX_HOURS, `Timpul de ardere trebuie să fie un număr întreg de ore între 1 și ${BURN_TIME_MAX_HOURS}`),
	widthMm: optionalIntegerInRange(1, SIZE_MAX_MM, SIZE_RANGE_MESSAGE),
	heightMm: optionalIntegerInRange(1, SIZE_MAX_MM, SIZE_RANGE_MESSAGE),
	depthMm: optionalIntegerInRange(1, SIZE_MAX_MM, SIZE_RANGE_MESSAGE),
	weightGrams: optionalIntegerInRange(1, WEIGHT_MAX_GRAMS, `Greutatea trebuie să fie un număr întreg de grame între 1 și ${WEIGHT_MAX_GRAMS}`),
})

/**
 * The admin product form (spec §5 product), parsed in the browser before sending and again by the
 * server. A made-to-order product saves no stock figure (null); any other needs one. Fields the
 * kind does not show are cleared: candle fields (null, gift wrap true, custom label false) for
 * every kind but candles (burn time too), the portrait size for every kind but portraits.
 */
export const productFormSchema = z.pipe(
	productFields,
	z.transform((product: z.output<typeof productFields>, payload) => {
		if (!product.madeToOrder && product.stock === null) {
			payload.issues.push({ code: 'custom', message: STOCK_REQUIRED_MESSAGE, input: '', path: ['stock'] })
			return z.NEVER
		}
		const missing = SIZE_FIELDS.find((field) => product[field] === null)
		if (missing && SIZE_FIELDS.some((field) => product[field] !== null)) {
			payload.issues.push({ code: 'custom', message: SIZE_INCOMPLETE_MESSAGE, input: '', path: [missing] })
			return z.NEVER
		}
		const stock = product.madeToOrder ? null : product.stock
		const portraitSize = kindHasPortraitSize(product.kind) ? product.portraitSize : null
		return kindHasCandleFields(product.kind)
			? { ...product, stock, portraitSize }
			: {
					...product,
					stock,
					portraitSize,
					scent: null,
					smellsLike: null,
					waxColor: null,
					containerType: null,
					giftWrapAvailable: true,
					customLabelAvailable: false,
					burnTimeHours: null,
				}
	}),
)

export const MEASURE_FIELDS = ['burnTimeHours', ...SIZE_FIELDS, 'weightGrams'] as const
export type MeasureField = (typeof MEASURE_FIELDS)[number]

/** What the form holds while it is edited (a posted form may send strings for checkboxes, or no list at all). */
export type ProductFormValues = Omit<
	z.input<typeof productFormSchema>,
	'isActive' | 'customLabelAvailable' | 'giftWrapAvailable' | 'badges' | 'images' | 'stock' | 'madeToOrder' | MeasureField
> & {
	stock: string
	burnTimeHours: string
	widthMm: string
	heightMm: string
	depthMm: string
	weightGrams: string
	madeToOrder: boolean
	isActive: boolean
	customLabelAvailable: boolean
	giftWrapAvailable: boolean
	badges: Badge[]
	images: string[]
}
export type ProductInput = z.output<typeof productFormSchema>

export const emptyProductForm: ProductFormValues = {
	name: '',
	slug: '',
	description: '',
	kind: 'candle',
	categoryId: '',
	price: '',
	stock: '',
	madeToOrder: false,
	badges: [],
	isActive: true,
	images: [],
	portraitSize: '',
	scent: '',
	smellsLike: '',
	waxColor: '',
	containerType: '',
	customLabelAvailable: false,
	giftWrapAvailable: true,
	burnTimeHours: '',
	widthMm: '',
	heightMm: '',
	depthMm: '',
	weightGrams: '',
}
