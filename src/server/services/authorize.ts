import type { Endpoint } from '../../shared/api/contract'
import { PLAN_FEATURE_MESSAGES, refusalOf } from '../../shared/api/endpoints/access'
import { isAdminRole } from '../../shared/rules'
import type { Executor } from '../db/client'
import { forbidden, noOrganization, planLimit } from '../errors'
import { leadsATeam, type EntitlementReader } from './access'
import type { AuthSession, OrganizationSession } from './sessions'

/*
 * The one place an endpoint's declared access is enforced (docs/api.md, "Access by endpoint"):
 * route() calls it for every entry with a `role` or an `entitlement`, after the session is resolved
 * and before the body is read. The role is the session's current one (sessions.resolve reads it on
 * every request, docs/decisions/0001). Which team a leader may change, or whose post an author may
 * edit, are resource rules the use cases keep.
 */

export type AccessRule = Pick<Endpoint, 'role' | 'refused' | 'entitlement'>

export interface Authorizer {
  /** 409 no_organization, 403 with the entry's refusal, or 402 with the feature's message; else nothing. */
  authorize(session: AuthSession, rule: AccessRule): Promise<void>
}

export function createAuthorizer(deps: { db: Executor; entitlements: EntitlementReader }): Authorizer {
  const mayAct = async (session: OrganizationSession, rule: AccessRule) => {
    if (!rule.role) return true
    if (rule.role === 'adminOnly') return session.organization.role === 'ADMIN'
    if (isAdminRole(session.organization.role)) return true
    return rule.role === 'leaderOrAdmin' && (await leadsATeam(deps.db, session.organization.id, session.userId))
  }
  return {
    async authorize(session, rule) {
      if (!rule.role && !rule.entitlement) return
      if (!session.organization) throw noOrganization()
      const current = session as OrganizationSession
      if (!(await mayAct(current, rule))) throw forbidden(refusalOf(rule))
      if (rule.entitlement && !(await deps.entitlements.has(current.organization.id, rule.entitlement))) {
        throw planLimit(PLAN_FEATURE_MESSAGES[rule.entitlement])
      }
    }
  }
}
