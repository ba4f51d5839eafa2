import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, asc, count, eq, gt, ilike, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { listMembersQuerySchema, updateMemberBodySchema } from '../../shared/api/contract'
import type { EventActor } from '../../shared/api/events'
import { MESSAGES } from '../../shared/api/messages'
import type { JoinInfo, Member, Role } from '../../shared/domain'
import { DAY_MS } from '../../shared/constants'
import { checkRoleChange, hasEntitlement, hasFreeSeat, invitedMemberEditRefusal, roleGrantRefusal } from '../../shared/rules'
import type { Mailer, MailMessage } from '../adapters/mail/mail'
import type { Clock } from '../clock'
import { recordEvent, recordEvents } from '../events/outbox'
import type { Database, Executor } from '../db/client'
import {
  businessPageMembers,
  businessPages,
  invitations,
  memberships,
  organizations,
  postTagAssignments,
  postTags,
  posts,
  teamMembers,
  teams,
  usedJoinLinks,
  users
} from '../db/schema'
import { ApiError, badRequest, conflict, forbidden, notFound, planLimit } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, lockOrganization, noPlan, requireAdmin, requireEntitlement, requireUuid, usersLedBy } from './access'
import { changedFields, record, sessionActor } from './audit'
import type { PasswordCheckGuard } from './authThrottle'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'
import type { NotificationService } from './notifications'
import { requireStrongPassword } from './passwords'
import { applyPostTransitionToMany } from './postLifecycle'
import { defaultOrganizationFor } from './sessions'
import { deleteFutureSlots } from './slots'
import { findSubscription } from './subscriptions'
import { removeUserPhotoFiles } from './userPhotos'
import { linkTo } from '../../shared/routes'

const INVITATION_TTL_MS = 7 * DAY_MS
/** How long a used join link is remembered (and answered 410 join_link_used rather than 404). */
export const USED_JOIN_LINK_RETENTION_MS = 90 * DAY_MS
const INVITED_TITLE = (organizationName: string) => `You were invited to ${organizationName} 📨`

type ListMembersQuery = z.output<typeof listMembersQuerySchema>
type UpdateMemberInput = z.output<typeof updateMemberBodySchema>

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const isJoinToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)
/** A join link that was accepted already (410): the invitee signs in instead. */
const joinLinkUsed = () => new ApiError(410, 'join_link_used', MESSAGES.joinLinkUsed)
/** Escapes LIKE wildcards in user input. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface InviteResult {
  member: Member
  joinUrl: string
  expiresAt: string
}

interface AcceptedInvitation {
  userId: string
  email: string
  organization: { id: string; organizationWorkOSId: string }
}

export interface MemberService {
  list(organizationId: string, query: ListMembersQuery): Promise<{ members: Member[]; total: number; page: number; pageSize: number }>
  /** The organization's members among these user ids, in the order given. */
  view(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<Member[]>
  invite(session: OrganizationSession, input: { email: string; role: Role }, baseUrl: string): Promise<InviteResult>
  update(session: OrganizationSession, input: UpdateMemberInput, baseUrl: string): Promise<Member>
  remove(session: OrganizationSession, userId: string): Promise<void>
  updateOwnTarget(session: OrganizationSession, assignedNumberOfPosts: number | undefined): Promise<void>
  /** The invitation of a live join link; 410 join_link_used for a link accepted already, 404 otherwise. */
  joinInfo(token: string): Promise<JoinInfo>
  /**
   * Accepts an invitation: a new account gets its name and password, an existing one must give
   * its password (401 otherwise; checked under `guard`, the failed-password limits). The membership
   * becomes ACTIVE and the token is used up: the invitation goes and the link is remembered as used
   * (usedJoinLinks, USED_JOIN_LINK_RETENTION_MS), so using it again answers 410 join_link_used.
   */
  accept(input: { token: string; fullName?: string; password: string }, guard?: PasswordCheckGuard): Promise<AcceptedInvitation>
}

