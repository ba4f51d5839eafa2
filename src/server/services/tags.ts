import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { createPostTagBodySchema, updatePostTagBodySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { BusinessPageTags, BusinessPostTag, PostTag, UserTags } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { businessPages, businessPostTags, postTagAssignments, postTags, teamMembers, teams } from '../db/schema'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, lockOrganization, requireAdmin, requireMembers, usersLedBy } from './access'
import { changedFields, record, sessionActor } from './audit'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'

type CreatePostTagInput = z.output<typeof createPostTagBodySchema>
type UpdatePostTagInput = z.output<typeof updatePostTagBodySchema>

export interface TagService {
  /** Topic tags: all of the organization's, or those assigned to a team's members, or to any of some members. */
  list(organizationId: string, filter: { teamId?: string | null; memberIds?: string[] | null }): Promise<PostTag[]>
  byUsers(organizationId: string, userIds: string[], range: { startDate: string; endDate: string }): Promise<UserTags[]>
  create(session: OrganizationSession, input: CreatePostTagInput): Promise<PostTag>
  update(session: OrganizationSession, input: UpdatePostTagInput): Promise<PostTag>
  remove(session: OrganizationSession, tagId: string): Promise<void>

  listBusiness(organizationId: string, businessPageId: string): Promise<BusinessPostTag[]>
  createBusiness(session: OrganizationSession, input: { businessPageId: string; title: string; color: string }): Promise<BusinessPostTag>
  updateBusiness(session: OrganizationSession, input: { id: string; title: string; color: string }): Promise<BusinessPostTag>
  removeBusiness(session: OrganizationSession, id: string): Promise<void>
  businessByPages(organizationId: string, businessPageIds: string[], range: { startDate: string; endDate: string }): Promise<BusinessPageTags[]>
}

const BUSINESS_TAG_TAKEN = 'This business page already has a tag with this title.'
const BUSINESS_TAG_NOT_FOUND = 'Business tag not found.'

function checkRange(range: { startDate: string; endDate: string }) {
  if (Date.parse(range.startDate) > Date.parse(range.endDate)) {
    const message = 'The start date must not be after the end date.'
    throw badRequest(message, { endDate: message })
  }
}

