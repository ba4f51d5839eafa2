import { and, count, eq, inArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Executor } from '../../db/client'
import { businessPageMembers, businessPages, businessPostTags, memberships, postTagAssignments, postTags, users } from '../../db/schema'
import { forbidden, notFound } from '../../errors'
import { apiKeyDisplayName, isApiKeyActor, NO_PERSON_ID, type OrganizationActor } from '../actor'
import { isUuid } from '../ids'
import type { Viewer } from '../slotView'
import { fieldError, type Person } from './shared'
import { safeTimeZone } from './time'

/**
 * The rules a slot's people, pages and tags must follow, on create, edit, re-tag and CSV import
 * (docs/architecture.md, "Plan (assigned slots)", "Who may assign" and "Pages and tags"). The viewer
 * and the slot views themselves are in ../slotView.ts.
 */

/** 403 unless the viewer may assign slots to every one of these users (spec §6). */
export function requireMayAssign(viewer: Viewer, assigneeIds: readonly string[]): void {
  if (viewer.isAdmin) return
  const allowed = (id: string) => id === viewer.userId || viewer.led.has(id)
  if (assigneeIds.every(allowed)) return
  throw forbidden(viewer.led.size > 0 ? MESSAGES.slotOnlyYourTeams : MESSAGES.slotOnlySelf)
}

/** Users among `userIds` linked to every page of `pageIds`. */
export async function linkedToAll(executor: Executor, organizationId: string, userIds: readonly string[], pageIds: readonly string[]): Promise<Set<string>> {
  if (pageIds.length === 0) return new Set(userIds)
  if (userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: businessPageMembers.userId, n: count() })
    .from(businessPageMembers)
    .where(
      and(
        eq(businessPageMembers.organizationId, organizationId),
        inArray(businessPageMembers.userId, [...userIds]),
        inArray(businessPageMembers.businessPageId, [...pageIds])
      )
    )
    .groupBy(businessPageMembers.userId)
  return new Set(rows.filter((r) => Number(r.n) === pageIds.length).map((r) => r.userId))
}

/** Users among `userIds` who have the organization's topic tag `tagId` (post_tag_assignments, as /postTag/get-user-tags). */
export async function withTag(executor: Executor, organizationId: string, userIds: readonly string[], tagId: string): Promise<Set<string>> {
  if (!isUuid(tagId) || userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: postTagAssignments.userId })
    .from(postTagAssignments)
    .innerJoin(postTags, eq(postTags.id, postTagAssignments.tagId))
    .where(
      and(
        eq(postTags.organizationId, organizationId),
        eq(postTagAssignments.organizationId, organizationId),
        eq(postTagAssignments.tagId, tagId),
        inArray(postTagAssignments.userId, [...userIds])
      )
    )
  return new Set(rows.map((r) => r.userId))
}

export async function people(executor: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)].filter(isUuid)
  if (unique.length === 0) return new Map()
  const rows = await executor.select({ id: users.id, fullName: users.fullName, timezone: users.timezone }).from(users).where(inArray(users.id, unique))
  return new Map(rows.map((r) => [r.id, { id: r.id, fullName: r.fullName, timezone: safeTimeZone(r.timezone) }]))
}

export async function person(executor: Executor, id: string): Promise<Person> {
  const found = (await people(executor, [id])).get(id)
  if (!found) throw notFound('User not found.')
  return found
}

/**
 * Who acts, as a slot's notifications name them: the person, or for an API key "API key <name>" in
 * UTC (a key has no time zone of its own; its slot times are instants).
 */
export async function actingPerson(executor: Executor, actor: OrganizationActor): Promise<Person> {
  if (isApiKeyActor(actor)) return { id: NO_PERSON_ID, fullName: apiKeyDisplayName(actor), timezone: 'UTC' }
  return person(executor, actor.userId)
}

/** 400 slotMemberUnknown unless every id is an ACTIVE member of the organization. */
export async function requireActiveMembers(executor: Executor, organizationId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)]
  if (!unique.every(isUuid)) throw fieldError(MESSAGES.slotMemberUnknown, 'assignedUserId')
  if (unique.length === 0) return
  const rows = await executor
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, unique), eq(memberships.status, 'ACTIVE')))
  if (rows.length !== unique.length) throw fieldError(MESSAGES.slotMemberUnknown, 'assignedUserId')
}

/** The organization's pages among `ids` (404 when one is not the organization's). */
export async function requirePages(executor: Executor, organizationId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  if (!unique.every(isUuid)) throw notFound(MESSAGES.businessPageNotFound)
  const rows = await executor
    .select({ id: businessPages.id })
    .from(businessPages)
    .where(and(eq(businessPages.organizationId, organizationId), inArray(businessPages.id, unique)))
  if (rows.length !== unique.length) throw notFound(MESSAGES.businessPageNotFound)
  return unique
}

/** 400 slotBusinessTagNotAllowed unless the business post tag belongs to one of the pages. */
async function requireBusinessTag(executor: Executor, organizationId: string, businessPostTagId: string, pageIds: readonly string[]): Promise<void> {
  const fail = () => fieldError(MESSAGES.slotBusinessTagNotAllowed, 'businessPostTagId')
  if (pageIds.length === 0 || !isUuid(businessPostTagId)) throw fail()
  const [row] = await executor
    .select({ id: businessPostTags.id })
    .from(businessPostTags)
    .where(
      and(
        eq(businessPostTags.id, businessPostTagId),
        eq(businessPostTags.organizationId, organizationId),
        inArray(businessPostTags.businessPageId, [...pageIds])
      )
    )
    .limit(1)
  if (!row) throw fail()
}

/** The create rules for pages and tags, for one set of assignees (spec §4, §5). */
export async function checkPagesAndTags(
  executor: Executor,
  organizationId: string,
  assigneeIds: readonly string[],
  pageIds: readonly string[],
  tagId: string | null,
  businessPostTagId: string | null
): Promise<void> {
  if (pageIds.length > 0) {
    const linked = await linkedToAll(executor, organizationId, assigneeIds, pageIds)
    if (!assigneeIds.every((id) => linked.has(id))) throw fieldError(MESSAGES.slotPageNotLinked, 'businessPageId')
    if (tagId) throw fieldError(MESSAGES.slotTagWithPages, 'tagId')
  } else if (tagId) {
    const tagged = await withTag(executor, organizationId, assigneeIds, tagId)
    if (!assigneeIds.every((id) => tagged.has(id))) throw fieldError(MESSAGES.slotTagNotAllowed, 'tagId')
  }
  if (businessPostTagId) await requireBusinessTag(executor, organizationId, businessPostTagId, pageIds)
}
