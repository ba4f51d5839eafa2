import type { FastifyInstance } from 'fastify'
import { v1Endpoints } from '../../../shared/api/v1/contract'
import { badRequest } from '../../errors'
import { v1Route, type V1Deps } from './v1Route'

/*
 * /api/v1/analytics: the Results use cases (services/analytics) for the whole organization. The
 * post list sorts by any column, so its cursor is an opaque position in that order (as the app's
 * offset paging), not a keyset.
 */

const CURSOR_INVALID = 'This list position is no longer valid. Start the list again.'
const MAX_OFFSET = 1_000_000

function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''))
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
  return offset
}
const encodeOffset = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url')

export function registerV1AnalyticsRoutes(app: FastifyInstance, deps: V1Deps): void {
  const { analytics } = deps.services
  v1Route(app, deps, v1Endpoints.analyticsPosts, async ({ actor, query }) => {
    const { cursor, limit, ...rest } = query
    const offset = decodeOffset(cursor)
    const page = await analytics.posts(actor, { ...rest, format: 'json', offset, limit })
    return { ...page, next: offset + page.rows.length < page.total ? encodeOffset(offset + page.rows.length) : null }
  })
  v1Route(app, deps, v1Endpoints.analyticsMembers, async ({ actor, query }) => analytics.groups(actor, 'members', { ...query, format: 'json' }))
  v1Route(app, deps, v1Endpoints.analyticsTeams, async ({ actor, query }) => analytics.groups(actor, 'teams', { ...query, format: 'json' }))
  v1Route(app, deps, v1Endpoints.analyticsTimeseries, async ({ actor, query }) => analytics.timeseries(actor, { ...query, format: 'json' }))
}
