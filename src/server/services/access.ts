import { and, eq, inArray } from 'drizzle-orm'
import type { Entitlement, EntitlementKey } from '../../shared/domain'
import { MESSAGES } from '../../shared/api/messages'
import { isAdminRole, isEntitled } from '../../shared/rules'
import type { Executor } from '../db/client'
import { aiTemplates, memberships, organizations, teamMembers } from '../db/schema'
import { ApiError, notFound, planLimit } from '../errors'
import type { OrganizationSession } from './sessions'
import { isUuid } from './ids'

/*
 * Who may call an endpoint at all (its role and plan feature) is declared in the contract and
 * enforced by route() (./authorize.ts); what is here serves the use cases' rules about resources.
 */

export const isAdminSession = (session: OrganizationSession) => isAdminRole(session.organization.role)

/** Ids from outside: a malformed one can never be found (404, never a 500 from a uuid cast). */
export function requireUuid(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message)
  return id
}

/**
 * Serializes changes to one organization's members (seat counting, last-admin checks) across servers.
 * FOR NO KEY UPDATE: callers take turns as with FOR UPDATE, but rows written elsewhere that refer to
 * the organization (their foreign-key checks take a key share) are not held up — a transaction that
 * holds a member's post and then writes such a row no longer deadlocks with a removal waiting for
 * that post (routes/memberRemovalLocks.test.ts).
 */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<void> {
  const rows = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update')
  if (rows.length === 0) throw notFound('Organization not found.')
}

/** What the checks below read: the organization's entitlements (EntitlementService has it). */
export interface EntitlementReader {
  list(organizationId: string): Promise<Entitlement[]>
  /** Whether the plan has `key` at all, whatever its usage: the subscription alone, no usage counted. */
  has(organizationId: string, key: EntitlementKey): Promise<boolean>
}

/** 402 unless the organization is entitled to one more of `key` (limit 0 = unlimited, spec §4). */
export async function requireEntitled(entitlements: EntitlementReader, organizationId: string, key: EntitlementKey, message: string): Promise<void> {
  const list = await entitlements.list(organizationId)
  if (!isEntitled(list, key)) throw planLimit(message)
}

/** 402 unless the organization's plan has `key` at all (GHOST_ROLE, spec §6). */
export async function requireEntitlement(entitlements: EntitlementReader, organizationId: string, key: EntitlementKey, message: string): Promise<void> {
  if (!(await entitlements.has(organizationId, key))) throw planLimit(message)
}

/** The organization's members among `userIds` (any status unless `activeOnly`), as a Map userId -> status. */
export async function membersAmong(
  executor: Executor,
  organizationId: string,
  userIds: readonly string[],
  options: { activeOnly?: boolean } = {}
): Promise<Map<string, 'ACTIVE' | 'INVITED'>> {
  const valid = [...new Set(userIds)].filter(isUuid)
  if (valid.length === 0) return new Map()
  const rows = await executor
    .select({ userId: memberships.userId, status: memberships.status })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.userId, valid),
        options.activeOnly ? eq(memberships.status, 'ACTIVE') : undefined
      )
    )
  return new Map(rows.map((r) => [r.userId, r.status]))
}

/** 404 unless every id is a member of the organization (another organization's users are "not found"). */
export async function requireMembers(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<Map<string, 'ACTIVE' | 'INVITED'>> {
  const found = await membersAmong(executor, organizationId, userIds)
  if (new Set(userIds).size !== found.size) throw notFound(MESSAGES.memberNotFound)
  return found
}

/**
 * The teams `userId` leads in the organization, as a query (awaited: rows of `teamId`; or a subquery):
 * the one place that says what leading a team is (the access rule `leaderOrAdmin`, the review inbox's
 * team tabs, recommenders, the people a leader may change).
 */
export function teamsLedByQuery(executor: Executor, organizationId: string, userId: string) {
  return executor
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId), eq(teamMembers.isLeader, true)))
}

/** The ids of the teams `userId` leads in the organization (at most one: a user is in one team per organization). */
export async function teamsLedBy(executor: Executor, organizationId: string, userId: string): Promise<string[]> {
  return (await teamsLedByQuery(executor, organizationId, userId)).map((r) => r.teamId)
}

/** Whether `userId` leads a team in the organization. */
export async function leadsATeam(executor: Executor, organizationId: string, userId: string): Promise<boolean> {
  return (await teamsLedByQuery(executor, organizationId, userId).limit(1)).length > 0
}

/** Users in the teams `leaderId` leads in this organization (the leader included). */
export async function usersLedBy(executor: Executor, organizationId: string, leaderId: string): Promise<Set<string>> {
  const led = await teamsLedByQuery(executor, organizationId, leaderId)
  if (led.length === 0) return new Set()
  const rows = await executor
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, led.map((t) => t.teamId)))
  return new Set(rows.map((r) => r.userId))
}

export const noPlan = () => new ApiError(402, 'no_plan', MESSAGES.noPlan)

/** An AI setting template of this organization, when one is named (teams and business pages point at one). */
export async function requireTemplate(executor: Executor, organizationId: string, templateId: string | null | undefined): Promise<void> {
  if (!templateId) return
  if (!isUuid(templateId)) throw notFound(MESSAGES.aiTemplateNotFound)
  const [row] = await executor
    .select({ id: aiTemplates.id })
    .from(aiTemplates)
    .where(and(eq(aiTemplates.id, templateId), eq(aiTemplates.organizationId, organizationId)))
    .limit(1)
  if (!row) throw notFound(MESSAGES.aiTemplateNotFound)
}
