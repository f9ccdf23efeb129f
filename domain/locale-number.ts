/**
 * The one way the shop reads a number or an amount that a person typed, in the browser and again on
 * the server. It reads what a Romanian or Spanish user means ("27,50", "1.234,50", "1 234,50") and
 * what an English user means ("27.50", "1,234.50") without knowing who typed it: a separator followed
 * by one or two digits at the end is the decimal one, and any other separator groups thousands in
 * threes. What could be read two ways ("1.234": a thousand or one point two?) or not at all ("27.5.0",
 * "1,2,3", letters) is refused, never guessed. The result is an integer in the smallest unit (cents
 * for money), built from the typed digits, so no amount ever passes through floating-point arithmetic.
 */

export type NumberProblem = 'empty' | 'malformed' | 'ambiguous' | 'tooManyDecimals' | 'negative' | 'tooLarge'

export type NumberReading = { ok: true; value: number } | { ok: false; problem: NumberProblem }

export type NumberFormat = {
	/** Decimals allowed: 2 for money (the value is then in cents), 0 for a count. */
	decimals: number
	/** Whether a leading + or - is allowed (a change of stock); otherwise a minus is refused. */
	signed?: boolean
}

/** Money in euro, read into integer cents. */
export const MONEY: NumberFormat = { decimals: 2 }
/** A whole number (a count, millimetres, an order). */
export const WHOLE: NumberFormat = { decimals: 0 }

/** Every space a keyboard, a copied amount or Intl.NumberFormat may put between groups of digits. */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g
const MINUS = /^[-\u2212]/
/** More integer digits than this are refused (well inside Number.MAX_SAFE_INTEGER with two decimals). */
const MAX_INTEGER_DIGITS = 12

function groupedDigits(integer: string, group: string | null): string | null {
	if (group === null) return /^\d*$/.test(integer) ? integer : null
	const groups = integer.split(group)
	if (!/^\d{1,3}$/.test(groups[0]!) || !groups.slice(1).every((part) => /^\d{3}$/.test(part))) return null
	return groups.join('')
}

/** Reads typed text as a number of the given format: cents for MONEY, units for WHOLE. */
export function parseLocaleNumber(text: string, format: NumberFormat): NumberReading {
	let body = text.trim().replace(SPACES, ' ')
	if (body === '') return { ok: false, problem: 'empty' }
	let negative = false
	if (MINUS.test(body) || body.startsWith('+')) {
		negative = body[0] !== '+'
		if (!format.signed && negative) return { ok: false, problem: 'negative' }
		if (!format.signed) return { ok: false, problem: 'malformed' }
		body = body.slice(1).trimStart()
	}
	if (!/^[\d., ]+$/.test(body)) return { ok: false, problem: 'malformed' }

	const dots = body.split('.').length - 1
	const commas = body.split(',').length - 1
	const spaced = body.includes(' ')
	let decimal: string | null = null
	let group: string | null = spaced ? ' ' : null
	if (dots > 0 && commas > 0) {
		// Both marks: the last one is the decimal separator, written once, and the other groups.
		decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ','
		const other = decimal === '.' ? ',' : '.'
		if ((decimal === '.' ? dots : commas) > 1 || spaced) return { ok: false, problem: 'malformed' }
		group = other
	} else if (dots + commas > 1) {
		// One mark written several times groups thousands ("1.234.567"); with spaces as well it is a mix.
		if (spaced) return { ok: false, problem: 'malformed' }
		group = dots > 0 ? '.' : ','
	} else if (dots + commas === 1) {
		const mark = dots > 0 ? '.' : ','
		const [integer, fraction] = body.split(mark) as [string, string]
		// "1.234" is a thousand to a Romanian and one point two to an Englishman: ask, unless spaces
		// already group the thousands ("1 234,5") or the whole part is plainly not grouped ("0,125").
		if (fraction.length === 3 && !spaced && /^[1-9]\d{0,2}$/.test(integer)) return { ok: false, problem: 'ambiguous' }
		decimal = mark
	}

	const [integerText, fraction = ''] = decimal === null ? [body] : (body.split(decimal) as [string, string])
	const integer = groupedDigits(integerText, group)
	if (integer === null || (decimal !== null && !/^\d+$/.test(fraction)) || integer + fraction === '') return { ok: false, problem: 'malformed' }
	if (fraction.length > format.decimals) return { ok: false, problem: 'tooManyDecimals' }
	const whole = integer.replace(/^0+(?=\d)/, '')
	if (whole.length > MAX_INTEGER_DIGITS) return { ok: false, problem: 'tooLarge' }
	const value = Number((whole || '0') + fraction.padEnd(format.decimals, '0'))
	return { ok: true, value: negative && value !== 0 ? -value : value }
}

