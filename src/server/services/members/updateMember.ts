import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Member, Role } from '../../../shared/domain'
import { checkRoleChange, hasEntitlement, invitedMemberEditRefusal } from '../../../shared/rules'
import type { MailMessage } from '../../adapters/mail/mail'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { businessPageMembers, businessPages, invitations, memberships, postTagAssignments, postTags } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound, planLimit } from '../../errors'
import { isAdminSession, lockOrganization, usersLedBy } from '../access'
import type { OrganizationSession } from '../sessions'
import { removeUserPhotoFiles } from '../userPhotos'
import { issueInvitation, notifyInvitee, organizationAndInviter, userForEmail } from './invitations'
import { activeAdminCount, findMembership, requireOrgIds, samePageLinks, type FoundMembership } from './lookups'
import { recordMemberChanges } from './memberAudit'
import { viewMembers } from './memberView'
import { deleteOrphanPlaceholders } from './removal'
import type { MemberDeps, UpdateMemberInput } from './types'

/*
 * PUT /members/update: an admin edits any member (role, target, approval flow, an invitation's
 * email, topic tags, pages); a team leader the target and topic tags of their teams' members
 * (docs/architecture.md, "Organizations and members": roles, dialogs).
 */

type MembershipRow = FoundMembership['membership']

export async function updateMember(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'notifications' | 'entitlements' | 'mailer' | 'uploadsDir'>,
  session: OrganizationSession,
  input: UpdateMemberInput,
  baseUrl: string
): Promise<Member> {
  const { db, clock, entitlements, mailer, uploadsDir } = deps
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
    const [was] = await viewMembers(tx, organizationId, [current.userId])

    if (!admin) await requireLeaderEdit(tx, session, found, input)

    const refusal = invitedMemberEditRefusal({ status: current.status, current, next: input })
    if (refusal === 'numberOfPosts') throw badRequest(MESSAGES.invitedTargetLocked, { numberOfPosts: MESSAGES.invitedTargetLocked })
    if (refusal === 'userApprovalFlow') throw badRequest(MESSAGES.invitedApprovalFlowLocked, { userApprovalFlow: MESSAGES.invitedApprovalFlowLocked })

    if (input.role !== undefined && input.role !== current.role) await requireRoleChange(tx, session, current, input.role, mayMakeGhosts)

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
      const moved = await moveInvitation(deps, tx, session, current, input.email, baseUrl)
      deletedPhotos = moved.deletedPhotos
      userId = moved.userId
      mail = moved.mail
    }

    await saveMembership(clock, tx, current, userId, input, tagIds, pageIds)
    const [member] = await viewMembers(tx, organizationId, [userId])
    await recordMemberChanges(clock, tx, session, was!, member!)
    return member!
  })
  await removeUserPhotoFiles(uploadsDir, deletedPhotos)
  if (mail) await mailer.deliver(mail)
  return member
}

/** Team leaders may set the monthly target and topic tags of the members of their teams. */
async function requireLeaderEdit(tx: Executor, session: OrganizationSession, found: FoundMembership, input: UpdateMemberInput): Promise<void> {
  const organizationId = session.organization.id
  const current = found.membership
  const led = await usersLedBy(tx, organizationId, session.userId)
  if (!led.has(current.userId)) throw forbidden(MESSAGES.onlyAdmins)
  const touchesOther =
    (input.email !== undefined && input.email !== found.email) ||
    (input.role !== undefined && input.role !== current.role) ||
    (input.userApprovalFlow !== undefined && input.userApprovalFlow !== current.userApprovalFlow) ||
    (input.selectedBusinessPages !== undefined && !(await samePageLinks(tx, organizationId, current.userId, input.selectedBusinessPages ?? [])))
  if (touchesOther) throw forbidden('Team leaders can only change the monthly target and topic tags of their team members.')
}

/** A new role: who may give it (checkRoleChange), never the last ACTIVE ADMIN, GHOST with GHOST_ROLE only. */
async function requireRoleChange(tx: Executor, session: OrganizationSession, current: MembershipRow, role: Role, mayMakeGhosts: boolean): Promise<void> {
  const organizationId = session.organization.id
  const check = checkRoleChange({
    actorRole: session.organization.role,
    targetRole: current.role,
    targetStatus: current.status,
    newRole: role,
    activeAdmins: await activeAdminCount(tx, organizationId)
  })
  if (check === 'ghost-cannot-change-roles') throw forbidden(MESSAGES.ghostCannotChangeRoles)
  if (check === 'only-admins') throw forbidden(MESSAGES.onlyAdmins)
  if (check === 'last-admin') throw conflict(MESSAGES.lastAdmin, { role: MESSAGES.lastAdmin })
  if (role === 'GHOST' && !mayMakeGhosts) throw planLimit(MESSAGES.ghostRoleNotIncluded)
  // The admin who sets an invitation's role vouches for it: accepting checks the inviter (see acceptInvitation.ts).
  if (current.status === 'INVITED') {
    await tx.update(invitations).set({ invitedByUserId: session.userId }).where(eq(invitations.membershipId, current.id))
  }
}

/**
 * Decision: only an invitation's address can change (an ACTIVE member owns their email); the
 * membership moves to the new address and a new join link is sent there.
 */
async function moveInvitation(
  deps: Pick<MemberDeps, 'clock' | 'notifications' | 'mailer'>,
  tx: Executor,
  session: OrganizationSession,
  current: MembershipRow,
  email: string,
  baseUrl: string
): Promise<{ userId: string; mail: MailMessage; deletedPhotos: string[] }> {
  const organizationId = session.organization.id
  if (current.status !== 'INVITED') throw badRequest(MESSAGES.emailChangeOnlyInvited, { email: MESSAGES.emailChangeOnlyInvited })
  const target = await userForEmail(deps.clock, tx, email)
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
  const deletedPhotos = await deleteOrphanPlaceholders(tx, [current.userId])
  const names = await organizationAndInviter(tx, organizationId, session.userId)
  const issued = await issueInvitation(deps, tx, {
    organizationId,
    membershipId: current.id,
    email,
    inviterId: session.userId,
    baseUrl,
    ...names
  })
  if (target.hasPassword) await notifyInvitee(deps.notifications, tx, target.id, names.organizationName, names.inviterName, issued.token)
  return { userId: target.id, mail: issued.mail, deletedPhotos }
}

/** The membership's own fields, then its topic tags and page links when given (null: left as they are). */
async function saveMembership(
  clock: Clock,
  tx: Executor,
  current: MembershipRow,
  userId: string,
  input: UpdateMemberInput,
  tagIds: string[] | null,
  pageIds: string[] | null
): Promise<void> {
  const organizationId = current.organizationId
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
}
