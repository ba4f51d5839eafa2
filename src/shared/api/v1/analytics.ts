import { analyticsGroupsSchema, analyticsPostsSchema, analyticsTimeseriesSchema } from '../../domain'
import { analyticsPostsQuerySchema, analyticsQuerySchema } from '../endpoints/analytics'
import { idSchema } from '../endpoints/common'
import { nextSchema, noInput, pageQuery, v1 } from './base'

/* Results (issue 14) of the whole organization: a key reads as the organization, in UTC unless `timezone` names a zone. */

const period = analyticsQuerySchema.omit({ format: true })
const groups = analyticsGroupsSchema.meta({ id: 'AnalyticsGroups' })

export const v1AnalyticsEndpoints = {
  analyticsPosts: v1({
    operationId: 'analyticsPosts',
    method: 'GET',
    path: '/analytics/posts',
    scope: 'analytics:read',
    tag: 'Analytics',
    summary: 'Published posts with their results',
    description: 'Sorted by any column, so paged by an opaque cursor over that order (not a keyset).',
    params: noInput,
    query: period.extend({ sort: analyticsPostsQuerySchema.shape.sort, order: analyticsPostsQuerySchema.shape.order, ...pageQuery }),
    body: noInput,
    response: analyticsPostsSchema.extend({ next: nextSchema })
  }),
  analyticsMembers: v1({
    operationId: 'analyticsMembers',
    method: 'GET',
    path: '/analytics/members',
    scope: 'analytics:read',
    tag: 'Analytics',
    summary: 'Results per member',
    params: noInput,
    query: period,
    body: noInput,
    response: groups
  }),
  analyticsTeams: v1({
    operationId: 'analyticsTeams',
    method: 'GET',
    path: '/analytics/teams',
    scope: 'analytics:read',
    tag: 'Analytics',
    summary: 'Results per team',
    params: noInput,
    query: period,
    body: noInput,
    response: groups
  }),
  analyticsTimeseries: v1({
    operationId: 'analyticsTimeseries',
    method: 'GET',
    path: '/analytics/timeseries',
    scope: 'analytics:read',
    tag: 'Analytics',
    summary: 'Results over time (per day, per post type, per weekday and hour)',
    params: noInput,
    query: period.extend({ postId: idSchema.optional() }),
    body: noInput,
    response: analyticsTimeseriesSchema
  })
} as const
