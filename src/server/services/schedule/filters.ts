import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { postStatusSchema, slotStatusSchema } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { assignedSlotPages, assignedSlots, businessPages, memberships, teamMembers, teams } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import { postConditions } from './planPosts'
import type { Account, ScheduleFilter, SlotFilter } from './types'

/* The filters as SQL on slots and on posts (docs/architecture.md, "Plan (assigned slots)"). */

export const ACCOUNT_NOT_FOUND = 'No member or business page with this id in your organization.'

/**
 * SQL conditions for the filters, on assigned_slots and on posts; null on a side nothing can
 * match (a post status shows no slot, a slot status no post). Unknown accounts and teams are 404.
 */
export async function filters(executor: Executor, organizationId: string, filter: ScheduleFilter): Promise<{ slots: SlotFilter | null; posts: SQL[] | null }> {
  let account: Account | null = null
  if (filter.accountId) {
    const id = filter.accountId
    if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND)
    const [member] = await executor
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)))
      .limit(1)
    if (member) account = { kind: 'user', id }
    else {
      const [page] = await executor
        .select({ id: businessPages.id })
        .from(businessPages)
        .where(and(eq(businessPages.organizationId, organizationId), eq(businessPages.id, id)))
        .limit(1)
      if (!page) throw notFound(ACCOUNT_NOT_FOUND)
      account = { kind: 'page', id: page.id }
    }
  }
  let teamId: string | null = null
  if (filter.teamId) {
    if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
    const [team] = await executor
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), eq(teams.id, filter.teamId)))
      .limit(1)
    if (!team) throw notFound(MESSAGES.teamNotFound)
    teamId = team.id
  }
  return { slots: slotFilter(executor, account, teamId, filter), posts: postConditions(account, teamId, filter) }
}

/** The slot side of the filters; the status is readSlots' own (slotView.ts works it out). */
function slotFilter(executor: Executor, account: Account | null, teamId: string | null, filter: ScheduleFilter): SlotFilter | null {
  if (filter.status && postStatusSchema.safeParse(filter.status).success) return null
  const conditions: SQL[] = []
  if (filter.type) conditions.push(eq(assignedSlots.postType, filter.type))
  if (account?.kind === 'user') conditions.push(eq(assignedSlots.assigneeId, account.id))
  if (account?.kind === 'page') {
    conditions.push(
      exists(
        executor
          .select({ one: sql`1` })
          .from(assignedSlotPages)
          .where(and(eq(assignedSlotPages.slotId, assignedSlots.id), eq(assignedSlotPages.businessPageId, account.id)))
      )
    )
  }
  if (teamId) conditions.push(inArray(assignedSlots.assigneeId, executor.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))))
  const status = slotStatusSchema.safeParse(filter.status)
  return { where: and(...conditions), status: status.success ? status.data : undefined }
}
