import type { FastifyInstance } from 'fastify'
import { v1Endpoints } from '../../../shared/api/v1/contract'
import { badRequest } from '../../errors'
import { isUuid } from '../../services/ids'
import { v1Route, type V1Deps } from './v1Route'

/* /api/v1/members: the member list (services/members), keyset-paged by user id. */

const CURSOR_INVALID = 'This list position is no longer valid. Start the list again.'

const decode = (cursor: string): string => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!isUuid(id)) throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
  return id
}

export function registerV1MemberRoutes(app: FastifyInstance, deps: V1Deps): void {
  v1Route(app, deps, v1Endpoints.listMembers, async ({ actor, query }) => {
    const page = await deps.services.members.listByKey(actor.organization.id, {
      after: query.cursor ? decode(query.cursor) : undefined,
      limit: query.limit,
      search: query.search
    })
    return { items: page.members, next: page.more && page.last ? Buffer.from(page.last).toString('base64url') : null }
  })
}