interface MemberServiceDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
  mailer: Mailer
  identity: {
    setPassword(userId: string, password: string, fullName: string): Promise<void>
    verifyPassword(userId: string, password: string): Promise<boolean>
  }
  /** <dataDir>/uploads: the photos of users deleted with their last membership go from there. */
  uploadsDir: string
}

/**
 * Deletes users without a password (an invitation's placeholder, or someone who signs in through
 * single sign-on) once they belong nowhere. Returns the photo files of the users deleted, for the
 * caller to remove once its transaction has ended (removeUserPhotoFiles).
 */
export async function deleteOrphanPlaceholders(executor: Executor, userIds: readonly string[]): Promise<string[]> {
  const ids = userIds.filter(isUuid)
  if (ids.length === 0) return []
  const deleted = await executor
    .delete(users)
    .where(
      and(
        inArray(users.id, ids),
        isNull(users.passwordHash),
        notExists(executor.select({ one: sql`1` }).from(memberships).where(eq(memberships.userId, users.id)))
      )
    )
    .returning({ photoFile: users.photoFile })
  return deleted.flatMap((d) => (d.photoFile ? [d.photoFile] : []))
}

/**
 * Takes members out of an organization (DELETE /members/delete, and the members picked when seats
 * are reduced): their team memberships, topic tag assignments and business page links go with
 * the membership (and its invitation, by cascade); users without a password who now belong nowhere go
 * too (deleteOrphanPlaceholders: their photo files are returned). Their sessions lose this organization at once: a session only reaches an organization
 * through an ACTIVE membership (sessions.resolve). The caller holds the organization lock and has
 * checked who may be removed. Their assigned slots from `now` on go too (past ones stay, never shown).
 * Their posts waiting to be published here go back to DRAFT with a reason (version bumped, so a
 * worker holding one drops it): nothing is published in the organization's name after they leave.
 */
export async function removeMemberships(tx: Executor, organizationId: string, userIds: readonly string[], now: Date, removedBy: EventActor): Promise<string[]> {
  const ids = [...new Set(userIds)].filter(isUuid)
  if (ids.length === 0) return []
  await tx.delete(teamMembers).where(and(eq(teamMembers.organizationId, organizationId), inArray(teamMembers.userId, ids)))
  await tx.delete(postTagAssignments).where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, ids)))
  await tx.delete(businessPageMembers).where(and(eq(businessPageMembers.organizationId, organizationId), inArray(businessPageMembers.userId, ids)))
  await deleteFutureSlots(tx, organizationId, ids, now)
  // The lifecycle's authorRemoved: SCHEDULED and PENDING_PUBLISH posts go back to DRAFT, version + 1.
  await applyPostTransitionToMany(tx, {
    event: 'authorRemoved',
    by: 'admin',
    where: and(eq(posts.organizationId, organizationId), inArray(posts.authorUserId, ids))!,
    patch: { failureReason: MESSAGES.authorLeftOrganization },
    now
  })
  const removed = await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, ids)))
    .returning({ userId: memberships.userId, status: memberships.status })
  // A member who had joined left (an invitation taken back is not a member leaving).
  await recordEvents(
    tx,
    now,
    removed
      .filter((m) => m.status === 'ACTIVE')
      .map((m) => ({ organizationId, name: 'member.removed' as const, payload: { userId: m.userId }, actor: removedBy }))
  )
  return deleteOrphanPlaceholders(tx, ids)
}

