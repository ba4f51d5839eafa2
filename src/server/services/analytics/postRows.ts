import { sql, type SQL } from 'drizzle-orm'
import type { AnalyticsPostRow, MetricsStatus, PostType } from '../../../shared/domain'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import { postExcerpt } from '../postLinks'
import { ENGAGEMENT_RATE, FROM, num, numOrNull, rate } from './metricsSql'
import type { Scope } from './scope'
import type { AnalyticsPostsQuery } from './types'

/*
 * Published posts with their latest results as rows: Analytics' posts table and CSV, and the
 * dashboard's last and top posts (docs/architecture.md, "Analytics").
 */

/** Characters of a post's text in the posts table and its CSV. */
const POST_EXCERPT_LENGTH = 120

const SORT_KEYS: Record<AnalyticsPostsQuery['sort'], SQL> = {
  publishedAt: sql`p.published_at`,
  impressions: sql`coalesce(pm.impressions, 0)`,
  reactions: sql`coalesce(pm.reactions, 0)`,
  comments: sql`coalesce(pm.comments, 0)`,
  reshares: sql`coalesce(pm.reshares, 0)`,
  engagementRate: ENGAGEMENT_RATE,
  author: sql`lower(u.full_name)`
}

interface PostRowSql {
  id: string
  text: string
  type: PostType
  published_at: Date | string
  linked_in_post_urn: string | null
  is_reshare: boolean
  author_id: string
  author_name: string
  author_image: string | null
  page_id: string | null
  page_name: string | null
  tag_id: string | null
  tag_title: string | null
  tag_color: string | null
  status: 'ok' | 'unavailable' | null
  impressions: unknown
  members_reached: unknown
  reactions: unknown
  comments: unknown
  reshares: unknown
  clicks: unknown
  updated_at: Date | string | null
}

/** A post row of FROM as the API gives it; its excerpt postExcerpt's (`excerptLength` characters at most). */
function postRowOf(r: PostRowSql, adapter: Pick<LinkedInAdapter, 'postUrl'>, excerptLength: number | undefined): AnalyticsPostRow {
  const status: MetricsStatus = r.status ?? 'pending'
  const impressions = num(r.impressions)
  const reactions = num(r.reactions)
  const comments = num(r.comments)
  const reshares = num(r.reshares)
  const clicks = numOrNull(r.clicks)
  return {
    postId: r.id,
    excerpt: postExcerpt(r.text, excerptLength),
    author: { id: r.author_id, fullName: r.author_name, image: r.author_image },
    businessPage: r.page_id ? { id: r.page_id, linkedInCompanyName: r.page_name ?? '' } : null,
    type: r.type,
    tag: r.tag_id ? { id: r.tag_id, title: r.tag_title ?? '', color: r.tag_color ?? '' } : null,
    publishedAt: new Date(r.published_at).toISOString(),
    linkedInPostUrl: r.linked_in_post_urn ? adapter.postUrl(r.linked_in_post_urn) : null,
    isReshare: r.is_reshare === true,
    metricsStatus: status,
    metricsUpdatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    impressions,
    membersReached: numOrNull(r.members_reached),
    reactions,
    comments,
    reshares,
    clicks,
    engagementRate: rate(reactions + comments + reshares + (clicks ?? 0), impressions)
  }
}

/**
 * Posts as analytics rows with their latest results, in one statement: Analytics' posts table and
 * CSV, and the dashboard's last and top posts (the same rows, so the two screens never disagree).
 * `where` and `orderBy` speak of FROM's names (p, pm, u, bp, s, tg); `where` chooses the
 * published posts (p.status = 'PUBLISHED'), and an order that ends with p.id never lets pages overlap.
 */
export async function postResultRows(
  executor: Executor,
  adapter: Pick<LinkedInAdapter, 'postUrl'>,
  query: { where: SQL; orderBy: SQL; offset?: number; limit: number; excerptLength?: number }
): Promise<AnalyticsPostRow[]> {
  const rows = rowsOf<PostRowSql>(
    await executor.execute(sql`select p.id, p.text, p.type, p.published_at, p.linked_in_post_urn, p.reshare_of_urn is not null as is_reshare,
        u.id as author_id, u.full_name as author_name, u.image as author_image,
        bp.id as page_id, bp.linked_in_company_name as page_name,
        tg.id as tag_id, tg.title as tag_title, tg.color as tag_color,
        pm.status, pm.impressions, pm.members_reached, pm.reactions, pm.comments, pm.reshares, pm.clicks, pm.updated_at
      from ${FROM}
      where ${query.where}
      order by ${query.orderBy}
      offset ${query.offset ?? 0} limit ${query.limit}`)
  )
  return rows.map((r) => postRowOf(r, adapter, query.excerptLength))
}

/** One page of matching posts in the requested order (ties by id, so pages never overlap). */
export function postPage(
  db: Executor,
  adapter: Pick<LinkedInAdapter, 'postUrl'>,
  scope: Scope,
  query: AnalyticsPostsQuery,
  offset: number,
  limit: number
): Promise<AnalyticsPostRow[]> {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`
  return postResultRows(db, adapter, {
    where: scope.where,
    orderBy: sql`${SORT_KEYS[query.sort]} ${direction} nulls last, p.id ${direction}`,
    offset,
    limit,
    excerptLength: POST_EXCERPT_LENGTH
  })
}
