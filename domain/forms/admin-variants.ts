import * as z from 'zod/mini'
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, VALUES_SEPARATOR, variantLabel } from '../variants.ts'
import { isUuid } from '../ids.ts'
import { euroCents, imageUrlField, optionalIntegerInRange, optionalText } from './admin-fields.ts'
import { SALE_NOT_BELOW_PRICE_MESSAGE, saleDay, saleDaysIssue, STOCK_MAX, STOCK_RANGE_MESSAGE, WEIGHT_MAX_GRAMS } from './admin-product.ts'

/**
 * The admin's variants form (ADR 0264), beside the product form: the product's options, then one row
 * per variant posted as parallel lists (`variantValues[]`, `variantPrice[]`, …). A row whose values
 * are emptied is removed; an empty new row is ignored. Messages are Romanian (the admin is).
 */

export const OPTION_NAME_MAX = 30
export const OPTION_VALUE_MAX = 40
export const SKU_MAX = 40
/** Blank rows the form offers for new variants. */
export const NEW_VARIANT_ROWS = 2
const SKU_PATTERN = /^[A-Za-z0-9._-]+$/

const ROW_FIELDS = [
	'variantId',
	'variantValues',
	'variantSku',
	'variantPrice',
	'variantSalePrice',
	'variantStock',
	'variantLoadedStock',
	'variantWeight',
	'variantImage',
] as const
type RowField = (typeof ROW_FIELDS)[number]

