import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostTag } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { postTagAssignments, postTags } from '../../db/schema'
import { conflict, forbidden } from '../../errors'
import { isAdminSession, usersLedBy } from '../access'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'

/* Topic tags: their view, look-ups, who manages them and their assignments (docs/architecture.md, "Organizations and members"). */

export async function views(executor: Executor, organizationId: string, tagIds?: readonly string[]): Promise<PostTag[]> {
  if (tagIds && tagIds.length === 0) return []
  const rows = await executor
    .select()
    .from(postTags)
    .where(and(eq(postTags.organizationId, organizationId), tagIds ? inArray(postTags.id, [...tagIds]) : undefined))
    .orderBy(asc(sql`lower(${postTags.title})`), asc(postTags.id))
  if (rows.length === 0) return []
  const assigned = await executor
    .select({ tagId: postTagAssignments.tagId, userId: postTagAssignments.userId })
    .from(postTagAssignments)
    .where(inArray(postTagAssignments.tagId, rows.map((r) => r.id)))
    .orderBy(asc(postTagAssignments.userId))
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    color: r.color.toLowerCase(),
    description: r.description,
    assignedUsers: assigned.filter((a) => a.tagId === r.id).map((a) => a.userId)
  }))
}

export async function tagIdsAssignedTo(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await executor
    .selectDistinct({ tagId: postTagAssignments.tagId })
    .from(postTagAssignments)
    .where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, [...userIds])))
  return rows.map((r) => r.tagId)
}

export async function findTag(executor: Executor, organizationId: string, tagId: string) {
  if (!isUuid(tagId)) return null
  const [row] = await executor.select().from(postTags).where(and(eq(postTags.id, tagId), eq(postTags.organizationId, organizationId))).limit(1)
  return row ?? null
}

/**
 * Admins manage every tag; a team leader manages tags whose assigned users (before and after
 * the change) are all members of teams they lead. Everyone else: 403.
 */
export async function requireTagManager(executor: Executor, session: OrganizationSession, userIds: readonly string[]) {
  if (isAdminSession(session)) return
  const led = await usersLedBy(executor, session.organization.id, session.userId)
  if (led.size === 0) throw forbidden('Only admins and team leaders can manage topic tags.')
  if (!userIds.every((id) => led.has(id))) throw forbidden('Team leaders can only assign tags to the members of their teams.')
}

export async function replaceAssignments(tx: Executor, organizationId: string, tagId: string, userIds: readonly string[]) {
  await tx.delete(postTagAssignments).where(eq(postTagAssignments.tagId, tagId))
  const unique = [...new Set(userIds)]
  if (unique.length > 0) await tx.insert(postTagAssignments).values(unique.map((userId) => ({ tagId, organizationId, userId })))
}

/** A topic tag's own fields as the audit log keeps them (stored the way create/update store them). */
export const tagFields = (input: { tagTitle: string; tagColor: string; tagDescription?: string | null }) => ({
  title: input.tagTitle,
  color: input.tagColor.toLowerCase(),
  description: input.tagDescription || null
})

export const titleTaken = () => conflict(MESSAGES.tagTitleTaken, { tagTitle: MESSAGES.tagTitleTaken })
