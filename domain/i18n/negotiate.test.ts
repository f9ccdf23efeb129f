import { describe, expect, it } from 'vitest'
import { localeFromAcceptLanguage, localeFromCountry, negotiateLocale } from './negotiate.ts'

describe('language choice (stored choice, then browser language, then country)', () => {
	it('prefers the stored choice over everything', () => {
		expect(negotiateLocale({ stored: 'es', acceptLanguage: 'ro-RO', country: 'RO' })).toBe('es')
	})
	it('ignores a stored value that is not a supported language', () => {
		expect(negotiateLocale({ stored: 'fr', acceptLanguage: 'ro' })).toBe('ro')
	})
	it('then uses the browser language, by quality', () => {
		expect(negotiateLocale({ acceptLanguage: 'de-DE,de;q=0.9,es;q=0.8,en;q=0.5' })).toBe('es')
		expect(localeFromAcceptLanguage('en;q=0.2, ro-RO;q=0.9')).toBe('ro')
		expect(localeFromAcceptLanguage('fr-FR, de')).toBeNull()
		expect(localeFromAcceptLanguage('ro;q=0')).toBeNull()
	})
	it('then the visitor country: RO → ro, ES → es, anything else → en', () => {
		expect(negotiateLocale({ acceptLanguage: 'fr', country: 'RO' })).toBe('ro')
		expect(negotiateLocale({ country: 'es' })).toBe('es')
		expect(negotiateLocale({ country: 'DE' })).toBe('en')
		expect(localeFromCountry(undefined)).toBe('en')
	})
	it('falls back to English', () => {
		expect(negotiateLocale({})).toBe('en')
	})
})
