import { z } from 'zod'
import { analyticsGroupsSchema, analyticsPostsSchema, analyticsTimeseriesSchema, dashboardSchema, postTypeSchema, teamEffortSchema } from '../../domain'
import { singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { idSchema, instantQuerySchema } from './common'

// Results (issue 14)
/** An IANA time zone name (checked by the server with Intl); the viewer's by default. */
const timeZoneQuerySchema = singleLineText().trim().min(1).max(100)
export const ANALYTICS_PAGE_MAX = 500
/** Every analytics endpoint: the period [from, to) as instants (the client computes them in the viewer's time zone), filters, and format=csv to download. */
export const analyticsQuerySchema = z.object({
  from: instantQuerySchema,
  to: instantQuerySchema,
  /** Days and weekday × hour are counted in this zone (default: the viewer's). */
  timezone: timeZoneQuerySchema.optional(),
  memberId: idSchema.optional(),
  teamId: idSchema.optional(),
  businessPageId: idSchema.optional(),
  type: postTypeSchema.optional(),
  tagId: idSchema.optional(),
  search: singleLineText().trim().max(200).optional(),
  format: z.enum(['json', 'csv']).default('json')
})
export const analyticsPostsQuerySchema = analyticsQuerySchema.extend({
  sort: z.enum(['publishedAt', 'impressions', 'reactions', 'comments', 'reshares', 'engagementRate', 'author']).default('publishedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ANALYTICS_PAGE_MAX).default(100)
})
export const analyticsTimeseriesQuerySchema = analyticsQuerySchema.extend({ postId: idSchema.optional() })
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
/** A month as 'YYYY-MM' in [1970, 9000) like every day and instant (year 0 is an error in PostgreSQL: once a 500). */
export const isMonthInRange = (value: string): boolean => {
  const year = Number(value.slice(0, 4))
  return year >= 1970 && year < 9000
}
export const monthQuerySchema = singleLineText()
  .trim()
  .regex(MONTH_PATTERN, 'Use a month as YYYY-MM.')
  .refine(isMonthInRange, { message: 'Use a month between 1970 and 8999.', when: (payload) => MONTH_PATTERN.test(String(payload.value)) })

export const analyticsEndpoints = {
  // Results (issue 14). Scope: a MEMBER sees their own posts and their team's totals, a team leader
  // their teams' members, an admin everyone. format=csv answers text/csv (streamed), not the JSON below.
  analyticsPosts: endpoint({ method: 'GET', path: '/analytics/posts', query: analyticsPostsQuerySchema, body: none, response: analyticsPostsSchema }),
  analyticsMembers: endpoint({ method: 'GET', path: '/analytics/members', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsTeams: endpoint({ method: 'GET', path: '/analytics/teams', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsPages: endpoint({ method: 'GET', path: '/analytics/pages', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsTimeseries: endpoint({ method: 'GET', path: '/analytics/timeseries', query: analyticsTimeseriesQuerySchema, body: none, response: analyticsTimeseriesSchema }),
  teamEffort: endpoint({
    method: 'GET',
    path: '/team/effort',
    query: z.object({ month: monthQuerySchema, timezone: timeZoneQuerySchema.optional() }),
    body: none,
    response: teamEffortSchema
  }),
  /** A leader (of the member's team) or an admin reminds a member who is behind: a notification linking to their next slot. */
  nudgeMember: endpoint({ method: 'POST', path: '/team/nudge', query: none, body: z.object({ userId: idSchema, month: monthQuerySchema }), response: ok, idempotent: true }),
  getDashboard: endpoint({ method: 'GET', path: '/dashboard', query: z.object({ timezone: timeZoneQuerySchema.optional() }), body: none, response: dashboardSchema })
} as const