export function createTagService(deps: { db: Database; clock: Clock; entitlements: EntitlementService }): TagService {
  const { db, clock, entitlements } = deps

  async function views(executor: Executor, organizationId: string, tagIds?: readonly string[]): Promise<PostTag[]> {
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

  async function tagIdsAssignedTo(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return []
    const rows = await executor
      .selectDistinct({ tagId: postTagAssignments.tagId })
      .from(postTagAssignments)
      .where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, [...userIds])))
    return rows.map((r) => r.tagId)
  }

  async function findTag(executor: Executor, organizationId: string, tagId: string) {
    if (!isUuid(tagId)) return null
    const [row] = await executor.select().from(postTags).where(and(eq(postTags.id, tagId), eq(postTags.organizationId, organizationId))).limit(1)
    return row ?? null
  }

  /**
   * Admins manage every tag; a team leader manages tags whose assigned users (before and after
   * the change) are all members of teams they lead. Everyone else: 403.
   */
  async function requireTagManager(executor: Executor, session: OrganizationSession, userIds: readonly string[]) {
    if (isAdminSession(session)) return
    const led = await usersLedBy(executor, session.organization.id, session.userId)
    if (led.size === 0) throw forbidden('Only admins and team leaders can manage topic tags.')
    if (!userIds.every((id) => led.has(id))) throw forbidden('Team leaders can only assign tags to the members of their teams.')
  }

  async function replaceAssignments(tx: Executor, organizationId: string, tagId: string, userIds: readonly string[]) {
    await tx.delete(postTagAssignments).where(eq(postTagAssignments.tagId, tagId))
    const unique = [...new Set(userIds)]
    if (unique.length > 0) await tx.insert(postTagAssignments).values(unique.map((userId) => ({ tagId, organizationId, userId })))
  }

  /** A topic tag's own fields as the audit log keeps them (stored the way create/update store them). */
  const tagFields = (input: { tagTitle: string; tagColor: string; tagDescription?: string | null }) => ({
    title: input.tagTitle,
    color: input.tagColor.toLowerCase(),
    description: input.tagDescription || null
  })

  const titleTaken = () => conflict(MESSAGES.tagTitleTaken, { tagTitle: MESSAGES.tagTitleTaken })

  async function findPage(executor: Executor, organizationId: string, pageId: string) {
    if (!isUuid(pageId)) return null
    const [row] = await executor
      .select({ id: businessPages.id })
      .from(businessPages)
      .where(and(eq(businessPages.id, pageId), eq(businessPages.organizationId, organizationId)))
      .limit(1)
    return row ?? null
  }

  async function findBusinessTag(executor: Executor, organizationId: string, id: string) {
    if (!isUuid(id)) return null
    const [row] = await executor
      .select()
      .from(businessPostTags)
      .where(and(eq(businessPostTags.id, id), eq(businessPostTags.organizationId, organizationId)))
      .limit(1)
    return row ?? null
  }

  const businessView = (r: typeof businessPostTags.$inferSelect): BusinessPostTag => ({ id: r.id, title: r.title, color: r.color.toLowerCase() })

  return {
    async list(organizationId, filter) {
      if (filter.teamId) {
        if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
        const [team] = await db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.id, filter.teamId), eq(teams.organizationId, organizationId)))
          .limit(1)
        if (!team) throw notFound(MESSAGES.teamNotFound)
        const people = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))
        return views(db, organizationId, await tagIdsAssignedTo(db, organizationId, people.map((p) => p.userId)))
      }
      if (filter.memberIds) {
        await requireMembers(db, organizationId, filter.memberIds)
        return views(db, organizationId, await tagIdsAssignedTo(db, organizationId, filter.memberIds))
      }
      return views(db, organizationId)
    },

    async byUsers(organizationId, userIds, range) {
      checkRange(range)
      await requireMembers(db, organizationId, userIds)
      const unique = [...new Set(userIds)]
      const all = await views(db, organizationId, await tagIdsAssignedTo(db, organizationId, unique))
      return unique.map((userId) => ({ userId, tags: all.filter((t) => t.assignedUsers.includes(userId)) }))
    },

    async create(session, input) {
      const organizationId = session.organization.id
      await requireMembers(db, organizationId, input.assignedUsers)
      await requireTagManager(db, session, input.assignedUsers)
      const id = randomUUID()
      try {
        // The answer is read in the same transaction: a delete racing right after cannot leave it empty.
        return await db.transaction(async (tx) => {
          // Counted under the organization lock: two simultaneous creates cannot both take the last tag.
          await lockOrganization(tx, organizationId)
          await entitlements.requireWithin(tx, organizationId, 'TOPIC_TAGS', MESSAGES.topicTagsLimit)
          const now = clock.now()
          await tx.insert(postTags).values({
            id,
            organizationId,
            title: input.tagTitle,
            color: input.tagColor.toLowerCase(),
            description: input.tagDescription || null,
            createdAt: now,
            updatedAt: now
          })
          await replaceAssignments(tx, organizationId, id, input.assignedUsers)
          await record(tx, {
            organizationId,
            at: now,
            actor: sessionActor(session),
            action: 'tag.created',
            target: { type: 'tag', id, label: input.tagTitle },
            after: { ...tagFields(input), assignedUsers: [...new Set(input.assignedUsers)].sort() }
          })
          return (await views(tx, organizationId, [id]))[0]!
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw titleTaken()
        throw err
      }
    },

    async update(session, input) {
      const organizationId = session.organization.id
      const existing = await findTag(db, organizationId, input.tagId)
      if (!existing) throw notFound(MESSAGES.tagNotFound)
      await requireMembers(db, organizationId, input.assignedUsers)
      const before = await db.select({ userId: postTagAssignments.userId }).from(postTagAssignments).where(eq(postTagAssignments.tagId, existing.id))
      await requireTagManager(db, session, [...before.map((b) => b.userId), ...input.assignedUsers])
      try {
        return await db.transaction(async (tx) => {
          // Deleted since it was read (a racing delete): 404 before assignments to a missing tag are written.
          const updated = await tx
            .update(postTags)
            .set({ title: input.tagTitle, color: input.tagColor.toLowerCase(), description: input.tagDescription || null, updatedAt: clock.now() })
            .where(eq(postTags.id, existing.id))
            .returning({ id: postTags.id })
          if (updated.length === 0) throw notFound(MESSAGES.tagNotFound)
          await replaceAssignments(tx, organizationId, existing.id, input.assignedUsers)
          const changed = changedFields(
            { title: existing.title, color: existing.color, description: existing.description, assignedUsers: before.map((b) => b.userId).sort() },
            { ...tagFields(input), assignedUsers: [...new Set(input.assignedUsers)].sort() }
          )
          if (changed) {
            await record(tx, {
              organizationId,
              at: clock.now(),
              actor: sessionActor(session),
              action: 'tag.updated',
              target: { type: 'tag', id: existing.id, label: input.tagTitle },
              ...changed
            })
          }
          return (await views(tx, organizationId, [existing.id]))[0]!
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw titleTaken()
        throw err
      }
    },

    async remove(session, tagId) {
      const organizationId = session.organization.id
      const existing = await findTag(db, organizationId, tagId)
      if (!existing) throw notFound(MESSAGES.tagNotFound)
      const before = await db.select({ userId: postTagAssignments.userId }).from(postTagAssignments).where(eq(postTagAssignments.tagId, existing.id))
      await requireTagManager(db, session, before.map((b) => b.userId))
      await db.transaction(async (tx) => {
        // Conditional: of a burst of deletes only the one that removed the row answers 200.
        const deleted = await tx
          .delete(postTags)
          .where(and(eq(postTags.id, existing.id), eq(postTags.organizationId, organizationId)))
          .returning({ id: postTags.id })
        if (deleted.length === 0) throw notFound(MESSAGES.tagNotFound)
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'tag.deleted',
          target: { type: 'tag', id: existing.id, label: existing.title },
          before: { title: existing.title, color: existing.color, description: existing.description }
        })
      })
    },

    async listBusiness(organizationId, businessPageId) {
      const page = await findPage(db, organizationId, businessPageId)
      if (!page) throw notFound(MESSAGES.businessPageNotFound)
      const rows = await db
        .select()
        .from(businessPostTags)
        .where(eq(businessPostTags.businessPageId, page.id))
        .orderBy(asc(sql`lower(${businessPostTags.title})`), asc(businessPostTags.id))
      return rows.map(businessView)
    },

    async createBusiness(session, input) {
      const organizationId = session.organization.id
      const page = await findPage(db, organizationId, input.businessPageId)
      if (!page) throw notFound(MESSAGES.businessPageNotFound)
      requireAdmin(session)
      const now = clock.now()
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(businessPostTags)
            .values({ id: randomUUID(), organizationId, businessPageId: page.id, title: input.title, color: input.color.toLowerCase(), createdAt: now, updatedAt: now })
            .returning()
          await record(tx, {
            organizationId,
            at: now,
            actor: sessionActor(session),
            action: 'business_tag.created',
            target: { type: 'business_tag', id: row!.id, label: row!.title },
            after: { businessPageId: page.id, title: row!.title, color: row!.color }
          })
          return businessView(row!)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(BUSINESS_TAG_TAKEN, { title: BUSINESS_TAG_TAKEN })
        throw err
      }
    },

    async updateBusiness(session, input) {
      const organizationId = session.organization.id
      const existing = await findBusinessTag(db, organizationId, input.id)
      if (!existing) throw notFound(BUSINESS_TAG_NOT_FOUND)
      requireAdmin(session)
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(businessPostTags)
            .set({ title: input.title, color: input.color.toLowerCase(), updatedAt: clock.now() })
            .where(eq(businessPostTags.id, existing.id))
            .returning()
          if (!row) throw notFound(BUSINESS_TAG_NOT_FOUND) // deleted since it was read
          const changed = changedFields({ title: existing.title, color: existing.color }, { title: row.title, color: row.color })
          if (changed) {
            await record(tx, {
              organizationId,
              at: clock.now(),
              actor: sessionActor(session),
              action: 'business_tag.updated',
              target: { type: 'business_tag', id: row.id, label: row.title },
              ...changed
            })
          }
          return businessView(row)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(BUSINESS_TAG_TAKEN, { title: BUSINESS_TAG_TAKEN })
        throw err
      }
    },

    async removeBusiness(session, id) {
      const organizationId = session.organization.id
      const existing = await findBusinessTag(db, organizationId, id)
      if (!existing) throw notFound(BUSINESS_TAG_NOT_FOUND)
      requireAdmin(session)
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(businessPostTags)
          .where(and(eq(businessPostTags.id, existing.id), eq(businessPostTags.organizationId, organizationId)))
          .returning({ id: businessPostTags.id })
        if (deleted.length === 0) throw notFound(BUSINESS_TAG_NOT_FOUND)
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'business_tag.deleted',
          target: { type: 'business_tag', id: existing.id, label: existing.title },
          before: { businessPageId: existing.businessPageId, title: existing.title, color: existing.color }
        })
      })
    },

    async businessByPages(organizationId, businessPageIds, range) {
      checkRange(range)
      const unique = [...new Set(businessPageIds)]
      if (unique.length === 0) return []
      if (!unique.every(isUuid)) throw notFound(MESSAGES.businessPageNotFound)
      const pages = await db
        .select({ id: businessPages.id })
        .from(businessPages)
        .where(and(eq(businessPages.organizationId, organizationId), inArray(businessPages.id, unique)))
      if (pages.length !== unique.length) throw notFound(MESSAGES.businessPageNotFound)
      const rows = await db
        .select()
        .from(businessPostTags)
        .where(inArray(businessPostTags.businessPageId, unique))
        .orderBy(asc(sql`lower(${businessPostTags.title})`), asc(businessPostTags.id))
      return unique.map((businessPageId) => ({ businessPageId, tags: rows.filter((r) => r.businessPageId === businessPageId).map(businessView) }))
    }
  }
}