const textList = z.pipe(
	z.optional(z.union([z.string(), z.array(z.string())])),
	z.transform((value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
)

const formFields = z.object({
	/** What the variants were when the page loaded, sent back so a save never overwrites another's (ADR 0264). */
	variantsStamp: z.optional(z.string()),
	optionNames: z.optional(z.string()),
	/** One sale window for the variants with a sale price (ADR 0264), in the shop's days as a product's sale (ADR 0245). */
	saleFirstDay: saleDay('Prima zi a reducerii nu este o dată validă'),
	saleLastDay: saleDay('Ultima zi a reducerii nu este o dată validă'),
	...(Object.fromEntries(ROW_FIELDS.map((field) => [field, textList])) as Record<RowField, typeof textList>),
})

export type VariantInput = {
	/** Null for a new variant. */
	id: string | null
	optionValues: string[]
	sku: string | null
	priceCents: number
	/** The reduced price during the variants' sale window; null: not on sale. */
	salePriceCents: number | null
	/** Null: made to order. */
	stock: number | null
	/** The stock figure the row was loaded with (null for a new row or a made-to-order one). */
	loadedStock: number | null
	weightGrams: number | null
	image: string | null
}

/** A variant as the form shows it: every field as typed text. */
export type VariantFormRow = {
	id: string
	values: string
	sku: string
	price: string
	salePrice: string
	stock: string
	weightGrams: string
	image: string
}

/** The variants form as the page loads it. */
export type VariantsForm = { optionNames: string; variants: VariantFormRow[]; saleFirstDay: string; saleLastDay: string; stamp: string }

export type VariantsInput = {
	stamp: string
	optionNames: string[]
	variants: VariantInput[]
	removed: string[]
	/** The sale window's days (`YYYY-MM-DD`, the shop's calendar); null when no variant has a sale price. */
	saleFirstDay: string | null
	saleLastDay: string | null
}

const priceField = euroCents((payload) => {
	payload.issues.push({ code: 'custom', message: 'Prețul variantei este obligatoriu', input: '' })
	return z.NEVER
})
const salePriceField = euroCents(() => null)
const stockField = optionalIntegerInRange(0, STOCK_MAX, STOCK_RANGE_MESSAGE)
const weightField = optionalIntegerInRange(1, WEIGHT_MAX_GRAMS, `Greutatea trebuie să fie un număr întreg de grame între 1 și ${WEIGHT_MAX_GRAMS}`)
const skuField = z.pipe(
	optionalText(SKU_MAX, `Codul SKU poate avea maxim ${SKU_MAX} de caractere`),
	z.transform((value: string | null, payload) => {
		if (value !== null && !SKU_PATTERN.test(value)) {
			payload.issues.push({ code: 'custom', message: 'Codul SKU poate conține doar litere, cifre, puncte, liniuțe și bare jos', input: value })
			return z.NEVER
		}
		return value
	}),
)
const imageField = z.pipe(
	z.string().check(z.trim()),
	z.transform((value: string, payload) => {
		if (value === '') return null
		const parsed = z.safeParse(imageUrlField, value)
		if (parsed.success) return parsed.data
		payload.issues.push({ code: 'custom', message: 'Adresa imaginii nu este validă', input: value })
		return z.NEVER
	}),
)

/** Splits "Mare / Lavandă" (or "Mare/Lavandă") into its values. */
export const splitValues = (text: string) => (text.trim() === '' ? [] : text.split('/').map((value) => value.trim()))
/** The values as the form shows them. */
export const joinValues = (values: readonly string[]) => variantLabel(values)
export { VALUES_SEPARATOR }

export const variantsFormSchema = z.pipe(
	formFields,
	z.transform((form: z.output<typeof formFields>, payload): VariantsInput => {
		const fail = (path: string[], message: string) => {
			payload.issues.push({ code: 'custom', message, input: '', path })
			return z.NEVER
		}
		const optionNames = (form.optionNames ?? '')
			.split(',')
			.map((name) => name.trim())
			.filter(Boolean)
		if (optionNames.length > MAX_PRODUCT_OPTIONS) return fail(['optionNames'], `Un produs poate avea maxim ${MAX_PRODUCT_OPTIONS} opțiuni`)
		if (optionNames.some((name) => name.length > OPTION_NAME_MAX))
			return fail(['optionNames'], `Numele unei opțiuni poate avea maxim ${OPTION_NAME_MAX} de caractere`)
		if (new Set(optionNames.map((name) => name.toLowerCase())).size < optionNames.length) return fail(['optionNames'], 'Două opțiuni au același nume')
		const rows = form.variantValues.length
		if (ROW_FIELDS.some((field) => form[field].length !== rows)) return fail(['optionNames'], 'Formularul variantelor este incomplet; reîncarcă pagina')
		const variants: VariantInput[] = []
		/** The form row each variant came from, to show its errors there. */
		const rowOf: number[] = []
		const removed: string[] = []
		for (let row = 0; row < rows; row++) {
			const at = (field: RowField) => form[field][row]!.trim()
			const id = at('variantId')
			if (id !== '' && !isUuid(id)) return fail([`variant.${row}.values`], 'Varianta nu mai există; reîncarcă pagina')
			const values = splitValues(at('variantValues'))
			if (values.length === 0) {
				if (id) removed.push(id.toLowerCase())
				continue
			}
			const field = (name: string) => [`variant.${row}.${name}`]
			if (optionNames.length === 0) return fail(['optionNames'], 'Scrie întâi opțiunile produsului (de exemplu Mărime)')
			if (values.length !== optionNames.length || values.some((value) => value === ''))
				return fail(field('values'), `Scrie câte o valoare pentru fiecare opțiune (${optionNames.join(VALUES_SEPARATOR)}), despărțite prin /`)
			if (values.some((value) => value.length > OPTION_VALUE_MAX)) return fail(field('values'), `O valoare poate avea maxim ${OPTION_VALUE_MAX} de caractere`)
			const parsed = {
				sku: z.safeParse(skuField, at('variantSku')),
				price: z.safeParse(priceField, at('variantPrice')),
				salePrice: z.safeParse(salePriceField, at('variantSalePrice')),
				stock: z.safeParse(stockField, at('variantStock')),
				loadedStock: z.safeParse(stockField, at('variantLoadedStock')),
				weight: z.safeParse(weightField, at('variantWeight')),
				image: z.safeParse(imageField, at('variantImage')),
			}
			for (const [name, result] of Object.entries(parsed)) {
				if (!result.success) return fail(field(name), result.error.issues[0]!.message)
			}
			const salePriceCents = parsed.salePrice.data ?? null
			if (salePriceCents !== null && salePriceCents >= (parsed.price.data as number)) return fail(field('salePrice'), SALE_NOT_BELOW_PRICE_MESSAGE)
			rowOf.push(row)
			variants.push({
				id: id ? id.toLowerCase() : null,
				optionValues: values,
				sku: parsed.sku.data ?? null,
				priceCents: parsed.price.data as number,
				salePriceCents,
				stock: parsed.stock.data ?? null,
				loadedStock: parsed.loadedStock.data ?? null,
				weightGrams: parsed.weight.data ?? null,
				image: parsed.image.data ?? null,
			})
		}
		if (optionNames.length > 0 && variants.length === 0) return fail(['optionNames'], 'Adaugă cel puțin o variantă, sau golește opțiunile')
		if (variants.length > MAX_PRODUCT_VARIANTS) return fail(['optionNames'], `Un produs poate avea maxim ${MAX_PRODUCT_VARIANTS} de variante`)
		const seen = new Set<string>()
		for (const [index, variant] of variants.entries()) {
			const key = variant.optionValues.map((value) => value.toLowerCase()).join('\u0000')
			if (seen.has(key)) return fail([`variant.${rowOf[index]}.values`], `Două variante au aceleași valori (${variantLabel(variant.optionValues)})`)
			seen.add(key)
		}
		const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku.toLowerCase()] : []))
		if (new Set(skus).size < skus.length) return fail(['optionNames'], 'Două variante au același cod SKU')
		const onSale = variants.some((variant) => variant.salePriceCents !== null)
		if (!onSale && (form.saleFirstDay || form.saleLastDay))
			return fail(['saleFirstDay'], 'Completează prețul redus al unei variante, sau golește zilele reducerii')
		const daysProblem = onSale ? saleDaysIssue(form.saleFirstDay, form.saleLastDay) : null
		if (daysProblem) return fail([daysProblem.field], daysProblem.message)
		const window = onSale ? { saleFirstDay: form.saleFirstDay, saleLastDay: form.saleLastDay } : { saleFirstDay: null, saleLastDay: null }
		return { stamp: form.variantsStamp ?? '', optionNames, variants, removed, ...window }
	}),
)
