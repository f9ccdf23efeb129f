import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { editVersion, id, updatedAt } from './columns.ts'

/**
 * The home page as the owner edits it in /admin/home (ADR 0132): one row (slot 'home').
 * Texts are Romanian, translated like products' (contexts `home.heroTitle`…); a null or blank text
 * shows the built-in wording in the visitor's language. Images are media library URLs.
 */
export const homeContent = pgTable(
	'home_content',
	{
		id: id(),
		slot: text().notNull().default('home'),
		heroTitle: text(),
		heroText: text(),
		heroImageUrl: text(),
		storyTitle: text(),
		storyText: text(),
		bannerImageUrl: text(),
		bannerLink: text(),
		bannerAlt: text(),
		updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
		version: editVersion(),
		updatedAt: updatedAt(),
	},
	(t) => [uniqueIndex('home_content_slot_idx').on(t.slot)],
)
