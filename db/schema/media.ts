import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { MEDIA_FOLDERS } from '../../domain/enums.ts'
import { users } from './auth.ts'
import { createdAt, id } from './columns.ts'

export const mediaFolderEnum = pgEnum('media_folder', MEDIA_FOLDERS)

/** The admin media library (spec §3 media). */
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
		storageKey: text().notNull().unique(),
		mimeType: text().notNull(),
		size: integer().notNull(),
		width: integer(),
		height: integer(),
		claimedAt: timestamp({ withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('uploads_unclaimed_idx').on(t.claimedAt, t.createdAt), index('uploads_user_idx').on(t.userId)],
)