export function createMemberService(deps: MemberServiceDeps): MemberService {
  const { db, clock, notifications, entitlements, mailer, identity, uploadsDir } = deps

  async function view(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<Member[]> {
    const ids = [...new Set(userIds)].filter(isUuid)
    if (ids.length === 0) return []
    const rows = await executor
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        image: users.image,
        role: memberships.role,
        status: memberships.status,
        assignedNumberOfPosts: memberships.assignedNumberOfPosts,
        userApprovalFlow: memberships.userApprovalFlow,
        createdAt: memberships.createdAt
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, ids)))
    const teamRows = await executor
      .select({ userId: teamMembers.userId, id: teams.id, name: teams.name, isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.organizationId, organizationId), inArray(teamMembers.userId, ids)))
    const pageRows = await executor
      .select({ userId: businessPageMembers.userId, id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName })
      .from(businessPageMembers)
      .innerJoin(businessPages, eq(businessPages.id, businessPageMembers.businessPageId))
      .where(and(eq(businessPageMembers.organizationId, organizationId), inArray(businessPageMembers.userId, ids)))
      .orderBy(asc(businessPages.linkedInCompanyName), asc(businessPages.id))
    const tagRows = await executor
      .select({ userId: postTagAssignments.userId, tagId: postTagAssignments.tagId })
      .from(postTagAssignments)
      .innerJoin(postTags, eq(postTags.id, postTagAssignments.tagId))
      .where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, ids)))
      .orderBy(asc(sql`lower(${postTags.title})`), asc(postTags.id))
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const r = byId.get(id)!
        return {
          id: r.id,
          email: r.email,
          fullName: r.fullName,
          image: r.image,
          role: r.role,
          status: r.status,
          assignedNumberOfPosts: r.assignedNumberOfPosts,
          userApprovalFlow: r.userApprovalFlow,
          teams: teamRows.filter((t) => t.userId === id).map((t) => ({ id: t.id, name: t.name, isLeader: t.isLeader })),
          businessPages: pageRows.filter((p) => p.userId === id).map((p) => ({ id: p.id, linkedInCompanyName: p.linkedInCompanyName })),
          postTags: tagRows.filter((t) => t.userId === id).map((t) => t.tagId),
          createdAt: r.createdAt.toISOString()
        }
      })
  }

  /** A fresh join link for an INVITED membership (older links of it stop working) and its email. */
  async function issueInvitation(
    tx: Executor,
    input: { organizationId: string; organizationName: string; membershipId: string; email: string; inviterId: string; inviterName: string; baseUrl: string }
  ): Promise<{ token: string; joinUrl: string; expiresAt: Date; mail: MailMessage }> {
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
    await tx.delete(invitations).where(eq(invitations.membershipId, input.membershipId))
    await tx.insert(invitations).values({
      id: randomUUID(),
      organizationId: input.organizationId,
      membershipId: input.membershipId,
      tokenHash: hashToken(token),
      invitedByUserId: input.inviterId,
      createdAt: now,
      expiresAt
    })
    const joinUrl = `${input.baseUrl}${linkTo('join', { token })}`
    const mail: MailMessage = {
      organizationId: input.organizationId,
      to: input.email,
      subject: `You're invited to join ${input.organizationName} on Pagecrew`,
      text:
        `${input.inviterName} invited you to join ${input.organizationName} on Pagecrew.\n\n` +
        `Open this link to accept the invitation. It works once and expires in 7 days:\n${joinUrl}\n`,
      joinUrl
    }
    await mailer.record(mail, tx)
    return { token, joinUrl, expiresAt, mail }
  }

  /** The user of an email, created without a password (and an empty name) when there is none. */
  async function userForEmail(tx: Executor, email: string): Promise<{ id: string; hasPassword: boolean }> {
    const now = clock.now()
    await tx
      .insert(users)
      .values({ id: randomUUID(), email, fullName: '', passwordHash: null, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
    const [row] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1)
    return { id: row!.id, hasPassword: row!.passwordHash !== null }
  }

  async function organizationAndInviter(tx: Executor, organizationId: string, inviterId: string) {
    const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
    const [inviter] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, inviterId)).limit(1)
    return { organizationName: org?.name ?? '', inviterName: inviter?.fullName || inviter?.email || 'An admin' }
  }

  /** Tells an invitee with an account, in the organization they work in, that an invitation waits. */
  async function notifyInvitee(tx: Executor, userId: string, organizationName: string, inviterName: string, token: string) {
    const home = await defaultOrganizationFor(tx, userId)
    if (!home) return
    await notifications.notify(
      {
        organizationId: home.id,
        userId,
        title: INVITED_TITLE(organizationName),
        message: `${inviterName} invited you to join ${organizationName}. Open the invitation to join.`,
        link: linkTo('join', { token })
      },
      tx
    )
  }

  async function activeAdminCount(tx: Executor, organizationId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'ADMIN'), eq(memberships.status, 'ACTIVE')))
    return Number(row?.n ?? 0)
  }

  async function findMembership(tx: Executor, organizationId: string, userId: string) {
    if (!isUuid(userId)) return null
    const [row] = await tx
      .select({ membership: memberships, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .limit(1)
    return row ?? null
  }

  async function requireOrgIds(tx: Executor, table: typeof postTags | typeof businessPages, organizationId: string, ids: readonly string[], message: string) {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return unique
    if (!unique.every(isUuid)) throw notFound(message)
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, unique)))
    if (found.length !== unique.length) throw notFound(message)
    return unique
  }

  /**
   * A member edit's entries: the role on its own ('member.role_changed', what admins look for),
   * every other changed field in one 'member.updated'; nothing when the edit changed nothing.
   */
  async function recordMemberChanges(tx: Executor, session: OrganizationSession, was: Member, now: Member) {
    const base = {
      organizationId: session.organization.id,
      at: clock.now(),
      actor: sessionActor(session),
      target: { type: 'member' as const, id: now.id, label: now.fullName || now.email }
    }
    if (was.role !== now.role) {
      await record(tx, { ...base, action: 'member.role_changed', before: { role: was.role }, after: { role: now.role } })
      // Only a member who has joined holds a role that acts; an invitation's role is told when they join.
      if (now.status === 'ACTIVE') {
        await recordEvent(tx, base.at, {
          organizationId: session.organization.id,
          name: 'member.role_changed',
          payload: { userId: now.id, from: was.role, to: now.role },
          actor: { type: 'user', userId: session.userId }
        })
      }
    }
    const fields = (m: Member) => ({
      email: m.email,
      assignedNumberOfPosts: m.assignedNumberOfPosts,
      userApprovalFlow: m.userApprovalFlow,
      postTags: [...m.postTags].sort(),
      businessPages: m.businessPages.map((p) => p.id).sort()
    })
    const changed = changedFields(fields(was), fields(now))
    if (changed) await record(tx, { ...base, action: 'member.updated', ...changed })
  }

  const service: MemberService = {
    view,

    async list(organizationId, query) {
      const search = query.search ? likePattern(query.search) : null
      const where = and(
        eq(memberships.organizationId, organizationId),
        search ? or(ilike(users.fullName, search), ilike(users.email, search)) : undefined
      )
      const [total] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where)
      const ids = await db
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(where)
        .orderBy(
          asc(sql`case when ${memberships.status} = 'ACTIVE' then 0 else 1 end`),
          asc(sql`lower(coalesce(nullif(${users.fullName}, ''), ${users.email}))`),
          asc(users.id)
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
      return {
        members: await view(db, organizationId, ids.map((r) => r.id)),
        total: Number(total?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize
      }
    },

    async invite(session, input, baseUrl) {
      requireAdmin(session)
      // A ghost invites MEMBERs only: inviting an ADMIN or GHOST would hand out the role power spec §6 keeps from them.
      if (roleGrantRefusal({ actorRole: session.organization.role, path: 'invite', newRole: input.role })) {
        const message = session.organization.role === 'GHOST' ? MESSAGES.ghostCannotChangeRoles : MESSAGES.onlyAdmins
        throw new ApiError(403, 'forbidden', message, { role: message })
      }
      const organizationId = session.organization.id
      if (input.role === 'GHOST') await requireEntitlement(entitlements, organizationId, 'GHOST_ROLE', MESSAGES.ghostRoleNotIncluded)
      let mail: MailMessage | null = null
      const result = await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const subscription = await findSubscription(tx, organizationId)
        if (!subscription) throw noPlan()
        const [existing] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, organizationId), eq(users.email, input.email)))
          .limit(1)
        if (existing) throw conflict(MESSAGES.emailAlreadyInvited, { email: MESSAGES.emailAlreadyInvited })
        const [seats] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
        if (!hasFreeSeat(Number(seats?.n ?? 0), subscription.availableSeats)) throw planLimit(MESSAGES.seatsLimitReached)

        const user = await userForEmail(tx, input.email)
        const now = clock.now()
        const membershipId = randomUUID()
        await tx.insert(memberships).values({
          id: membershipId,
          organizationId,
          userId: user.id,
          role: input.role,
          status: 'INVITED',
          createdAt: now,
          updatedAt: now
        })
        const names = await organizationAndInviter(tx, organizationId, session.userId)
        const issued = await issueInvitation(tx, {
          organizationId,
          membershipId,
          email: input.email,
          inviterId: session.userId,
          baseUrl,
          ...names
        })
        if (user.hasPassword) await notifyInvitee(tx, user.id, names.organizationName, names.inviterName, issued.token)
        mail = issued.mail
        const [member] = await view(tx, organizationId, [user.id])
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action: 'member.invited',
          target: { type: 'member', id: user.id, label: input.email },
          after: { email: input.email, role: input.role }
        })
        return { member: member!, joinUrl: issued.joinUrl, expiresAt: issued.expiresAt.toISOString() }
      })
      if (mail) await mailer.deliver(mail)
      return result
    },

    async update(session, input, baseUrl) {
      const organizationId = session.organization.id
      const admin = isAdminSession(session)
      // Outside the transaction: one connection only on PGlite (and no second one held on PostgreSQL).
      const mayMakeGhosts = input.role === 'GHOST' ? hasEntitlement(await entitlements.list(organizationId), 'GHOST_ROLE') : false
      let mail: MailMessage | null = null
      let deletedPhotos: string[] = []
      const member = await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const found = await findMembership(tx, organizationId, input.userId)
        if (!found) throw notFound(MESSAGES.memberNotFound)
        const current = found.membership
        let userId = current.userId
        const [was] = await view(tx, organizationId, [current.userId])

        if (!admin) {
          // Team leaders may set the monthly target and topic tags of the members of their teams.
          const led = await usersLedBy(tx, organizationId, session.userId)
          if (!led.has(current.userId)) throw forbidden(MESSAGES.onlyAdmins)
          const touchesOther =
            (input.email !== undefined && input.email !== found.email) ||
            (input.role !== undefined && input.role !== current.role) ||
            (input.userApprovalFlow !== undefined && input.userApprovalFlow !== current.userApprovalFlow) ||
            (input.selectedBusinessPages !== undefined && !(await samePageLinks(tx, organizationId, current.userId, input.selectedBusinessPages ?? [])))
          if (touchesOther) throw forbidden('Team leaders can only change the monthly target and topic tags of their team members.')
        }

        const refusal = invitedMemberEditRefusal({ status: current.status, current, next: input })
        if (refusal === 'numberOfPosts') throw badRequest(MESSAGES.invitedTargetLocked, { numberOfPosts: MESSAGES.invitedTargetLocked })
        if (refusal === 'userApprovalFlow') throw badRequest(MESSAGES.invitedApprovalFlowLocked, { userApprovalFlow: MESSAGES.invitedApprovalFlowLocked })

        if (input.role !== undefined && input.role !== current.role) {
          const check = checkRoleChange({
            actorRole: session.organization.role,
            targetRole: current.role,
            targetStatus: current.status,
            newRole: input.role,
            activeAdmins: await activeAdminCount(tx, organizationId)
          })
          if (check === 'ghost-cannot-change-roles') throw forbidden(MESSAGES.ghostCannotChangeRoles)
          if (check === 'only-admins') throw forbidden(MESSAGES.onlyAdmins)
          if (check === 'last-admin') throw conflict(MESSAGES.lastAdmin, { role: MESSAGES.lastAdmin })
          if (input.role === 'GHOST' && !mayMakeGhosts) throw planLimit(MESSAGES.ghostRoleNotIncluded)
          // The admin who sets an invitation's role vouches for it: accepting checks the inviter (see accept).
          if (current.status === 'INVITED') {
            await tx.update(invitations).set({ invitedByUserId: session.userId }).where(eq(invitations.membershipId, current.id))
          }
        }

        const tagIds = input.postTags ? await requireOrgIds(tx, postTags, organizationId, input.postTags, MESSAGES.tagNotFound) : null
        // Spec §7 sends `selectedBusinessPages or null`: null means no pages (the links are cleared);
        // only an absent field leaves them as they are.
        const pageIds =
          input.selectedBusinessPages === undefined
            ? null
            : input.selectedBusinessPages === null
              ? []
              : await requireOrgIds(tx, businessPages, organizationId, input.selectedBusinessPages, MESSAGES.businessPageNotFound)

        if (input.email !== undefined && input.email !== found.email) {
          // Decision: only an invitation's address can change (an ACTIVE member owns their email);
          // the membership moves to the new address and a new join link is sent there.
          if (current.status !== 'INVITED') throw badRequest(MESSAGES.emailChangeOnlyInvited, { email: MESSAGES.emailChangeOnlyInvited })
          const target = await userForEmail(tx, input.email)
          const taken = await findMembership(tx, organizationId, target.id)
          if (taken) throw conflict(MESSAGES.emailAlreadyInvited, { email: MESSAGES.emailAlreadyInvited })
          await tx.update(memberships).set({ userId: target.id }).where(eq(memberships.id, current.id))
          await tx
            .update(postTagAssignments)
            .set({ userId: target.id })
            .where(and(eq(postTagAssignments.organizationId, organizationId), eq(postTagAssignments.userId, current.userId)))
          await tx
            .update(businessPageMembers)
            .set({ userId: target.id })
            .where(and(eq(businessPageMembers.organizationId, organizationId), eq(businessPageMembers.userId, current.userId)))
          deletedPhotos = await deleteOrphanPlaceholders(tx, [current.userId])
          userId = target.id
          const names = await organizationAndInviter(tx, organizationId, session.userId)
          const issued = await issueInvitation(tx, {
            organizationId,
            membershipId: current.id,
            email: input.email,
            inviterId: session.userId,
            baseUrl,
            ...names
          })
          if (target.hasPassword) await notifyInvitee(tx, target.id, names.organizationName, names.inviterName, issued.token)
          mail = issued.mail
        }

        await tx
          .update(memberships)
          .set({
            role: input.role ?? current.role,
            assignedNumberOfPosts: input.numberOfPosts ?? current.assignedNumberOfPosts,
            userApprovalFlow: input.userApprovalFlow ?? current.userApprovalFlow,
            updatedAt: clock.now()
          })
          .where(eq(memberships.id, current.id))

        if (tagIds) {
          await tx.delete(postTagAssignments).where(and(eq(postTagAssignments.organizationId, organizationId), eq(postTagAssignments.userId, userId)))
          if (tagIds.length > 0) await tx.insert(postTagAssignments).values(tagIds.map((tagId) => ({ tagId, organizationId, userId })))
        }
        if (pageIds) {
          await tx.delete(businessPageMembers).where(and(eq(businessPageMembers.organizationId, organizationId), eq(businessPageMembers.userId, userId)))
          if (pageIds.length > 0) await tx.insert(businessPageMembers).values(pageIds.map((businessPageId) => ({ businessPageId, organizationId, userId })))
        }
        const [member] = await view(tx, organizationId, [userId])
        await recordMemberChanges(tx, session, was!, member!)
        return member!
      })
      await removeUserPhotoFiles(uploadsDir, deletedPhotos)
      if (mail) await mailer.deliver(mail)
      return member
    },

    async remove(session, userId) {
      requireAdmin(session)
      const organizationId = session.organization.id
      requireUuid(userId, MESSAGES.memberNotFound)
      const deletedPhotos = await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const found = await findMembership(tx, organizationId, userId)
        if (!found) throw notFound(MESSAGES.memberNotFound)
        if (userId === session.userId) throw badRequest(MESSAGES.cannotDeleteYourself, { userId: MESSAGES.cannotDeleteYourself })
        const m = found.membership
        if (m.role === 'ADMIN' && m.status === 'ACTIVE' && (await activeAdminCount(tx, organizationId)) <= 1) {
          throw conflict(MESSAGES.lastAdmin)
        }
        const photos = await removeMemberships(tx, organizationId, [userId], clock.now(), { type: 'user', userId: session.userId })
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'member.removed',
          target: { type: 'member', id: userId, label: found.email },
          before: { email: found.email, role: m.role, status: m.status }
        })
        return photos
      })
      await removeUserPhotoFiles(uploadsDir, deletedPhotos)
    },

    async updateOwnTarget(session, assignedNumberOfPosts) {
      const organizationId = session.organization.id
      const found = await findMembership(db, organizationId, session.userId)
      if (!found) throw notFound(MESSAGES.memberNotFound)
      if (found.membership.status === 'INVITED' && assignedNumberOfPosts !== undefined && assignedNumberOfPosts !== found.membership.assignedNumberOfPosts) {
        throw badRequest(MESSAGES.invitedTargetLocked, { assignedNumberOfPosts: MESSAGES.invitedTargetLocked })
      }
      if (assignedNumberOfPosts === undefined) return
      await db
        .update(memberships)
        .set({ assignedNumberOfPosts, updatedAt: clock.now() })
        .where(eq(memberships.id, found.membership.id))
    },

    async joinInfo(token) {
      const row = await openInvitation(db, token)
      if (!row) throw await unusableLink(db, token)
      return {
        organizationName: row.organizationName,
        email: row.email,
        invitedBy: row.inviterName ?? '',
        hasAccount: row.hasPassword,
        expiresAt: row.expiresAt.toISOString()
      }
    },

    async accept(input, guard) {
      const row = await openInvitation(db, input.token)
      if (!row) throw await unusableLink(db, input.token)
      if (row.hasPassword) {
        const attempt = await guard?.(row.email)
        const ok = await identity.verifyPassword(row.userId, input.password)
        if (!ok) throw new ApiError(401, 'invalid_credentials', MESSAGES.incorrectCredentials)
        await attempt?.succeeded()
      } else {
        const fields: Record<string, string> = {}
        if (!input.fullName) fields.fullName = 'Enter your full name.'
        if (input.password.length < 8) fields.password = 'Use at least 8 characters.'
        const first = Object.values(fields)[0]
        if (first) throw badRequest(first, fields)
        await requireStrongPassword(input.password, { email: row.email, fullName: input.fullName })
      }
      await db.transaction(async (tx) => {
        // Using the token up first makes two concurrent accepts of one link succeed only once.
        const [used] = await tx
          .delete(invitations)
          .where(eq(invitations.id, row.invitationId))
          .returning({ id: invitations.id, invitedByUserId: invitations.invitedByUserId })
        // Gone since it was read: another accept of this link won the race (410), or the link was
        // replaced or the invitation taken back (404).
        if (!used) throw await unusableLink(tx, input.token)
        await tx.insert(usedJoinLinks).values({ tokenHash: hashToken(input.token), organizationId: row.organizationId, acceptedAt: clock.now() })
        // The invitation's role holds only while its inviter may still give it (roleGrantRefusal):
        // an ADMIN invitation from a since-demoted admin, or one a ghost made before ghosts were
        // limited, joins as MEMBER. Joining itself stands: an admin of either kind let them in.
        const [membership] = await tx.select({ role: memberships.role }).from(memberships).where(eq(memberships.id, row.membershipId)).limit(1)
        const [inviter] = used.invitedByUserId
          ? await tx
              .select({ role: memberships.role })
              .from(memberships)
              .where(and(eq(memberships.organizationId, row.organizationId), eq(memberships.userId, used.invitedByUserId), eq(memberships.status, 'ACTIVE')))
              .limit(1)
          : []
        const invitedRole = membership?.role ?? 'MEMBER'
        const role = roleGrantRefusal({ actorRole: inviter?.role, path: 'accept', newRole: invitedRole }) ? 'MEMBER' : invitedRole
        await tx
          .update(memberships)
          .set({ status: 'ACTIVE', role, updatedAt: clock.now() })
          .where(and(eq(memberships.id, row.membershipId), eq(memberships.status, 'INVITED')))
        await tx.update(users).set({ lastOrganizationId: row.organizationId }).where(eq(users.id, row.userId))
        await record(tx, {
          organizationId: row.organizationId,
          at: clock.now(),
          // A new account's name is set just after (identity.setPassword): the entry takes it from the form.
          actor: { userId: row.userId, name: input.fullName },
          action: 'member.joined',
          target: { type: 'member', id: row.userId, label: row.email },
          after: { role, status: 'ACTIVE' }
        })
        await recordEvent(tx, clock.now(), { organizationId: row.organizationId, name: 'member.joined', payload: { userId: row.userId, role }, actor: { type: 'user', userId: row.userId } })
      })
      if (!row.hasPassword) await identity.setPassword(row.userId, input.password, input.fullName!)
      await forgetOldUsedLinks()
      return { userId: row.userId, email: row.email, organization: { id: row.organizationId, organizationWorkOSId: row.organizationWorkOSId } }
    }
  }

  /**
   * Used links older than USED_JOIN_LINK_RETENTION_MS are forgotten (they read as unknown again),
   * by each accept after its own commit: its own statement, so concurrent accepts never wait on each
   * other's clean-up. A failure leaves them to the next accept; the join itself has succeeded.
   */
  async function forgetOldUsedLinks() {
    try {
      await db.delete(usedJoinLinks).where(lt(usedJoinLinks.acceptedAt, new Date(clock.now().getTime() - USED_JOIN_LINK_RETENTION_MS)))
    } catch {
      // Left for the next accept.
    }
  }

  /**
   * Why a token opens no invitation: it was accepted already (410 join_link_used) — through this
   * link (remembered in usedJoinLinks), or by signing in through the organization's single sign-on,
   * which activates the membership and leaves its invitation — or it is unknown, replaced or
   * expired (404).
   */
  async function unusableLink(executor: Executor, token: string): Promise<ApiError> {
    if (!isJoinToken(token)) return notFound(MESSAGES.invalidInvitation)
    const tokenHash = hashToken(token)
    const [remembered] = await executor.select({ one: sql`1` }).from(usedJoinLinks).where(eq(usedJoinLinks.tokenHash, tokenHash)).limit(1)
    if (remembered) return joinLinkUsed()
    const [joinedOtherwise] = await executor
      .select({ one: sql`1` })
      .from(invitations)
      .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
      .where(and(eq(invitations.tokenHash, tokenHash), eq(memberships.status, 'ACTIVE')))
      .limit(1)
    return joinedOtherwise ? joinLinkUsed() : notFound(MESSAGES.invalidInvitation)
  }

  /** A live invitation of an INVITED membership, by its token. */
  async function openInvitation(executor: Executor, token: string) {
    if (!isJoinToken(token)) return null
    const inviter = sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.email) from users u where u.id = ${invitations.invitedByUserId})`
    const [row] = await executor
      .select({
        invitationId: invitations.id,
        membershipId: memberships.id,
        organizationId: organizations.id,
        organizationWorkOSId: organizations.organizationWorkOSId,
        organizationName: organizations.name,
        userId: users.id,
        email: users.email,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        inviterName: inviter,
        expiresAt: invitations.expiresAt
      })
      .from(invitations)
      .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(invitations.tokenHash, hashToken(token)), gt(invitations.expiresAt, clock.now()), eq(memberships.status, 'INVITED')))
      .limit(1)
    return row ?? null
  }

  return service
}

/** Whether a member is linked to exactly these business pages (the edit dialog resends them unchanged). */
async function samePageLinks(tx: Executor, organizationId: string, userId: string, pageIds: readonly string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: businessPageMembers.businessPageId })
    .from(businessPageMembers)
    .where(and(eq(businessPageMembers.organizationId, organizationId), eq(businessPageMembers.userId, userId)))
  const current = new Set(rows.map((r) => r.id))
  return current.size === new Set(pageIds).size && pageIds.every((id) => current.has(id))
}
