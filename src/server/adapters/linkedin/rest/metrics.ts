import { z } from 'zod'
import type { LinkedInAuthor, MetricsQuery, PostMetrics } from '../linkedin'
import { TokenExpiredError } from '../linkedin'
import { json, statisticsAnswer, type RestContext } from './http'
import { authorUrn, postKind } from './urns'

/**
 * Statistics of published posts (issue 14): a member's post through memberCreatorPostAnalytics
 * (r_member_postAnalytics; one call per metric, TOTAL aggregation) and a page's post through
 * organizationalEntityShareStatistics (rw_organization_admin; one call).
 */

/** memberCreatorPostAnalytics answers one metric per call; these are the ones PostMetrics holds. */
const MEMBER_METRICS = [
  ['impressions', 'IMPRESSION'],
  ['membersReached', 'MEMBERS_REACHED'],
  ['reactions', 'REACTION'],
  ['comments', 'COMMENT'],
  ['reshares', 'RESHARE']
] as const

/** TOTAL aggregation: one data point, or none while the post has no activity of that kind. */
const memberAnalyticsSchema = z.object({ elements: z.array(z.object({ count: z.number().int().nonnegative() })).max(1) })
const statisticCount = z.number().int().nonnegative()
const shareStatisticsSchema = z.object({
  elements: z.array(
    z.object({
      share: z.string().optional(),
      ugcPost: z.string().optional(),
      totalShareStatistics: z.object({
        impressionCount: statisticCount,
        uniqueImpressionsCount: statisticCount.optional(),
        likeCount: statisticCount,
        commentCount: statisticCount,
        shareCount: statisticCount,
        clickCount: statisticCount
      })
    })
  )
})

/**
 * One call per metric, one after another: a 429 or a refusal stops at the first call instead of
 * spending the rest. LinkedIn gives no clicks for a member's post.
 */
async function memberMetrics({ rest, clock }: RestContext, { urn, accessToken }: MetricsQuery): Promise<PostMetrics> {
  const entity = `(${postKind(urn) === 'share' ? 'share' : 'ugc'}:${encodeURIComponent(urn)})`
  const metrics: PostMetrics = { impressions: 0, membersReached: 0, reactions: 0, comments: 0, reshares: 0, clicks: null }
  for (const [field, queryType] of MEMBER_METRICS) {
    const what = `the post's ${queryType.toLowerCase()} count`
    const answer = statisticsAnswer(
      await rest('GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`, accessToken.token, undefined, {
        'x-restli-method': 'FINDER'
      }),
      what,
      clock.now()
    )
    metrics[field] = json(answer, memberAnalyticsSchema, what).elements[0]?.count ?? 0
  }
  return metrics
}

/** Lifetime statistics of one of the page's posts; members reached only where LinkedIn gives unique impressions. */
async function pageMetrics({ rest, clock }: RestContext, { urn, author, accessToken }: MetricsQuery): Promise<PostMetrics> {
  const kind = postKind(urn)
  const list = kind === 'share' ? 'shares' : 'ugcPosts'
  const path =
    `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(authorUrn(author))}` +
    `&${list}=List(${encodeURIComponent(urn)})`
  const what = "the page post's statistics"
  const answer = statisticsAnswer(await rest('GET', path, accessToken.token, undefined, { 'x-restli-method': 'FINDER' }), what, clock.now())
  const element = json(answer, shareStatisticsSchema, what).elements.find((e) => e[kind] === urn)
  if (!element) throw new Error(`LinkedIn gave no statistics for ${urn}`)
  const stats = element.totalShareStatistics
  return {
    impressions: stats.impressionCount,
    membersReached: stats.uniqueImpressionsCount ?? null,
    reactions: stats.likeCount,
    comments: stats.commentCount,
    reshares: stats.shareCount,
    clicks: stats.clickCount
  }
}

export function metricsCallCost(author: LinkedInAuthor): number {
  return author.kind === 'person' ? MEMBER_METRICS.length : 1
}

export async function metrics(context: RestContext, query: MetricsQuery): Promise<PostMetrics> {
  if (query.accessToken.expiresAt && query.accessToken.expiresAt.getTime() <= context.clock.now().getTime()) throw new TokenExpiredError()
  return query.author.kind === 'organization' ? pageMetrics(context, query) : memberMetrics(context, query)
}
