import { z } from 'zod'
import { BADGES, PORTRAIT_SIZES, PRODUCT_KINDS } from '../domain/enums.ts'
import { euroToCents, imageUrlField, integerInRange, isUuid, optionalText, requiredText, slugField } from './admin-fields.ts'

export const PRODUCT_MAX_IMAGES = 10

/**
 * The admin product form (spec §5 product), parsed in the browser before sending and again by the
 * server. When the product is not a candle, the candle fields are saved as null, gift wrap as true
 * and custom label as false.
 */
export const productFormSchema = z
	.object({
		name: requiredText(100, 'Numele este obligatoriu', 'Numele poate avea maxim 100 de caractere'),
		slug: slugField,
		description: z.string().trim().max(1000, 'Descrierea poate avea maxim 1000 de caractere'),
		kind: z.enum(PRODUCT_KINDS, { error: 'Tipul produsului este obligatoriu' }),
		categoryId: z.string().refine(isUuid, 'Categoria este obligatorie'),
		price: z.string().trim().min(1, 'Prețul este obligatoriu').transform(euroToCents),
		stock: z
			.string()
			.trim()
			.min(1, 'Stocul este obligatoriu')
			.pipe(integerInRange(0, 999999, 'Stocul trebuie să fie un număr întreg între 0 și 999999')),
		badges: z.array(z.enum(BADGES)).max(BADGES.length).transform((badges) => BADGES.filter((badge) => badges.includes(badge))),
		isActive: z.boolean(),
		images: z.array(imageUrlField).max(PRODUCT_MAX_IMAGES, `Un produs poate avea maxim ${PRODUCT_MAX_IMAGES} imagini`),
		portraitSize: z.union([z.enum(PORTRAIT_SIZES), z.literal('')]).transform((value) => (value === '' ? null : value)),
		scent: optionalText(100, 'Aroma poate avea maxim 100 de caractere'),
		smellsLike: optionalText(200, 'Câmpul „Miroase a” poate avea maxim 200 de caractere'),
		waxColor: optionalText(50, 'Culoarea cerii poate avea maxim 50 de caractere'),
		containerType: optionalText(50, 'Recipientul poate avea maxim 50 de caractere'),
		customLabelAvailable: z.boolean(),
		giftWrapAvailable: z.boolean(),
	})
	.transform((product) =>
		product.kind === 'candle'
			? { ...product, portraitSize: null }
			: { ...product, scent: null, smellsLike: null, waxColor: null, containerType: null, giftWrapAvailable: true, customLabelAvailable: false },
	)

export type ProductFormValues = z.input<typeof productFormSchema>
export type ProductInput = z.output<typeof productFormSchema>

export const emptyProductForm: ProductFormValues = {
	name: '',
	slug: '',
	description: '',
	kind: 'candle',
	categoryId: '',
	price: '',
	stock: '',
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
}
