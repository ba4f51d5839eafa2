import { createHmac, randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { API_BASE, userPhotoAddress, USER_PHOTO_FIELD, USER_PHOTO_PATH, type updateUserDetailsBodySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { MemberStatus, Role, User, UserOrgSetting } from '../../shared/domain'
import { isSafeImageAddress } from '../../shared/rules/images'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { memberships, users } from '../db/schema'
import { badRequest, conflict, isUniqueViolation, noOrganization, notFound } from '../errors'
import { isUuid } from './ids'
import type { AuthSession } from './sessions'
import { discard, moveInto, type UploadedImage } from './uploads'
import { checkPhotoDimensions, removeUserPhotoFiles, userPhotosDir } from './userPhotos'

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

/** A membership as GET /user's statement writes it: organization, membership, unread count, post tag ids, guideline unread. */
type MembershipTuple = [string, string, string, Role, MemberStatus, number, boolean, number, string[], boolean]

/** Each membership of GET /user's statement ("m", its organization "o"), in MembershipTuple's order. */
const MEMBERSHIP_FIELDS = sql.join(
  [
    sql`"o"."id", "o"."organization_work_os_id", "o"."name", "m"."role", "m"."status", "m"."assigned_number_of_posts", "m"."user_approval_flow"`,
    sql`coalesce((select "c"."unread" from "notification_unread_counts" "c" where "c"."user_id" = "m"."user_id" and "c"."organization_id" = "m"."organization_id"), 0)`,
    sql`(select coalesce(json_agg("pta"."tag_id" order by lower("pt"."title"), "pt"."id"), '[]'::json) from "post_tag_assignments" "pta" inner join "post_tags" "pt" on "pt"."id" = "pta"."tag_id" where "pta"."organization_id" = "m"."organization_id" and "pta"."user_id" = "m"."user_id")`,
    // The guideline is unread while there is one the member has not confirmed since it last changed.
    sql`("o"."guideline" is not null and ("m"."guideline_read_at" is null or "m"."guideline_read_at" < "o"."guideline_updated_at"))`
  ],
  sql`, `
)

export interface UserService {
  /** GET /user for the session: its current organization's settings come first (spec §6). */
  view(session: AuthSession): Promise<User>
  updateDetails(session: AuthSession, input: UpdateUserDetailsInput): Promise<User>
  updateEmail(session: AuthSession, email: string): Promise<User>
  setGuidelineRead(session: AuthSession, read: boolean): Promise<User>
  /** Keeps an uploaded photo (checked: square, 64 to 2048 px) as the user's image; the previous photo file goes. */
  uploadPhoto(session: AuthSession, image: UploadedImage | null): Promise<User>
  /** No photo and no image address any more; the uploaded file goes. */
  removePhoto(session: AuthSession): Promise<User>
  /** `userId`'s photo file for `viewerId`: their own, or a colleague's in an organization both are ACTIVE in; null otherwise. */
  photo(viewerId: string, userId: string): Promise<{ path: string; contentType: string } | null>
}

type PhotoColumns = Pick<typeof users.$inferInsert, 'photoFile' | 'photoContentType' | 'photoVersion' | 'image'>
const NO_PHOTO: PhotoColumns = { photoFile: null, photoContentType: null, photoVersion: null }
const PHOTO_ADDRESS_PREFIX = `${API_BASE}${USER_PHOTO_PATH.replace(':userId', '')}`

export function createUserService(
  db: Database,
  clock: Clock,
  supportChatSecret: string | null,
  uploadsDir: string
): UserService {
  const photosDir = userPhotosDir(uploadsDir)

  /**
   * Sets the user's photo columns (and image) under a row lock, so two racing changes cannot both
   * take the same previous file for theirs; the file that stopped being the photo is removed after
   * the commit. `change` gets the current photo and returns the columns to write.
   */
  async function changePhoto(userId: string, change: (current: { photoFile: string | null; image: string | null }) => Partial<typeof users.$inferInsert>) {
    const replaced = await db.transaction(async (tx) => {
      const [current] = await tx.select({ photoFile: users.photoFile, image: users.image }).from(users).where(eq(users.id, userId)).for('update')
      if (!current) throw notFound('User not found.')
      const changes = change(current)
      await tx.update(users).set({ ...changes, updatedAt: clock.now() }).where(eq(users.id, userId))
      return 'photoFile' in changes && changes.photoFile !== current.photoFile ? current.photoFile : null
    })
    await removeUserPhotoFiles(uploadsDir, [replaced])
  }

  const service: UserService = {
    async view(session) {
      // One statement (issue 16): GET /user is polled every 30 s by every open app, so it costs about
      // what the session look-up costs however many organizations, teams and notifications the user
      // has. Each part is an index probe: the latest SSI (ssi_records_user_recorded_idx), the LinkedIn
      // connection (its key), memberships (memberships_user_idx) with each one's unread count (a
      // number kept by triggers, migration 0014) and post tags (post_tag_assignments_org_user_idx),
      // teams (team_members_user_idx), and the current organization's pages. JSON travels as text:
      // node-postgres and PGlite parse it alike.
      const currentId = session.organization?.id ?? null
      const [found] = await db
        .select({
          user: users,
          // Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be ssi_records'.
          socialSellingIndex: sql<number | null>`(select "latest_ssi"."score" from "ssi_records" "latest_ssi" where "latest_ssi"."user_id" = "users"."id" order by "latest_ssi"."recorded_at" desc limit 1)`,
          linkedInExpiresAt: sql<string | null>`(select to_json("li"."access_token_expires_at")::text from "linkedin_connections" "li" where "li"."user_id" = "users"."id")`,
          memberships: sql<string>`(select coalesce(json_agg(json_build_array(${MEMBERSHIP_FIELDS}) order by lower("o"."name"), "o"."id"), '[]'::json)::text from "memberships" "m" inner join "organizations" "o" on "o"."id" = "m"."organization_id" where "m"."user_id" = "users"."id")`,
          teams: sql<string>`(select coalesce(json_agg(json_build_array("tm"."team_id", "tm"."organization_id", "tm"."is_leader") order by "tm"."organization_id", "tm"."team_id"), '[]'::json)::text from "team_members" "tm" where "tm"."user_id" = "users"."id")`,
          pages: sql<string>`(select coalesce(json_agg("bpm"."business_page_id" order by "bpm"."business_page_id"), '[]'::json)::text from "business_page_members" "bpm" where "bpm"."organization_id" = ${currentId} and "bpm"."user_id" = "users"."id")`
        })
        .from(users)
        .where(eq(users.id, session.userId))
        .limit(1)
      if (!found) throw notFound('User not found.')
      const { user } = found
      const rows = (JSON.parse(found.memberships) as MembershipTuple[]).map(
        ([organizationId, organizationWorkOSId, name, role, status, assignedNumberOfPosts, userApprovalFlow, unread, postTags, guidelineUnread]) => ({
          organizationId,
          organizationWorkOSId,
          name,
          role,
          status,
          assignedNumberOfPosts,
          userApprovalFlow,
          unread,
          postTags,
          guidelineUnread
        })
      )
      const teamRows = (JSON.parse(found.teams) as [string, string, boolean][]).map(([teamId, organizationId, isLeader]) => ({ teamId, organizationId, isLeader }))
      const pageIds = currentId ? (JSON.parse(found.pages) as string[]) : []
      const linkedInExpiresAt = found.linkedInExpiresAt === null ? null : new Date(JSON.parse(found.linkedInExpiresAt) as string)
      const current = rows.find((r) => r.organizationId === currentId)
      const settings: UserOrgSetting[] = [...(current ? [current] : []), ...rows.filter((r) => r !== current)].map((r) => ({
        role: r.role,
        status: r.status,
        assignedNumberOfPosts: r.assignedNumberOfPosts,
        organizationId: r.organizationId,
        organizationWorkOSId: r.organizationWorkOSId,
        postTags: r.postTags
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
        isLinkedInConnected: linkedInExpiresAt !== null,
        linkedInExpireAt: linkedInExpiresAt ? linkedInExpiresAt.toISOString() : null,
        socialSellingIndex: found.socialSellingIndex,
        // Nothing to read counts as read: the banner asks only when the current organization has a guideline not yet confirmed.
        guidelineRead: !current?.guidelineUnread,
        organizations: rows
          .filter((r) => r.status === 'ACTIVE')
          .map((r) => ({
            id: r.organizationId,
            name: r.name,
            organizationWorkOSId: r.organizationWorkOSId,
            unreadNotificationCount: r.unread
          })),
        // Team memberships in every organization; the teams led in the current one (spec §6).
        teams: teamRows.map((t) => ({ organizationId: t.organizationId })),
        leadingTeams: teamRows.filter((t) => t.isLeader && t.organizationId === currentId).map((t) => ({ id: t.teamId })),
        userOrgBusinessPages: pageIds.map((id) => ({ businessPageId: id, businessPage: { id } })),
        userOrgSettings: settings
      }
    },

    async updateDetails(session, input) {
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() }
      if (input.fullName !== undefined) changes.fullName = input.fullName
      if (input.timezone !== undefined) changes.timezone = canonicalTimezone(input.timezone)
      if (input.image === undefined) {
        await db.update(users).set(changes).where(eq(users.id, session.userId))
        return service.view(session)
      }
      const image = input.image?.trim() || null
      // https:// on a public host or a same-origin path (rules/images.ts): the renderer puts this into <img src>.
      if (image !== null && !isSafeImageAddress(image)) {
        throw badRequest(INVALID_IMAGE_MESSAGE, { image: INVALID_IMAGE_MESSAGE })
      }
      // An image other than the uploaded photo's address replaces the photo: its file goes.
      await changePhoto(session.userId, (current) => {
        const keepsPhoto = current.photoFile !== null && current.image === image
        // Nobody wears another person's uploaded face: the only photo address allowed is one's own current one.
        if (!keepsPhoto && image?.startsWith(PHOTO_ADDRESS_PREFIX)) throw badRequest(INVALID_IMAGE_MESSAGE, { image: INVALID_IMAGE_MESSAGE })
        return { ...changes, image, ...(keepsPhoto ? {} : NO_PHOTO) }
      })
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
      // Per membership: the guideline is the current organization's; reading one company's does not read another's.
      const organizationId = session.organization?.id
      if (!organizationId) throw noOrganization()
      await db
        .update(memberships)
        .set({ guidelineReadAt: read ? clock.now() : null })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, session.userId)))
      return service.view(session)
    },

    async uploadPhoto(session, image) {
      try {
        if (!image) throw badRequest(MESSAGES.photoMissing, { [USER_PHOTO_FIELD]: MESSAGES.photoMissing })
        await checkPhotoDimensions(image, USER_PHOTO_FIELD)
        const file = await moveInto(image, photosDir)
        const contentType = image.contentType
        image = null
        try {
          const version = randomBytes(4).toString('hex')
          await changePhoto(session.userId, () => ({ photoFile: file, photoContentType: contentType, photoVersion: version, image: userPhotoAddress(session.userId, version) }))
        } catch (err) {
          // Never anyone's photo: gone now, whatever a surrounding transaction does.
          await rm(join(photosDir, file), { force: true })
          throw err
        }
        return await service.view(session)
      } finally {
        await discard(image)
      }
    },

    async removePhoto(session) {
      await changePhoto(session.userId, () => ({ ...NO_PHOTO, image: null }))
      return service.view(session)
    },

    async photo(viewerId, userId) {
      if (!isUuid(userId) || !isUuid(viewerId)) return null
      // Spelled out: drizzle leaves columns unqualified in a one-table select, and memberships has an "id" too.
      const [row] = await db
        .select({ file: users.photoFile, contentType: users.photoContentType })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            sql`("users"."id" = ${viewerId} or exists (select 1 from "memberships" "viewer" inner join "memberships" "colleague" on "colleague"."organization_id" = "viewer"."organization_id" where "viewer"."user_id" = ${viewerId} and "viewer"."status" = 'ACTIVE' and "colleague"."user_id" = "users"."id" and "colleague"."status" = 'ACTIVE'))`
          )
        )
        .limit(1)
      if (!row?.file || !row.contentType) return null
      return { path: join(photosDir, row.file), contentType: row.contentType }
    }
  }
  return service
}
