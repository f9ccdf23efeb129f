/**
 * Formats of the identifiers an invoice carries (ADR 0118). Checked by form and checksum where
 * one exists; whether a VAT number is registered is VIES's business, not checked here.
 */

/** VAT number patterns per EU prefix, after the prefix (Greece uses EL). From the VIES rules. */
const EU_VAT_PATTERNS: Record<string, RegExp> = {
	AT: /^U\d{8}$/,
	BE: /^[01]\d{9}$/,
	BG: /^\d{9,10}$/,
	CY: /^\d{8}[A-Z]$/,
	CZ: /^\d{8,10}$/,
	DE: /^\d{9}$/,
	DK: /^\d{8}$/,
	EE: /^\d{9}$/,
	EL: /^\d{9}$/,
	ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
	FI: /^\d{8}$/,
	FR: /^[A-Z0-9]{2}\d{9}$/,
	HR: /^\d{11}$/,
	HU: /^\d{8}$/,
	IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
	IT: /^\d{11}$/,
	LT: /^\d{9}$|^\d{12}$/,
	LU: /^\d{8}$/,
	LV: /^\d{11}$/,
	MT: /^\d{8}$/,
	NL: /^\d{9}B\d{2}$/,
	PL: /^\d{10}$/,
	PT: /^\d{9}$/,
	RO: /^[1-9]\d{1,9}$/,
	SE: /^\d{12}$/,
	SI: /^\d{8}$/,
	SK: /^\d{10}$/,
}

/** Spaces, dots and hyphens people type inside numbers are dropped; letters upper-cased. */
export function compactTaxId(value: string): string {
	return value.replace(/[\s.\-/]/g, '').toUpperCase()
}

/**
 * A Romanian CUI/CIF (without the RO prefix): 2 to 10 digits whose last is the control digit of
 * the others against the key 753217532 (ANAF's algorithm).
 */
export function isValidRomanianCui(digits: string): boolean {
	if (!/^[1-9]\d{1,9}$/.test(digits)) return false
	const body = digits.slice(0, -1).padStart(9, '0')
	const key = '753217532'
	let sum = 0
	for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(key[i])
	const control = ((sum * 10) % 11) % 10
	return control === Number(digits.at(-1))
}

/**
 * An EU VAT number with its country prefix (RO12345678, ESB12345678, EL123456789), compacted.
 * Null when it does not have the form of one (Romanian numbers must also pass the CUI checksum).
 */
export function normaliseEuVatNumber(value: string): string | null {
	const compact = compactTaxId(value)
	const prefix = compact.slice(0, 2)
	const rest = compact.slice(2)
	const pattern = EU_VAT_PATTERNS[prefix]
	if (!pattern || !pattern.test(rest)) return null
	if (prefix === 'RO' && !isValidRomanianCui(rest)) return null
	return compact
}

/** The country of a VAT number's prefix as an ISO code (EL is Greece, GR). */
export function vatNumberCountry(vatNumber: string): string {
	const prefix = vatNumber.slice(0, 2).toUpperCase()
	return prefix === 'EL' ? 'GR' : prefix
}

/**
 * The seller's Romanian tax id: a CUI, with RO in front when the company is registered for VAT.
 * Returns the compact form, or null.
 */
export function normaliseRomanianTaxId(value: string): string | null {
	const compact = compactTaxId(value)
	const digits = compact.startsWith('RO') ? compact.slice(2) : compact
	return isValidRomanianCui(digits) ? compact : null
}

/**
 * A Romanian personal numeric code (CNP): 13 digits, S YY MM DD JJ NNN C, whose last is the control
 * digit of the others against the key 279146358279 (a remainder of 10 counts as 1). The month and
 * day must be a date's. Returned compact, or null.
 */
export function normaliseCnp(value: string): string | null {
	const digits = compactTaxId(value)
	if (!/^[1-9]\d{12}$/.test(digits)) return null
	const month = Number(digits.slice(3, 5))
	const day = Number(digits.slice(5, 7))
	if (month < 1 || month > 12 || day < 1 || day > 31) return null
	const key = '279146358279'
	let sum = 0
	for (let i = 0; i < 12; i++) sum += Number(digits[i]) * Number(key[i])
	const control = sum % 11 === 10 ? 1 : sum % 11
	return control === Number(digits[12]) ? digits : null
}

/** What a buyer gave as their company's number: an EU VAT number (BT-48) or a Romanian CUI without RO (BT-47). */
export type BuyerTaxId = { kind: 'vatNumber'; value: string } | { kind: 'cui'; value: string }

/**
 * A company's number as a buyer types it: an EU VAT number with its prefix (a Romanian VAT payer's
 * is RO and the CUI), or the bare CUI of a Romanian company not registered for VAT. Null when it is
 * neither (a Romanian number whose control digit does not match is neither).
 */
export function parseBuyerTaxId(value: string): BuyerTaxId | null {
	const compact = compactTaxId(value)
	if (/^\d+$/.test(compact)) return isValidRomanianCui(compact) ? { kind: 'cui', value: compact } : null
	const vatNumber = normaliseEuVatNumber(compact)
	return vatNumber ? { kind: 'vatNumber', value: vatNumber } : null
}

/**
 * The buyer's identifiers an invoice carries, from what checkout took: the EU VAT number (BT-48),
 * and the legal id (BT-47): a Romanian company's bare CUI, or else a consumer's CNP when no company is named.
 */
export function buyerIdentifiers(form: { company: string; vatNumber: string; cnp: string }): { vatNumber: string | null; legalId: string | null } {
	const given = form.vatNumber ? parseBuyerTaxId(form.vatNumber) : null
	return {
		vatNumber: given?.kind === 'vatNumber' ? given.value : null,
		legalId: given?.kind === 'cui' ? given.value : !form.company && form.cnp ? (normaliseCnp(form.cnp) ?? null) : null,
	}
}

/** An IBAN (any country), checked with its mod-97 checksum; returned compact, or null. */
export function normaliseIban(value: string): string | null {
	const compact = compactTaxId(value)
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return null
	const rearranged = compact.slice(4) + compact.slice(0, 4)
	const numeric = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
	let remainder = 0
	for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
	return remainder === 1 ? compact : null
}
