import type { Locale } from '../enums.ts'
import type { Translation } from './resources/en.ts'

/** Each language is its own chunk, so a browser downloads only the one it shows. */
export const loadTranslation: Record<Locale, () => Promise<Translation>> = {
	en: () => import('./resources/en.ts').then((m) => m.default),
	ro: () => import('./resources/ro.ts').then((m) => m.default),
	es: () => import('./resources/es.ts').then((m) => m.default),
}
