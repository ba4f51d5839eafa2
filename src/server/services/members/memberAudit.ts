import type { Member } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { recordEvent } from '../../events/outbox'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'

/* What a member edit writes to the audit log and the event stream (docs/architecture.md, "The audit log"). */

/**
 * A member edit's entries: the role on its own ('member.role_changed', what admins look for),
 * every other changed field in one 'member.updated'; nothing when the edit changed nothing.
 */
export async function recordMemberChanges(clock: Clock, tx: Executor, session: OrganizationSession, was: Member, now: Member) {
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