/** Typed euro as integer cents, or null when the text is not an amount. */
export function parseMoneyCents(text: string): number | null {
	const reading = parseLocaleNumber(text, MONEY)
	return reading.ok ? reading.value : null
}

export type MessageLocale = 'ro' | 'en' | 'es'

const wholeNumberFormats = new Map<string, Intl.NumberFormat>()
/** A count as the locale writes it, grouped (20.000 in Romanian and Spanish, 20,000 in English). */
export function formatWholeNumber(value: number, locale: MessageLocale): string {
	let format = wholeNumberFormats.get(locale)
	if (!format) {
		// Spanish groups four-digit numbers too, as Romanian does, so a table of counts reads the same.
		format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' })
		wholeNumberFormats.set(locale, format)
	}
	return format.format(value)
}

const EXAMPLES: Record<MessageLocale, { money: string; whole: string }> = {
	ro: { money: '27,50 sau 1.234,50', whole: '12 sau 1234' },
	en: { money: '27.50 or 1,234.50', whole: '12 or 1234' },
	es: { money: '27,50 o 1.234,50', whole: '12 o 1234' },
}

/** "1.234" written without doubt: "1234", and for money "1234,00" as well. */
function thousands(typed: string, decimals: number, decimal: string, or: string) {
	const whole = typed.replace(/\D/g, '')
	return decimals === 0 ? whole : `${whole}${or}${whole}${decimal}${'0'.repeat(decimals)}`
}

const MESSAGES: Record<MessageLocale, Record<NumberProblem, (typed: string, example: string, decimals: number) => string>> = {
	ro: {
		empty: (_, example) => `Scrie un număr, de exemplu ${example}`,
		malformed: (typed, example) => `„${typed}” nu este un număr; scrie, de exemplu, ${example}`,
		ambiguous: (typed, _, decimals) => `„${typed}” se poate citi în două feluri; scrie ${thousands(typed, decimals, ',', ' sau ')}`,
		tooManyDecimals: (typed, example, decimals) =>
			decimals === 0 ? `„${typed}” nu este un număr întreg; scrie, de exemplu, ${example}` : `„${typed}” are prea multe zecimale (cel mult ${decimals})`,
		negative: (typed) => `„${typed}” este negativ; scrie un număr pozitiv`,
		tooLarge: (typed) => `„${typed}” este prea mare`,
	},
	en: {
		empty: (_, example) => `Enter a number, for example ${example}`,
		malformed: (typed, example) => `"${typed}" is not a number; enter, for example, ${example}`,
		ambiguous: (typed, _, decimals) => `"${typed}" can be read two ways; enter ${thousands(typed, decimals, '.', ' or ')}`,
		tooManyDecimals: (typed, example, decimals) =>
			decimals === 0 ? `"${typed}" is not a whole number; enter, for example, ${example}` : `"${typed}" has too many decimals (at most ${decimals})`,
		negative: (typed) => `"${typed}" is negative; enter a positive number`,
		tooLarge: (typed) => `"${typed}" is too large`,
	},
	es: {
		empty: (_, example) => `Escribe un número, por ejemplo ${example}`,
		malformed: (typed, example) => `«${typed}» no es un número; escribe, por ejemplo, ${example}`,
		ambiguous: (typed, _, decimals) => `«${typed}» se puede leer de dos maneras; escribe ${thousands(typed, decimals, ',', ' o ')}`,
		tooManyDecimals: (typed, example, decimals) =>
			decimals === 0
				? `«${typed}» no es un número entero; escribe, por ejemplo, ${example}`
				: `«${typed}» tiene demasiados decimales (como máximo ${decimals})`,
		negative: (typed) => `«${typed}» es negativo; escribe un número positivo`,
		tooLarge: (typed) => `«${typed}» es demasiado grande`,
	},
}

/** What to tell the person who typed `typed`, in the form's language. */
export function numberProblemMessage(problem: NumberProblem, typed: string, format: NumberFormat, locale: MessageLocale): string {
	const shown = typed.trim().slice(0, 40)
	const example = format.decimals > 0 ? EXAMPLES[locale].money : EXAMPLES[locale].whole
	return MESSAGES[locale][problem](shown, example, format.decimals)
}
