import { sql } from 'drizzle-orm'
import type { MetricTotals } from '../../../shared/domain'

/*
 * The joins and sums every Analytics statement reads (also the Academy's insights and the
 * dashboard): engagement rate from summed counts, never an average of rates (docs/architecture.md,
 * "Analytics").
 */

/** Engagement rate from summed counts (never an average of rates); null without impressions. */
export const rate = (engagements: number, impressions: number) => (impressions > 0 ? engagements / impressions : null)
export const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))
export const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** The joins every analytics statement reads from (p: the post, pm: its latest results, u: author, bp: page, tg: slot's tag). */
export const FROM = sql`posts p
  left join post_metrics pm on pm.post_id = p.id
  join users u on u.id = p.author_user_id
  left join business_pages bp on bp.id = p.business_page_id
  left join assigned_slots s on s.id = p.slot_id
  left join post_tags tg on tg.id = s.tag_id`

/** Sums over the rows of FROM as float8 (numbers in both drivers, no int overflow); null sums stay null. */
export const SUMS = sql`coalesce(sum(pm.impressions), 0)::float8 as impressions,
  sum(pm.members_reached)::float8 as members_reached,
  coalesce(sum(pm.reactions), 0)::float8 as reactions,
  coalesce(sum(pm.comments), 0)::float8 as comments,
  coalesce(sum(pm.reshares), 0)::float8 as reshares,
  sum(pm.clicks)::float8 as clicks,
  count(p.id)::int as posts`

export interface SumsRow {
  impressions: unknown
  members_reached: unknown
  reactions: unknown
  comments: unknown
  reshares: unknown
  clicks: unknown
  posts: unknown
}

export function totalsOf(row: SumsRow | undefined): MetricTotals & { posts: number } {
  const impressions = num(row?.impressions)
  const reactions = num(row?.reactions)
  const comments = num(row?.comments)
  const reshares = num(row?.reshares)
  const clicks = numOrNull(row?.clicks)
  return {
    impressions,
    membersReached: numOrNull(row?.members_reached),
    reactions,
    comments,
    reshares,
    clicks,
    engagementRate: rate(reactions + comments + reshares + (clicks ?? 0), impressions),
    posts: num(row?.posts)
  }
}

/** A post's engagements in SQL (the engagement rate's numerator): reactions + comments + reshares + clicks, 0 without results. */
export const POST_ENGAGEMENTS = sql`coalesce(pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0), 0)`

/** Engagement rate of one post in SQL: null without impressions. */
export const ENGAGEMENT_RATE = sql`case when coalesce(pm.impressions, 0) = 0 then null
  else (pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0))::float8 / pm.impressions end`
