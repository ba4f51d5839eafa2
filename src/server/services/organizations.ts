import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { businessPageFieldsSchema, createOrganizationBodySchema, updateBusinessPageBodySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { BusinessPage, Organization } from '../../shared/domain'
import { TRIAL_DAYS } from '../../shared/constants'
import { isSafeImageAddress } from '../../shared/rules/images'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { aiTemplates, businessPageMembers, businessPages, memberships, organizations, sessions, teams, users } from '../db/schema'
import { badRequest, forbidden, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { lockOrganization, requireAdmin, requireTemplate } from './access'
import { createDefaultTemplate } from './aiTemplates'
import { changedFields, record, sessionActor } from './audit'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'
import { deleteOrphanPlaceholders } from './members'
import { newOrganizationWorkOSId } from './ids'
import type { NotificationService } from './notifications'
import { findSubscription, startTrial, toCurrentPlan } from './subscriptions'
import { removeUserPhotoFiles } from './userPhotos'
import { linkTo } from '../../shared/routes'

export type CreateOrganizationInput = z.output<typeof createOrganizationBodySchema>
export type BusinessPageInput = z.output<typeof businessPageFieldsSchema>
export type UpdateBusinessPageInput = z.output<typeof updateBusinessPageBodySchema>

export const WELCOME_TITLE = 'Welcome to Pagecrew 🎉'
export const welcomeMessage = (organizationName: string) =>
  `${organizationName} is ready. Your ${TRIAL_DAYS}-day free trial has started: invite your team and plan your first posts.`

export interface OrganizationService {
  /**
   * Onboarding and 'Create new organization': the organization, its creator as ACTIVE ADMIN, a
   * 14-day trial, the company page when one was named, and a welcome notification, all in one
   * transaction.
   */
  create(userId: string, input: CreateOrganizationInput): Promise<{ id: string; organizationWorkOSId: string; name: string }>
  get(organizationId: string): Promise<Organization>
  rename(session: OrganizationSession, name: string): Promise<Organization>
  /** The organization behind a public id, only when the user is an ACTIVE member of it. */
  findActiveMembershipByWorkOSId(userId: string, organizationWorkOSId: string): Promise<{ organizationId: string; organizationWorkOSId: string } | null>
  /** Remembers the organization a user works in (the next sign-in starts there). */
  rememberLastOrganization(userId: string, organizationId: string): Promise<void>
  /**
   * DELETE /organization (ADMIN only): everything of the organization goes (cascades), its
   * sessions end, users that only existed for its invitations go, then its upload files.
   */
  remove(session: OrganizationSession, files: string[]): Promise<void>
  setDefaultPage(session: OrganizationSession, businessPageId: string | null): Promise<Organization>
  createPage(session: OrganizationSession, input: BusinessPageInput): Promise<BusinessPage>
  updatePage(session: OrganizationSession, input: UpdateBusinessPageInput): Promise<BusinessPage>
  removePage(session: OrganizationSession, businessPageId: string): Promise<void>
}

/** https:// on a public host or a same-origin path (rules/images.ts): the renderer puts a page image into <img src>. */
const INVALID_PAGE_IMAGE = 'Use an image address starting with https://'

const emptyToNull = (value: string | undefined): string | null => (value && value.length > 0 ? value : null)

export function createOrganizationService(
  db: Database,
  clock: Clock,
  notifications: NotificationService,
  entitlements: EntitlementService,
  /** <dataDir>/uploads: the photos of users deleted with the organization go from there. */
  uploadsDir: string
): OrganizationService {
  async function pageViews(executor: Executor, organizationId: string, ids?: string[]): Promise<BusinessPage[]> {
    const rows = await executor
      .select({ page: businessPages, industries: aiTemplates.industries })
      .from(businessPages)
      .leftJoin(aiTemplates, eq(aiTemplates.id, businessPages.aiSettingTemplateId))
      .where(and(eq(businessPages.organizationId, organizationId), ids ? inArray(businessPages.id, ids) : undefined))
      .orderBy(asc(businessPages.createdAt), asc(sql`lower(${businessPages.linkedInCompanyName})`), asc(businessPages.id))
    return rows.map(({ page: p, industries }) => ({
      id: p.id,
      image: p.image,
      linkedInCompanyName: p.linkedInCompanyName,
      linkedInWebsite: p.linkedInWebsite,
      linkedInCompanyDescription: p.linkedInCompanyDescription,
      linkedInPageLink: p.linkedInPageLink,
      // Industries come from the page's AI setting template; onboarding's industry until it has one.
      aiSettingTemplate: industries
        ? { industries: industries.map((industry) => ({ industry })) }
        : p.industry
          ? { industries: [{ industry: p.industry }] }
          : null,
      aiSettingTemplateId: p.aiSettingTemplateId
    }))
  }

  async function findPage(executor: Executor, organizationId: string, id: string) {
    if (!isUuid(id)) return null
    const [row] = await executor.select().from(businessPages).where(and(eq(businessPages.id, id), eq(businessPages.organizationId, organizationId))).limit(1)
    return row ?? null
  }

  function checkImage(image: string | null | undefined): string | null | undefined {
    if (image === undefined) return undefined
    const value = image?.trim() || null
    if (value !== null && !isSafeImageAddress(value)) throw badRequest(INVALID_PAGE_IMAGE, { image: INVALID_PAGE_IMAGE })
    return value
  }

  /** A business page's settings as the audit log keeps them. */
  const pageFields = (p: typeof businessPages.$inferSelect) => ({
    linkedInCompanyName: p.linkedInCompanyName,
    linkedInPageLink: p.linkedInPageLink,
    linkedInWebsite: p.linkedInWebsite,
    linkedInCompanyDescription: p.linkedInCompanyDescription,
    image: p.image,
    aiSettingTemplateId: p.aiSettingTemplateId
  })

  const emptyOrNull = (v: string | null | undefined) => (v === undefined ? undefined : v && v.length > 0 ? v : null)

  const service: OrganizationService = {
    async create(userId, input) {
      const now = clock.now()
      const organization = { id: randomUUID(), organizationWorkOSId: newOrganizationWorkOSId(), name: input.organizationName }
      await db.transaction(async (tx) => {
        await tx.insert(organizations).values({ ...organization, createdAt: now, updatedAt: now })
        await tx.insert(memberships).values({
          id: randomUUID(),
          organizationId: organization.id,
          userId,
          role: 'ADMIN',
          status: 'ACTIVE',
          createdAt: now,
          updatedAt: now
        })
        await startTrial(tx, organization.id, now)
        // Every organization starts with its default AI setting template (issue 3).
        const templateId = await createDefaultTemplate(tx, organization.id, input.industry ? [input.industry] : [], now)
        if (input.linkedInCompanyName) {
          const pageId = randomUUID()
          await tx.insert(businessPages).values({
            id: pageId,
            organizationId: organization.id,
            image: null,
            linkedInCompanyName: input.linkedInCompanyName,
            linkedInPageLink: emptyToNull(input.linkedInPageLink),
            linkedInWebsite: emptyToNull(input.linkedInWebsite),
            linkedInCompanyDescription: emptyToNull(input.linkedInCompanyDescription),
            industry: emptyToNull(input.industry),
            aiSettingTemplateId: templateId,
            createdAt: now,
            updatedAt: now
          })
          // The admin who named the company page at onboarding may post as it at once.
          await tx.insert(businessPageMembers).values({ businessPageId: pageId, organizationId: organization.id, userId })
        }
        await tx.update(users).set({ lastOrganizationId: organization.id }).where(eq(users.id, userId))
        await record(tx, {
          organizationId: organization.id,
          at: now,
          actor: { userId },
          action: 'organization.created',
          target: { type: 'organization', id: organization.id, label: organization.name },
          after: { name: organization.name }
        })
        await notifications.notify(
          { organizationId: organization.id, userId, title: WELCOME_TITLE, message: welcomeMessage(organization.name), link: linkTo('dashboard') },
          tx
        )
      })
      return organization
    },

    async get(organizationId) {
      const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1)
      if (!org) throw notFound('Organization not found.')
      // Members count as users whether ACTIVE or INVITED: an invitation holds a seat (spec §4 seat overflow).
      const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
      return {
        id: org.id,
        name: org.name,
        organizationWorkOSId: org.organizationWorkOSId,
        createdAt: org.createdAt.toISOString(),
        users: Number(members?.n ?? 0),
        currentPlan: toCurrentPlan(await findSubscription(db, organizationId)),
        organizationBusinessPages: await pageViews(db, organizationId),
        defaultBusinessPageId: org.defaultBusinessPageId
      }
    },

    async rename(session, name) {
      const organizationId = session.organization.id
      await db.transaction(async (tx) => {
        const [was] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update')
        await tx.update(organizations).set({ name, updatedAt: clock.now() }).where(eq(organizations.id, organizationId))
        if (was && was.name !== name) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'organization.renamed',
            target: { type: 'organization', id: organizationId, label: name },
            before: { name: was.name },
            after: { name }
          })
        }
      })
      return service.get(organizationId)
    },

    async findActiveMembershipByWorkOSId(userId, organizationWorkOSId) {
      const [row] = await db
        .select({ organizationId: organizations.id, organizationWorkOSId: organizations.organizationWorkOSId })
        .from(organizations)
        .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
        .where(
          and(
            eq(organizations.organizationWorkOSId, organizationWorkOSId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'ACTIVE')
          )
        )
        .limit(1)
      return row ?? null
    },


    async rememberLastOrganization(userId, organizationId) {
      await db.update(users).set({ lastOrganizationId: organizationId }).where(eq(users.id, userId))
    },

    async remove(session, files) {
      if (session.organization.role !== 'ADMIN') throw forbidden(MESSAGES.onlyAdminDeletesOrganization)
      const organizationId = session.organization.id
      const deletedPhotos = await db.transaction(async (tx) => {
        const people = await tx.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, organizationId))
        await tx.delete(sessions).where(eq(sessions.organizationId, organizationId))
        // Cross references inside the organization first, then the cascade from the organization row.
        await tx.update(organizations).set({ defaultBusinessPageId: null }).where(eq(organizations.id, organizationId))
        await tx.update(businessPages).set({ aiSettingTemplateId: null }).where(eq(businessPages.organizationId, organizationId))
        await tx.update(teams).set({ aiSettingTemplateId: null }).where(eq(teams.organizationId, organizationId))
        // Several deletes at once (sessions resolved before the first one ended them): one answers 200.
        const deleted = await tx.delete(organizations).where(eq(organizations.id, organizationId)).returning({ id: organizations.id, name: organizations.name })
        if (deleted.length === 0) throw notFound('Organization not found.')
        const photos = await deleteOrphanPlaceholders(tx, people.map((p) => p.userId))
        // Kept after the organization (the log has no foreign keys): the server's record of who deleted it.
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'organization.deleted',
          target: { type: 'organization', id: organizationId, label: deleted[0]!.name },
          before: { name: deleted[0]!.name }
        })
        return photos
      })
      for (const file of files) await rm(file, { force: true }).catch(() => undefined)
      await removeUserPhotoFiles(uploadsDir, deletedPhotos)
    },

    async setDefaultPage(session, businessPageId) {
      const organizationId = session.organization.id
      if (businessPageId !== null && !(await findPage(db, organizationId, businessPageId))) throw notFound(MESSAGES.businessPageNotFound)
      requireAdmin(session)
      await db.transaction(async (tx) => {
        const [was] = await tx
          .select({ defaultBusinessPageId: organizations.defaultBusinessPageId, name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update')
        await tx.update(organizations).set({ defaultBusinessPageId: businessPageId, updatedAt: clock.now() }).where(eq(organizations.id, organizationId))
        if (was && was.defaultBusinessPageId !== businessPageId) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'organization.default_page_changed',
            target: { type: 'organization', id: organizationId, label: was.name },
            before: { defaultBusinessPageId: was.defaultBusinessPageId },
            after: { defaultBusinessPageId: businessPageId }
          })
        }
      })
      return service.get(organizationId)
    },

    async createPage(session, input) {
      requireAdmin(session)
      const organizationId = session.organization.id
      const now = clock.now()
      const id = randomUUID()
      return db.transaction(async (tx) => {
        // Counted under the organization lock: two simultaneous creates cannot both take the last page.
        await lockOrganization(tx, organizationId)
        await entitlements.requireWithin(tx, organizationId, 'BUSINESS_PAGES', MESSAGES.businessPagesLimit)
        await requireTemplate(tx, organizationId, input.aiSettingTemplateId)
        await tx.insert(businessPages).values({
          id,
          organizationId,
          image: checkImage(input.image) ?? null,
          linkedInCompanyName: input.linkedInCompanyName,
          linkedInPageLink: emptyOrNull(input.linkedInPageLink) ?? null,
          linkedInWebsite: emptyOrNull(input.linkedInWebsite) ?? null,
          linkedInCompanyDescription: emptyOrNull(input.linkedInCompanyDescription) ?? null,
          aiSettingTemplateId: input.aiSettingTemplateId ?? null,
          createdAt: now,
          updatedAt: now
        })
        const [page] = await tx.select().from(businessPages).where(eq(businessPages.id, id))
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action: 'business_page.created',
          target: { type: 'business_page', id, label: input.linkedInCompanyName },
          after: pageFields(page!)
        })
        return (await pageViews(tx, organizationId, [id]))[0]!
      })
    },

    async updatePage(session, input) {
      const organizationId = session.organization.id
      const existing = await findPage(db, organizationId, input.businessPageId)
      if (!existing) throw notFound(MESSAGES.businessPageNotFound)
      requireAdmin(session)
      await requireTemplate(db, organizationId, input.aiSettingTemplateId)
      const changes: Partial<typeof businessPages.$inferInsert> = { updatedAt: clock.now() }
      if (input.linkedInCompanyName !== undefined) changes.linkedInCompanyName = input.linkedInCompanyName
      if (input.linkedInPageLink !== undefined) changes.linkedInPageLink = emptyOrNull(input.linkedInPageLink)
      if (input.linkedInWebsite !== undefined) changes.linkedInWebsite = emptyOrNull(input.linkedInWebsite)
      if (input.linkedInCompanyDescription !== undefined) changes.linkedInCompanyDescription = emptyOrNull(input.linkedInCompanyDescription)
      if (input.image !== undefined) changes.image = checkImage(input.image)
      if (input.aiSettingTemplateId !== undefined) changes.aiSettingTemplateId = input.aiSettingTemplateId
      return db.transaction(async (tx) => {
        // Deleted since it was read (a racing delete): 404; the answer is read before anyone can delete it.
        const [updated] = await tx.update(businessPages).set(changes).where(eq(businessPages.id, existing.id)).returning()
        if (!updated) throw notFound(MESSAGES.businessPageNotFound)
        const changed = changedFields(pageFields(existing), pageFields(updated))
        if (changed) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'business_page.updated',
            target: { type: 'business_page', id: existing.id, label: updated.linkedInCompanyName },
            ...changed
          })
        }
        return (await pageViews(tx, organizationId, [existing.id]))[0]!
      })
    },

    async removePage(session, businessPageId) {
      const organizationId = session.organization.id
      const existing = await findPage(db, organizationId, businessPageId)
      if (!existing) throw notFound(MESSAGES.businessPageNotFound)
      requireAdmin(session)
      await db.transaction(async (tx) => {
        // Conditional: of a burst of deletes only the one that removed the row answers 200.
        const deleted = await tx
          .delete(businessPages)
          .where(and(eq(businessPages.id, existing.id), eq(businessPages.organizationId, organizationId)))
          .returning({ id: businessPages.id })
        if (deleted.length === 0) throw notFound(MESSAGES.businessPageNotFound)
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'business_page.deleted',
          target: { type: 'business_page', id: existing.id, label: existing.linkedInCompanyName },
          before: pageFields(existing)
        })
      })
    }
  }
  return service
}
