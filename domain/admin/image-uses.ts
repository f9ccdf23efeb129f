import { adminT } from '../i18n/admin.ts'

/** Where a library image shows (ADR 0132): a product's pictures, a category's image, the home hero or banner. */
export type ImageUse = { kind: 'product' | 'category'; id: string; name: string } | { kind: 'homeHero' | 'homeBanner' }

/** "produsul X, categoria Y, pagina principală (hero)": the places an image shows, as a tile and the delete refusal name them. */
export function describeImageUses(uses: readonly ImageUse[]): string {
	return uses.map((use) => ('name' in use ? adminT(`media.usedBy.${use.kind}`, { name: use.name }) : adminT(`media.usedBy.${use.kind}`))).join(', ')
}
