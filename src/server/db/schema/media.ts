import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { MediaKind } from '../../../shared/domain/entities'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { posts } from './posts'
import { users } from './users'

/** Uploaded media and the media of each post. */

/**
 * Post media (issue 6): uploaded in chunks to <dataDir>/uploads/media (the storage adapter) and
 * READY once complete; images also get a thumbnail. UPLOADING rows older than a day are dropped.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploaderUserId: uuid('uploader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'UPLOADING' | 'READY'>().notNull(),
    kind: text('kind').$type<MediaKind>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** The size announced at start; the upload completes when this many bytes arrived. */
    size: bigint('size', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** Key of the file in the storage adapter; of the thumbnail (images). */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    altText: text('alt_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('media_org_idx').on(t.organizationId, t.uploaderUserId),
    check('media_kind_check', sql`${t.kind} in ('image', 'video', 'document')`),
    check('media_status_check', sql`${t.status} in ('UPLOADING', 'READY')`)
  ]
)

/** The media of a post, in display order. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull()
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), index('post_media_media_idx').on(t.mediaId)]
)
