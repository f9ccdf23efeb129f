import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { MEDIA_FOLDERS } from '../../domain/enums.ts'
import { users } from './auth.ts'
import { createdAt, id } from './columns.ts'

export const mediaFolderEnum = pgEnum('media_folder', MEDIA_FOLDERS)

/** The admin media library: one row per uploaded file (folder products, hero or banners). */
export const media = pgTable(
	'media',
	{
		id: id(),
		filename: text().notNull(),
		folder: mediaFolderEnum().notNull(),
		url: text().notNull(),
		storageKey: text().notNull().unique(),
		size: integer().notNull(),
		mimeType: text().notNull(),
		uploadedBy: text().references(() => users.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
	},
	(t) => [index('media_folder_created_idx').on(t.folder, t.createdAt)],
)

/**
 * Customer photos for portraits. The id is opaque and unguessable; an upload that no order
 * claims is deleted after the retention period, and at once when its uploader deletes the account.
 */
export const uploads = pgTable(
	'uploads',
	{
		id: id(),
		/** Who uploaded it, when signed in: their photos go with their account (ADR 0098). */
		userId: text().references(() => users.id, { onDelete: 'set null' }),
		/** The preview (WebP, at most 3000 px a side), under the private prefix (ADR 0173). */
		storageKey: text().notNull().unique(),
		mimeType: text().notNull(),
		size: integer().notNull(),
		/** The customer's file at full size in its own format, without metadata; null for photos from before it was kept. */
		originalKey: text().unique(),
		originalMimeType: text(),
		width: integer(),
		height: integer(),
		claimedAt: timestamp({ withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('uploads_unclaimed_idx').on(t.claimedAt, t.createdAt), index('uploads_user_idx').on(t.userId)],
)
