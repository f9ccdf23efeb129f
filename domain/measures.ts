/**
 * A product's measures (ADR 0138) written for a reader: numbers and units in the reader's locale
 * (Intl.NumberFormat), so '45 hours', '45 de ore', '45 horas'. Stored as whole hours, millimetres
 * and grams; shown as hours, centimetres (one decimal at most) and grams or kilograms.
 */
export type Measures = {
	burnTimeHours: number | null
	widthMm: number | null
	heightMm: number | null
	depthMm: number | null
	weightGrams: number | null
}

export type FormattedMeasures = { burnTime: string | null; size: string | null; weight: string | null }

/** Making an Intl.NumberFormat costs far more than using one (4 % of a product page's CPU): made once per locale and style. */
const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions) {
	const key = `${locale} ${JSON.stringify(options)}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.NumberFormat(locale, options)
		formats.set(key, format)
	}
	return format
}

export function formatMeasures(locale: string, measures: Measures): FormattedMeasures {
	const unit = (value: number, name: string, digits = 0, unitDisplay: 'long' | 'short' = 'short') =>
		numberFormat(locale, { style: 'unit', unit: name, unitDisplay, maximumFractionDigits: digits }).format(value)
	const number = (value: number) => numberFormat(locale, { maximumFractionDigits: 1 }).format(value)
	const { burnTimeHours, widthMm, heightMm, depthMm, weightGrams } = measures
	const size =
		widthMm !== null && heightMm !== null && depthMm !== null
			? `${number(widthMm / 10)} × ${number(heightMm / 10)} × ${unit(depthMm / 10, 'centimeter', 1)}`
			: null
	return {
		burnTime: burnTimeHours === null ? null : unit(burnTimeHours, 'hour', 0, 'long'),
		size,
		weight: weightGrams === null ? null : weightGrams >= 1000 ? unit(weightGrams / 1000, 'kilogram', 2) : unit(weightGrams, 'gram'),
	}
}
