import * as z from 'zod/mini'
import { BADGES, PORTRAIT_SIZES, PRODUCT_KINDS, type Badge, type PortraitSize, type ProductKind } from '../enums.ts'
import { isUuid } from '../ids.ts'
import { withEditStamp } from './edit-version.ts'
import { DEFAULT_LEAD_TIME_DAYS, LEAD_TIME_MAX_DAYS } from '../lead-time.ts'
import { isIsoDay } from './admin-order-filters.ts'
import { checkboxField, euroCents, imageUrlField, listField, optionalIntegerInRange, optionalText, requiredText, slugField } from './admin-fields.ts'

export const PRODUCT_MAX_IMAGES = 10
export const STOCK_MAX = 999_999
const STOCK_REQUIRED_MESSAGE = 'Stocul este obligatoriu'

export const STOCK_RANGE_MESSAGE = 'Stocul trebuie să fie un număr întreg între 0 și 999999'

/** A stock figure the page sent back as it was loaded (not typed): a whole number from 0 to 999999. */
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

/** A field a form may not post (a client from before sales): absent is ''. */
const absentAsEmpty = z.pipe(
	z.optional(z.string()),
	z.transform((value: string | undefined) => value ?? ''),
)

/** A sale day, `YYYY-MM-DD` (what a date field sends), or '' for none. */
export const saleDay = (message: string) =>
	z.pipe(
		absentAsEmpty,
		z.pipe(
			z.string().check(
				z.trim(),
				z.refine((value) => value === '' || isIsoDay(value), message),
			),
			z.transform((value: string) => (value === '' ? null : value)),
		),
	)
const SALE_FIELDS = ['salePrice', 'saleFirstDay', 'saleLastDay'] as const

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
	stock: optionalIntegerInRange(0, STOCK_MAX, STOCK_RANGE_MESSAGE),
	/** Made to order (stock null, ADR 0124): no stock figure, never sells out. */
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
	/**
	 * A sale (ADR 0245): the reduced price, charged from the start of its first day to the end of its
	 * last, in the shop's time zone; '' for none.
	 */
	salePrice: z.pipe(
		absentAsEmpty,
		euroCents(() => null),
	),
	saleFirstDay: saleDay('Prima zi a reducerii nu este o dată validă'),
	saleLastDay: saleDay('Ultima zi a reducerii nu este o dată validă'),
	/** Working days a made-to-order product takes before it ships; left empty, the shop's default. Kept when stock is typed, for the next time. */
	leadTimeDays: optionalIntegerInRange(
		1,
		LEAD_TIME_MAX_DAYS,
		`Termenul de realizare trebuie să fie un număr întreg de zile lucrătoare între 1 și ${LEAD_TIME_MAX_DAYS}`,
	),
})

export const SALE_NOT_BELOW_PRICE_MESSAGE = 'Prețul redus trebuie să fie mai mic decât prețul'

/** What is wrong with a sale's days, on which field, once a sale price is typed; null when they make a sale. */
export function saleDaysIssue(saleFirstDay: string | null, saleLastDay: string | null) {
	if (!saleFirstDay) return { field: 'saleFirstDay', message: 'Alege prima zi a reducerii' }
	if (!saleLastDay) return { field: 'saleLastDay', message: 'Alege ultima zi a reducerii' }
	if (saleLastDay < saleFirstDay) return { field: 'saleLastDay', message: 'Ultima zi a reducerii nu poate fi înaintea primei zile' }
	return null
}

/** What is wrong with a typed sale, on which field; null when it is a sale or none. */
function saleIssue(product: { price: number; salePrice: number | null; saleFirstDay: string | null; saleLastDay: string | null }) {
	const { salePrice, saleFirstDay, saleLastDay } = product
	if (salePrice === null) {
		return saleFirstDay || saleLastDay ? { field: 'salePrice', message: 'Completează prețul redus, sau golește zilele reducerii' } : null
	}
	if (salePrice >= product.price) return { field: 'salePrice', message: SALE_NOT_BELOW_PRICE_MESSAGE }
	return saleDaysIssue(saleFirstDay, saleLastDay)
}

/**
 * The admin product form, parsed in the browser before sending and again by the
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
		const saleProblem = saleIssue(product)
		if (saleProblem) {
			payload.issues.push({ code: 'custom', message: saleProblem.message, input: '', path: [saleProblem.field] })
			return z.NEVER
		}
		// No sale price, no sale: its days are dropped with it.
		if (product.salePrice === null) Object.assign(product, { saleFirstDay: null, saleLastDay: null })
		const stock = product.madeToOrder ? null : product.stock
		const portraitSize = kindHasPortraitSize(product.kind) ? product.portraitSize : null
		const leadTimeDays = product.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS
		return kindHasCandleFields(product.kind)
			? { ...product, stock, portraitSize, leadTimeDays }
			: {
					...product,
					stock,
					leadTimeDays,
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

/** The fields of a sale: written together, since a sale is all three or none. */
export { SALE_FIELDS }

export const MEASURE_FIELDS = ['burnTimeHours', ...SIZE_FIELDS, 'weightGrams'] as const
export type MeasureField = (typeof MEASURE_FIELDS)[number]

/** What the form holds while it is edited (a posted form may send strings for checkboxes, or no list at all). */
export type ProductFormValues = Omit<
	z.input<typeof productFormSchema>,
	| 'isActive'
	| 'customLabelAvailable'
	| 'giftWrapAvailable'
	| 'badges'
	| 'images'
	| 'stock'
	| 'madeToOrder'
	| 'leadTimeDays'
	| MeasureField
	| (typeof SALE_FIELDS)[number]
> & {
	salePrice: string
	saleFirstDay: string
	saleLastDay: string
	stock: string
	leadTimeDays: string
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

/** The product form as an edit posts it: its fields plus the version and values it loaded (ADR 0225). */
export const productEditSchema = withEditStamp(productFormSchema)
export type ProductEdit = z.output<typeof productEditSchema>

/**
 * The fields a product's version covers: all but stock, which checkouts move under the form and
 * which has its own check (ADR 0094).
 */
export const PRODUCT_EDIT_FIELDS = [
	'name',
	'slug',
	'description',
	'kind',
	'categoryId',
	'price',
	'badges',
	'isActive',
	'images',
	'portraitSize',
	'scent',
	'smellsLike',
	'waxColor',
	'containerType',
	'customLabelAvailable',
	'giftWrapAvailable',
	'leadTimeDays',
	...SALE_FIELDS,
	...MEASURE_FIELDS,
] as const satisfies readonly (keyof ProductInput)[]

export const emptyProductForm: ProductFormValues = {
	name: '',
	slug: '',
	description: '',
	kind: 'candle',
	categoryId: '',
	price: '',
	stock: '',
	madeToOrder: false,
	leadTimeDays: String(DEFAULT_LEAD_TIME_DAYS),
	salePrice: '',
	saleFirstDay: '',
	saleLastDay: '',
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
