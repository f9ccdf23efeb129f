/**
 * Product variants (ADR 0264): a product with options (size, scent, …) is sold as its variants, each
 * a product row of its own with a value per option. These rules pick the variant a page shows and the
 * one each option value leads to, the same on the server and in the browser.
 */

/** How many options a product may have (size, scent, colour: more makes a picker no one can read). */
export const MAX_PRODUCT_OPTIONS = 3
/** How many variants a product may have. */
export const MAX_PRODUCT_VARIANTS = 30
/** Between a product's name and its variant's values, in the variant's own name (e.g. "Lavandă — Mare"). */
const NAME_SEPARATOR = ' — '
/** Between a variant's values, where they are shown together (e.g. "Mare / Lavandă"). */
export const VALUES_SEPARATOR = ' / '

export type VariantChoice = { id: string; optionValues: string[]; stock: number | null }

/** A variant a customer can buy now: made to order, or with units left. */
export const variantAvailable = (variant: Pick<VariantChoice, 'stock'>) => variant.stock === null || variant.stock > 0

/** The variant's values as one label, e.g. "Mare / Lavandă". */
export const variantLabel = (values: readonly string[]) => values.join(VALUES_SEPARATOR)

/** The name a variant is sold under (order lines, invoices, emails): its product's name and its values. */
export const variantName = (productName: string, values: readonly string[]) => `${productName}${NAME_SEPARATOR}${variantLabel(values)}`

/**
 * The variant a product page shows: the one the address names, else the first a customer can buy,
 * else the first. Null only when the product has no variants.
 */
export function selectedVariant<Variant extends VariantChoice>(variants: readonly Variant[], requestedId: string | null): Variant | null {
	return variants.find((variant) => variant.id === requestedId) ?? variants.find(variantAvailable) ?? variants[0] ?? null
}

/**
 * The variant choosing `value` for option `option` leads to from `current`: the one with the same
 * other values, else the first (buyable first) with that value. Null when no variant has it.
 */
export function variantForValue<Variant extends VariantChoice>(
	variants: readonly Variant[],
	current: VariantChoice,
	option: number,
	value: string,
): Variant | null {
	const withValue = variants.filter((variant) => variant.optionValues[option] === value)
	const same = withValue.find((variant) => variant.optionValues.every((own, index) => index === option || own === current.optionValues[index]))
	return same ?? withValue.find(variantAvailable) ?? withValue[0] ?? null
}

/** Each option's values in the order the variants first use them. */
export function optionValuesOf(optionCount: number, variants: readonly Pick<VariantChoice, 'optionValues'>[]): string[][] {
	return Array.from({ length: optionCount }, (_, option) => [...new Set(variants.map((variant) => variant.optionValues[option]!).filter(Boolean))])
}

/** One value of an option as the picker offers it: where it leads, and whether that can be bought. */
export type PickerValue = { label: string; variantId: string; selected: boolean; available: boolean }
export type PickerOption = { label: string; values: PickerValue[] }

/**
 * The picker of a product page: per option, its values in the visitor's language, each leading to
 * the variant variantForValue picks from the selected one.
 */
export function variantPicker<Variant extends VariantChoice & { valueLabels: string[] }>(
	optionLabels: readonly string[],
	variants: readonly Variant[],
	selected: Variant,
): PickerOption[] {
	return optionValuesOf(optionLabels.length, variants).map((values, option) => ({
		label: optionLabels[option]!,
		values: values.flatMap((value) => {
			const target = variantForValue(variants, selected, option, value)
			if (!target) return []
			const label = target.valueLabels[option] ?? value
			return [{ label, variantId: target.id, selected: selected.optionValues[option] === value, available: variantAvailable(target) }]
		}),
	}))
}
