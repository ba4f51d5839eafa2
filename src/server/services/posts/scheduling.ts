import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { Post } from '../../../shared/domain/entities'
import { badRequest } from '../../errors'
import { approvalRequiredFor, isApproved } from '../approval'
import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { ownPost, transition } from './access'
import { problemsOf } from './content'
import { pageProblem, usableSlot } from './references'
import type { PostDeps } from './types'
import { mediaOf, postView } from './views'

/*
 * What schedule, publish now and retry share: every check at once, answered as one 400 with a
 * message per field (docs/architecture.md, "Posts on the server").
 */

const firstMessage = (fields: Record<string, string>) => Object.values(fields)[0]!

/** The author's LinkedIn connection as a field problem (read before any transaction: it uses its own connection). */
async function linkedInProblem(linkedIn: PostDeps['linkedIn'], userId: string): Promise<string | null> {
  const status = await linkedIn.status(userId)
  if (status === 'missing') return MESSAGES.linkedInNotConnected
  if (status === 'expired') return MESSAGES.linkedInExpired
  return null
}

interface ScheduleAtInput {
  postId: string
  version?: number
  when: 'now' | Date | null
  slotId?: string | null
  onlyFailed?: boolean
}

/**
 * Schedules `postId` (locked, changeable, at `version` when given) for `when`: 'now', an instant,
 * or the slot's time. Everything that would stop it is answered at once as one 400.
 */
export async function scheduleAt(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter'>,
  session: OrganizationSession,
  input: ScheduleAtInput
): Promise<Post> {
  const { db, clock } = deps
  const connection = await linkedInProblem(deps.linkedIn, session.userId)
  return db.transaction(async (tx) => {
    const post = await ownPost(tx, session, input.postId, true)
    const event = input.onlyFailed ? 'retry' : input.when === 'now' ? 'publishNow' : 'schedule'
    requirePostTransition(post, event, input.version)
    const slotId = input.slotId === undefined ? post.slotId : input.slotId
    const slot = slotId ? await usableSlot(tx, session, slotId, post.id) : null
    const now = clock.now()
    const fields: Record<string, string> = {}
    const approvalRequired = (await approvalRequiredFor(tx, clock, post.organizationId, [post.authorUserId])).get(post.authorUserId) ?? false
    if (!isApproved(post, approvalRequired)) {
      fields.approval = post.approvalStatus === 'PENDING' ? MESSAGES.approvalPendingToSchedule : MESSAGES.approvalRequiredToSchedule
    }
    Object.assign(fields, problemsOf({ ...post, media: (await mediaOf(tx, [post.id])).get(post.id) ?? [], reshare: post.reshareOfUrn !== null }))
    const time = input.when === 'now' ? now : (input.when ?? slot?.time ?? null)
    const timeField = input.when === null && slot ? 'slotId' : 'scheduledAt'
    if (!time) fields.scheduledAt = MESSAGES.scheduleTimeMissing
    else if (input.when !== 'now' && time.getTime() <= now.getTime()) fields[timeField] = MESSAGES.scheduleInPast
    const pageIssue = post.businessPageId ? await pageProblem(tx, session, post.businessPageId) : null
    if (pageIssue) fields.businessPageId = pageIssue
    if (connection) fields.linkedIn = connection
    if (Object.keys(fields).length > 0) throw badRequest(firstMessage(fields), fields)
    const scheduled = await transition(
      tx,
      clock,
      post,
      event,
      {
        scheduledAt: time!,
        slotId,
        failureReason: null,
        // After a failure the user has decided to publish again: LinkedIn must take it as a new post.
        ...(post.failureReason ? { idempotencyKey: randomUUID() } : {})
      },
      now
    )
    return postView(deps, tx, scheduled)
  })
}
