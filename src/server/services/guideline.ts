import { and, asc, eq, sql } from 'drizzle-orm'
import { type Guideline, type GuidelineReaders } from '../../shared/domain/guideline'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { memberships, organizations, users } from '../db/schema'
import { notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { record, sessionActor } from './audit'

/**
 * The posting guideline (POLICY_PAGE): one Markdown text per organization. A member has read it when
 * their membership's guideline_read_at is not older than the organization's guideline_updated_at,
 * which moves only when a change asks everyone to read it again. Every member may read it; admins
 * write it and see who has read it.
 */
export interface GuidelineService {
  get(session: OrganizationSession): Promise<Guideline>
  update(session: OrganizationSession, input: { guideline: string; askToReread: boolean }): Promise<Guideline>
  readers(session: OrganizationSession): Promise<GuidelineReaders>
}

const isRead = (readAt: Date | null, updatedAt: Date | null) => readAt !== null && (updatedAt === null || readAt >= updatedAt)

export function createGuidelineService(deps: { db: Database; clock: Clock }): GuidelineService {
  const { db, clock } = deps
  const service: GuidelineService = {
    async get(session) {
      const [row] = await db
        .select({ guideline: organizations.guideline, updatedAt: organizations.guidelineUpdatedAt, readAt: memberships.guidelineReadAt })
        .from(organizations)
        .innerJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, session.userId)))
        .where(eq(organizations.id, session.organization.id))
        .limit(1)
      if (!row) throw notFound('Organization not found.')
      const readAt = row.guideline === null ? null : row.readAt
      return {
        guideline: row.guideline,
        updatedAt: row.updatedAt?.toISOString() ?? null,
        readAt: readAt?.toISOString() ?? null,
        // Nothing to read counts as read (GET /user's guidelineRead says the same).
        read: row.guideline === null || isRead(readAt, row.updatedAt)
      }
    },

    async update(session, input) {
      const organizationId = session.organization.id
      const text = input.guideline.length > 0 ? input.guideline : null
      await db.transaction(async (tx) => {
        const [was] = await tx
          .select({ guideline: organizations.guideline, updatedAt: organizations.guidelineUpdatedAt })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('no key update')
        if (!was) throw notFound('Organization not found.')
        if (was.guideline === text) return
        const now = clock.now()
        // A first guideline always asks for a reading; an edit only when the admin says so.
        const updatedAt = text === null ? null : was.guideline === null || input.askToReread ? now : was.updatedAt
        await tx.update(organizations).set({ guideline: text, guidelineUpdatedAt: updatedAt, updatedAt: now }).where(eq(organizations.id, organizationId))
        // The admin who wrote it has read it.
        if (text !== null) {
          await tx
            .update(memberships)
            .set({ guidelineReadAt: now })
            .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, session.userId)))
        }
        const action = was.guideline === null ? 'guideline.created' : text === null ? 'guideline.removed' : 'guideline.updated'
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action,
          target: { type: 'guideline', id: organizationId, label: 'Posting guideline' },
          before: was.guideline === null ? null : { characters: was.guideline.length },
          after: text === null ? null : { characters: text.length, askedToReread: updatedAt !== was.updatedAt }
        })
      })
      return service.get(session)
    },

    async readers(session) {
      const organizationId = session.organization.id
      const [org] = await db
        .select({ guideline: organizations.guideline, updatedAt: organizations.guidelineUpdatedAt })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      if (!org) throw notFound('Organization not found.')
      const rows = await db
        .select({ userId: users.id, fullName: users.fullName, image: users.image, role: memberships.role, readAt: memberships.guidelineReadAt })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE')))
        .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
      const hasGuideline = org.guideline !== null
      return {
        updatedAt: org.updatedAt?.toISOString() ?? null,
        readers: rows.map((r) => ({
          userId: r.userId,
          fullName: r.fullName,
          image: r.image,
          role: r.role,
          readAt: hasGuideline ? (r.readAt?.toISOString() ?? null) : null,
          read: hasGuideline && isRead(r.readAt, org.updatedAt)
        }))
      }
    }
  }
  return service
}
