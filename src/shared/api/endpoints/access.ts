import { ACADEMY_MESSAGES } from '../../domain/academy'
import { GUIDELINE_MESSAGES } from '../../domain/guideline'
import { RECOMMENDED_MESSAGES } from '../../domain/recommended'
import { MESSAGES } from '../messages'

/*
 * Who may call an endpoint, as its contract entry declares it (`role`, `refused`, `entitlement` in
 * ./base.ts) and the server's route() enforces it in one place (src/server/http/access.ts). The
 * table in docs/api.md, "Access by endpoint", is generated from the same entries (accessTable below).
 */

/** The plan features an endpoint can need as a whole, each with the 402 message its refusal carries (spec §4). */
export const PLAN_FEATURE_MESSAGES = {
  ACADEMY: ACADEMY_MESSAGES.notInPlan,
  RECOMMEND_POST: RECOMMENDED_MESSAGES.notInPlan,
  POLICY_PAGE: GUIDELINE_MESSAGES.notInPlan,
  API: MESSAGES.apiNotInPlan
} as const
export type PlanFeature = keyof typeof PLAN_FEATURE_MESSAGES

/** The 403 message of an endpoint whose `role` leaves the caller out. */
export const refusalOf = (e: { refused?: string }): string => e.refused ?? MESSAGES.onlyAdmins

interface AccessEntry {
  method: string
  path: string
  auth: boolean | 'optional'
  role?: 'admin' | 'adminOnly' | 'leaderOrAdmin'
  entitlement?: PlanFeature
}

const WHO = {
  anyone: 'anyone',
  optional: 'anyone (a session is renewed)',
  signedIn: 'signed in',
  admin: 'ADMIN, GHOST',
  adminOnly: 'ADMIN',
  leaderOrAdmin: 'ADMIN, GHOST, team leaders'
} as const

/** Who, in words, may call an endpoint. */
export function audienceOf(e: AccessEntry): string {
  if (e.auth === false) return WHO.anyone
  if (e.auth === 'optional') return WHO.optional
  return e.role ? WHO[e.role] : WHO.signedIn
}

/**
 * docs/api.md's "Access by endpoint": one row per endpoint, in the contract's order, with who may
 * call it and the plan feature it needs. Resource rules (which team a leader may change, an author's
 * own post) stay in the use cases and are not in the table.
 */
export function accessTable(endpoints: Record<string, AccessEntry>): string {
  const rows = Object.entries(endpoints).map(
    ([name, e]) => `| \`${e.method} ${e.path}\` | ${name} | ${audienceOf(e)} | ${e.entitlement ?? ''} |`
  )
  return ['| Endpoint | Contract name | Who may call it | Plan feature |', '| --- | --- | --- | --- |', ...rows].join('\n')
}
