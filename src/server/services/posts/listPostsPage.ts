import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Post } from '../../../shared/domain/entities'
import type { PostStatus } from '../../../shared/domain/enums'
import { posts } from '../../db/schema'
import { isApiKeyActor, type OrganizationActor } from '../actor'
import { isUuid } from '../ids'
import { checkRange, decodeCursor, encodeCursor } from '../schedule/range'
import type { PostDeps } from './types'
import { postViews } from './views'

/**
 * Posts a keyset page at a time, newest first by creation (createdAt, id) — issue 28's GET
 * /api/v1/posts. An API key reads every post of its organization (it acts as the organization); a
 * session, as everywhere, only the user's own. Filters: status, author, slot and [from, to) on the
 * creation time. A page deep in the list costs what the first does; posts are shown as everywhere
 * else (views.ts).
 */
export async function listPostsPage(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>,
  actor: OrganizationActor,
  query: { status?: PostStatus; authorId?: string; slotId?: string; from?: string; to?: string; cursor?: string; limit: number }
): Promise<{ items: Post[]; next: string | null }> {
  const { db } = deps
  const from = query.from ? new Date(query.from) : null
  const to = query.to ? new Date(query.to) : null
  if (from) checkRange(from, to, null)
  const after = query.cursor ? decodeCursor(query.cursor) : null
  // An id that cannot be anyone's matches nothing (an empty page, not a uuid cast's 500).
  if ((query.authorId !== undefined && !isUuid(query.authorId)) || (query.slotId !== undefined && !isUuid(query.slotId))) return { items: [], next: null }
  const rows = await db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.organizationId, actor.organization.id),
        isApiKeyActor(actor) ? undefined : eq(posts.authorUserId, actor.userId),
        query.status ? eq(posts.status, query.status) : undefined,
        query.authorId ? eq(posts.authorUserId, query.authorId) : undefined,
        query.slotId ? eq(posts.slotId, query.slotId) : undefined,
        from ? gte(posts.createdAt, from) : undefined,
        to ? lt(posts.createdAt, to) : undefined,
        after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined
      )
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return { items: await postViews(deps)(db, page), next: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null }
}
