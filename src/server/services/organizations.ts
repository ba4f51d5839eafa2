import { randomUUID } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { createOrganizationBodySchema } from '../../shared/api/contract'
import type { BusinessPage, Organization } from '../../shared/domain'
import { TRIAL_DAYS } from '../../shared/constants'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { businessPages, memberships, organizations, users } from '../db/schema'
import { notFound } from '../errors'
import { newOrganizationWorkOSId } from './ids'
import type { NotificationService } from './notifications'
import { findSubscription, startTrial, toCurrentPlan } from './subscriptions'

export type CreateOrganizationInput = z.output<typeof createOrganizationBodySchema>

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
  rename(organizationId: string, name: string): Promise<Organization>
  /** The organization behind a public id, only when the user is an ACTIVE member of it. */
  findActiveMembershipByWorkOSId(userId: string, organizationWorkOSId: string): Promise<{ organizationId: string; organizationWorkOSId: string } | null>
  /** Remembers the organization a user works in (the next sign-in starts there). */
  rememberLastOrganization(userId: string, organizationId: string): Promise<void>
}

const emptyToNull = (value: string | undefined): string | null => (value && value.length > 0 ? value : null)

export function createOrganizationService(db: Database, clock: Clock, notifications: NotificationService): OrganizationService {
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
        if (input.linkedInCompanyName) {
          await tx.insert(businessPages).values({
            id: randomUUID(),
            organizationId: organization.id,
            image: null,
            linkedInCompanyName: input.linkedInCompanyName,
            linkedInPageLink: emptyToNull(input.linkedInPageLink),
            linkedInWebsite: emptyToNull(input.linkedInWebsite),
            linkedInCompanyDescription: emptyToNull(input.linkedInCompanyDescription),
            industry: emptyToNull(input.industry),
            createdAt: now,
            updatedAt: now
          })
        }
        await tx.update(users).set({ lastOrganizationId: organization.id }).where(eq(users.id, userId))
        await notifications.notify(
          { organizationId: organization.id, userId, title: WELCOME_TITLE, message: welcomeMessage(organization.name), link: '/dashboard' },
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
      const pages = await db
        .select()
        .from(businessPages)
        .where(eq(businessPages.organizationId, organizationId))
        .orderBy(asc(businessPages.createdAt), asc(businessPages.id))
      return {
        id: org.id,
        name: org.name,
        organizationWorkOSId: org.organizationWorkOSId,
        createdAt: org.createdAt.toISOString(),
        users: Number(members?.n ?? 0),
        currentPlan: toCurrentPlan(await findSubscription(db, organizationId)),
        organizationBusinessPages: pages.map(
          (p): BusinessPage => ({
            id: p.id,
            image: p.image,
            linkedInCompanyName: p.linkedInCompanyName,
            linkedInWebsite: p.linkedInWebsite,
            linkedInCompanyDescription: p.linkedInCompanyDescription,
            linkedInPageLink: p.linkedInPageLink,
            aiSettingTemplate: p.industry ? { industries: [{ industry: p.industry }] } : null
          })
        )
      }
    },

    async rename(organizationId, name) {
      await db.update(organizations).set({ name, updatedAt: clock.now() }).where(eq(organizations.id, organizationId))
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
    }
  }
  return service
}
