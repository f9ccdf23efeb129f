import type { TFunction } from 'i18next'
import { formatEuroDifference } from '#domain/money.ts'
import { PORTRAIT_FRAME_CENTS, portraitFrameKey, type PortraitFrame } from '#domain/portrait-price.ts'

/** A frame's name with what it adds to the price ("Premium frame (+5 €)"), both from the one price list. */
export function frameLabel(t: TFunction, value: unknown, locale: string): string {
	const key = portraitFrameKey(value)
	if (!key) return String(value)
	const frame = t(`portrait.${key}`)
	const surcharge = formatEuroDifference(PORTRAIT_FRAME_CENTS[value as PortraitFrame], locale)
	return surcharge ? t('portrait.frameOption', { frame, surcharge }) : frame
}
