import { describe, expect, it } from 'vitest'
import { createI18n } from '#domain/i18n/i18n.ts'
import { loadTranslation } from '#domain/i18n/load.ts'
import { formatEuroDifference } from '#domain/money.ts'
import { PORTRAIT_FRAME_CENTS, PORTRAIT_FRAME_KEYS, PORTRAIT_FRAMES } from '#domain/portrait-price.ts'
import { frameLabel } from './frame-label.ts'

describe('frameLabel', () => {
	it.each(['en', 'ro', 'es'] as const)('names every frame in %s with what the price list adds for it', async (locale) => {
		const { t } = createI18n(locale, { [locale]: await loadTranslation[locale]() })
		for (const frame of PORTRAIT_FRAMES) {
			const label = frameLabel(t, frame, locale)
			const surcharge = formatEuroDifference(PORTRAIT_FRAME_CENTS[frame], locale)
			expect(label.startsWith(t(`portrait.${PORTRAIT_FRAME_KEYS[frame]}`))).toBe(true)
			if (surcharge) expect(label).toContain(`(${surcharge})`)
			else expect(label).not.toContain('(')
		}
	})

	it('shows a value the shop never offered as it was stored', async () => {
		const { t } = createI18n('en', { en: await loadTranslation.en() })
		expect(frameLabel(t, 'golden', 'en')).toBe('golden')
	})
})
