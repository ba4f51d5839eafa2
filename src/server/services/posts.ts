import { randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { PostType } from '../../shared/domain/enums'
import type { Clock } from '../clock'
import type { Executor } from '../db/client'
import { posts } from '../db/schema'

/**
 * The post writes the publisher depends on (issue 6; the HTTP endpoints come later). Every edit
 * bumps `version`, so a publisher holding an older version never publishes or overwrites it.
 */
export type PostRow = typeof posts.$inferSelect

export interface NewPost {
  organizationId: string
  authorUserId: string
  businessPageId?: string | null
  slotId?: string | null
  type?: PostType
  text: string
  poll?: PostRow['poll']
  /** Given: the post is SCHEDULED for then; absent: a DRAFT. */
  scheduledAt?: Date | null
}

export function newPostValues(input: NewPost, now: Date): typeof posts.$inferInsert {
  return {
    id: randomUUID(),
    organizationId: input.organizationId,
    authorUserId: input.authorUserId,
    businessPageId: input.businessPageId ?? null,
    slotId: input.slotId ?? null,
    type: input.type ?? 'textOnly',
    status: input.scheduledAt ? 'SCHEDULED' : 'DRAFT',
    text: input.text,
    poll: input.poll ?? null,
    scheduledAt: input.scheduledAt ?? null,
    idempotencyKey: randomUUID(),
    version: 1,
    createdAt: now,
    updatedAt: now
  }
}

export async function createPost(db: Executor, clock: Clock, input: NewPost): Promise<PostRow> {
  const [row] = await db.insert(posts).values(newPostValues(input, clock.now())).returning()
  return row!
}

/**
 * Changes a post's content (not a PUBLISHED one): bumps version. A post being published
 * (PENDING_PUBLISH) goes back to SCHEDULED: the worker holding the old version skips it, and the
 * next run publishes the new content (with the same idempotency key: LinkedIn still publishes once).
 * Returns null when there is no such unpublished post.
 */
export async function editPost(
  db: Executor,
  clock: Clock,
  id: string,
  changes: { text?: string; type?: PostType; poll?: PostRow['poll']; scheduledAt?: Date | null }
): Promise<PostRow | null> {
  const [row] = await db
    .update(posts)
    .set({
      ...changes,
      status: sql`case when ${posts.status} = 'PENDING_PUBLISH' then 'SCHEDULED' else ${posts.status} end`,
      version: sql`${posts.version} + 1`,
      updatedAt: clock.now()
    })
    .where(and(eq(posts.id, id), ne(posts.status, 'PUBLISHED')))
    .returning()
  return row ?? null
}

/** Back to DRAFT (not a PUBLISHED post); bumps version. */
export async function unschedulePost(db: Executor, clock: Clock, id: string): Promise<PostRow | null> {
  const [row] = await db
    .update(posts)
    .set({ status: 'DRAFT', version: sql`${posts.version} + 1`, updatedAt: clock.now() })
    .where(and(eq(posts.id, id), ne(posts.status, 'PUBLISHED')))
    .returning()
  return row ?? null
}

/**
 * The user's explicit retry of a failed post: SCHEDULED for `at` with a NEW idempotency key (the
 * user has checked LinkedIn; a new key means LinkedIn will accept it as a new post), reason cleared.
 */
export async function retryPost(db: Executor, clock: Clock, id: string, at: Date): Promise<PostRow | null> {
  const [row] = await db
    .update(posts)
    .set({
      status: 'SCHEDULED',
      scheduledAt: at,
      failureReason: null,
      idempotencyKey: randomUUID(),
      version: sql`${posts.version} + 1`,
      updatedAt: clock.now()
    })
    .where(and(eq(posts.id, id), eq(posts.status, 'DRAFT')))
    .returning()
  return row ?? null
}
