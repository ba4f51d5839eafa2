import { createHmac } from 'node:crypto'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { updateUserDetailsBodySchema } from '../../shared/api/contract'
import type { User, UserOrgSetting } from '../../shared/domain'
import { isSafeImageAddress } from '../../shared/rules/images'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { businessPageMembers, linkedInConnections, memberships, organizations, postTagAssignments, postTags, teamMembers, users } from '../db/schema'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors'
import type { NotificationService } from './notifications'
import type { AuthSession } from './sessions'

export const EMAIL_IN_USE_MESSAGE = 'That email is already in use.'
export const INVALID_IMAGE_MESSAGE = 'Use an image address starting with https://'

export type UpdateUserDetailsInput = z.output<typeof updateUserDetailsBodySchema>

/** The chat provider's identity-verification hash: HMAC-SHA256(secret, userId) as hex; '' without a secret. */
export function userHashFor(userId: string, secret: string | null): string {
  return secret ? createHmac('sha256', secret).update(userId).digest('hex') : ''
}

/** Stores a time zone with the IANA database's spelling ('europe/paris' -> 'Europe/Paris'). */
export function canonicalTimezone(timezone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone
  return resolved.toLowerCase() === timezone.toLowerCase() ? resolved : timezone
}

export interface UserService {
  /** GET /user for the session: its current organization's settings come first (spec §6). */
  view(session: AuthSession): Promise<User>
  updateDetails(session: AuthSession, input: UpdateUserDetailsInput): Promise<User>
  updateEmail(session: AuthSession, email: string): Promise<User>
  setGuidelineRead(session: AuthSession, read: boolean): Promise<User>
}

export function createUserService(
  db: Database,
  clock: Clock,
  notifications: NotificationService,
  supportChatSecret: string | null
): UserService {
  const service: UserService = {
    async view(session) {
      // The badge's Social Selling Index (issue 15) rides along: one index probe
      // (ssi_records_user_recorded_idx) inside this statement, not a query of its own on a path polled every 30 s.
      const [found] = await db
        .select({
          user: users,
          // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be ssi_records'.
          socialSellingIndex: sql<number | null>`(select "latest_ssi"."score" from "ssi_records" "latest_ssi" where "latest_ssi"."user_id" = "users"."id" order by "latest_ssi"."recorded_at" desc limit 1)`
        })
        .from(users)
        .where(eq(users.id, session.userId))
        .limit(1)
      if (!found) throw notFound('User not found.')
      const { user } = found
      const [linkedIn] = await db
        .select({ expiresAt: linkedInConnections.accessTokenExpiresAt })
        .from(linkedInConnections)
        .where(eq(linkedInConnections.userId, session.userId))
      const rows = await db
        .select({
          organizationId: organizations.id,
          organizationWorkOSId: organizations.organizationWorkOSId,
          name: organizations.name,
          role: memberships.role,
          status: memberships.status,
          assignedNumberOfPosts: memberships.assignedNumberOfPosts,
          userApprovalFlow: memberships.userApprovalFlow
        })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(eq(memberships.userId, session.userId))
        // The organization switcher lists organizations by name.
        .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
      const unread = await notifications.unreadCounts(session.userId)
      const currentId = session.organization?.id ?? null
      const teamRows = await db
        .select({ teamId: teamMembers.teamId, organizationId: teamMembers.organizationId, isLeader: teamMembers.isLeader })
        .from(teamMembers)
        .where(eq(teamMembers.userId, session.userId))
        .orderBy(asc(teamMembers.organizationId), asc(teamMembers.teamId))
      const tagRows = await db
        .select({ organizationId: postTagAssignments.organizationId, tagId: postTagAssignments.tagId })
        .from(postTagAssignments)
        .innerJoin(postTags, eq(postTags.id, postTagAssignments.tagId))
        .where(eq(postTagAssignments.userId, session.userId))
        .orderBy(asc(sql`lower(${postTags.title})`), asc(postTags.id))
      const pageRows = currentId
        ? await db
            .select({ businessPageId: businessPageMembers.businessPageId })
            .from(businessPageMembers)
            .where(and(eq(businessPageMembers.userId, session.userId), eq(businessPageMembers.organizationId, currentId)))
            .orderBy(asc(businessPageMembers.businessPageId))
        : []
      const current = rows.find((r) => r.organizationId === currentId)
      const settings: UserOrgSetting[] = [...(current ? [current] : []), ...rows.filter((r) => r !== current)].map((r) => ({
        role: r.role,
        status: r.status,
        assignedNumberOfPosts: r.assignedNumberOfPosts,
        organizationId: r.organizationId,
        organizationWorkOSId: r.organizationWorkOSId,
        postTags: tagRows.filter((t) => t.organizationId === r.organizationId).map((t) => t.tagId)
      }))
      return {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        image: user.image,
        createdAt: user.createdAt.toISOString(),
        timezone: user.timezone,
        userHash: userHashFor(user.id, supportChatSecret),
        userApprovalFlow: current?.userApprovalFlow ?? false,
        // Connected stays true after the token expires: the banner then asks to reconnect (spec §2).
        isLinkedInConnected: linkedIn !== undefined,
        linkedInExpireAt: linkedIn ? linkedIn.expiresAt.toISOString() : null,
        socialSellingIndex: found.socialSellingIndex,
        guidelineRead: user.guidelineRead,
        organizations: rows
          .filter((r) => r.status === 'ACTIVE')
          .map((r) => ({
            id: r.organizationId,
            name: r.name,
            organizationWorkOSId: r.organizationWorkOSId,
            unreadNotificationCount: unread.get(r.organizationId) ?? 0
          })),
        // Team memberships in every organization; the teams led in the current one (spec §6).
        teams: teamRows.map((t) => ({ organizationId: t.organizationId })),
        leadingTeams: teamRows.filter((t) => t.isLeader && t.organizationId === currentId).map((t) => ({ id: t.teamId })),
        userOrgBusinessPages: pageRows.map((p) => ({ businessPageId: p.businessPageId, businessPage: { id: p.businessPageId } })),
        userOrgSettings: settings
      }
    },

    async updateDetails(session, input) {
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() }
      if (input.fullName !== undefined) changes.fullName = input.fullName
      if (input.timezone !== undefined) changes.timezone = canonicalTimezone(input.timezone)
      if (input.image !== undefined) {
        const image = input.image?.trim() || null
        // https:// on a public host or a same-origin path (rules/images.ts): the renderer puts this into <img src>.
        if (image !== null && !isSafeImageAddress(image)) {
          throw badRequest(INVALID_IMAGE_MESSAGE, { image: INVALID_IMAGE_MESSAGE })
        }
        changes.image = image
      }
      await db.update(users).set(changes).where(eq(users.id, session.userId))
      return service.view(session)
    },

    async updateEmail(session, email) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, session.userId)))
        .limit(1)
      if (taken) throw conflict(EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE })
      try {
        await db.update(users).set({ email, updatedAt: clock.now() }).where(eq(users.id, session.userId))
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE })
        throw err
      }
      return service.view({ ...session, email })
    },

    async setGuidelineRead(session, read) {
      await db.update(users).set({ guidelineRead: read, updatedAt: clock.now() }).where(eq(users.id, session.userId))
      return service.view(session)
    }
  }
  return service
}
