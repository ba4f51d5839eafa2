import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { CalendarPost, PostStatus } from '../../../shared/domain'
import { postStatusSchema } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { businessPages, posts, teamMembers, users } from '../../db/schema'
import { postExcerpt } from '../postLinks'
import type { Account, ScheduleFilter } from './types'

/* The posts on the Plan (docs/architecture.md, "Plan (assigned slots)"). */

/** The post statuses the Plan shows. */
const PLAN_POST_STATUSES: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

/** SQL conditions on the organization's posts for the filters; null when no post can match (a slot status). */
export function postConditions(account: Account | null, teamId: string | null, filter: ScheduleFilter): SQL[] | null {
  const status = postStatusSchema.safeParse(filter.status)
  if (filter.status && !status.success) return null
  // RECOMMENDED (issue 15): the reshares of recommended posts on the Plan, whatever their Plan status.
  const recommended = status.success && status.data === 'RECOMMENDED'
  if (status.success && !recommended && !PLAN_POST_STATUSES.includes(status.data)) return null
  const conditions: SQL[] = [status.success && !recommended ? eq(posts.status, status.data) : inArray(posts.status, PLAN_POST_STATUSES)]
  if (recommended) conditions.push(isNotNull(posts.recommendationId))
  if (filter.type) conditions.push(eq(posts.type, filter.type))
  if (account?.kind === 'user') conditions.push(eq(posts.authorUserId, account.id), isNull(posts.businessPageId))
  if (account?.kind === 'page') conditions.push(eq(posts.businessPageId, account.id))
  if (teamId) conditions.push(inArray(posts.authorUserId, sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`))
  return conditions
}

/**
 * The organization's posts on the Plan in [from, to) (to null: open-ended), after `after` in
 * (time, id) order, matching the filters, with who they are published as. One query.
 */
export async function postsInRange(
  executor: Executor,
  organizationId: string,
  range: { from: Date; to: Date | null; after?: { time: Date; id: string } | null; limit?: number },
  conditions: SQL[] | null
): Promise<CalendarPost[]> {
  if (!conditions) return []
  // Published posts sit at their publishing time, the others at their scheduled time.
  const time = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`
  const query = executor
    .select({
      id: posts.id,
      time: sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`.mapWith(posts.scheduledAt),
      status: posts.status,
      type: posts.type,
      slotId: posts.slotId,
      head: sql<string>`left(${posts.text}, 200)`,
      authorId: posts.authorUserId,
      authorName: users.fullName,
      authorImage: users.image,
      pageId: posts.businessPageId,
      pageName: businessPages.linkedInCompanyName,
      pageImage: businessPages.image
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .where(
      and(
        eq(posts.organizationId, organizationId),
        sql`${time} >= ${range.from.toISOString()}::timestamptz`,
        range.to ? sql`${time} < ${range.to.toISOString()}::timestamptz` : undefined,
        range.after ? sql`(${time}, ${posts.id}) > (${range.after.time.toISOString()}::timestamptz, ${range.after.id}::uuid)` : undefined,
        ...conditions
      )
    )
    .orderBy(asc(time), asc(posts.id))
  const rows = range.limit === undefined ? await query : await query.limit(range.limit)
  return rows.map((r) => ({
    id: r.id,
    time: r.time.toISOString(),
    status: r.status,
    postType: r.type,
    account:
      r.pageId && r.pageName !== null
        ? { id: r.pageId, name: r.pageName, kind: 'page' as const, image: r.pageImage }
        : { id: r.authorId, name: r.authorName, kind: 'user' as const, image: r.authorImage },
    excerpt: postExcerpt(r.head, 120),
    slotId: r.slotId
  }))
}
