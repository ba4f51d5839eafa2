import type { JoinInfo, Member, Role } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import type { PasswordCheckGuard } from '../authThrottle'
import type { OrganizationSession } from '../sessions'
import { acceptInvitation } from './acceptInvitation'
import { inviteMember } from './inviteMember'
import { joinInfo } from './joinInfo'
import { listMembers } from './listMembers'
import { listMembersByKey } from './listMembersByKey'
import { viewMembers } from './memberView'
import { removeMember } from './removeMember'
import type { AcceptedInvitation, InviteResult, ListMembersQuery, MemberDeps, UpdateMemberInput } from './types'
import { updateMember } from './updateMember'
import { updateOwnTarget } from './updateOwnTarget'

/*
 * Members: the organization's members and invitations — list, invite, edit, remove — and joining
 * through a link. One use case per file; this facade only delegates. The rules are in
 * docs/architecture.md, "Organizations and members".
 */

export { deleteOrphanPlaceholders, removeMemberships } from './removal'
export type { AcceptedInvitation, InviteResult, ListMembersQuery, MemberDeps, UpdateMemberInput } from './types'

export interface MemberService {
  list(organizationId: string, query: ListMembersQuery): Promise<{ members: Member[]; total: number; page: number; pageSize: number }>
  /** Members in user-id order after `after`, a keyset page (GET /api/v1/members, issue 28). */
  listByKey(organizationId: string, query: { after?: string; limit: number; search?: string }): Promise<{ members: Member[]; last: string | null; more: boolean }>
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

export function createMemberService(deps: MemberDeps): MemberService {
  return {
    view: viewMembers,
    list: (organizationId, query) => listMembers(deps, organizationId, query),
    listByKey: (organizationId, query) => listMembersByKey(deps, organizationId, query),
    invite: (session, input, baseUrl) => inviteMember(deps, session, input, baseUrl),
    update: (session, input, baseUrl) => updateMember(deps, session, input, baseUrl),
    remove: (session, userId) => removeMember(deps, session, userId),
    updateOwnTarget: (session, assignedNumberOfPosts) => updateOwnTarget(deps, session, assignedNumberOfPosts),
    joinInfo: (token) => joinInfo(deps, token),
    accept: (input, guard) => acceptInvitation(deps, input, guard)
  }
}
