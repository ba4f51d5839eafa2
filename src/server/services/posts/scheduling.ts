import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { Post } from '../../../shared/domain/entities'
import type { Executor } from '../../db/client'
import { badRequest } from '../../errors'
import { approvalRequiredFor, isApproved } from '../approval'
import { requirePostTransition } from '../postLifecycle'
import { isApiKeyActor, type OrganizationActor } from '../actor'
import { authorOf, ownPost, transition, type PostAuthor } from './access'
import { problemsOf } from './content'
import type { PostRow } from './rows'
import { pageProblem, usableSlot } from './references'
import type { PostDeps } from './types'
import { mediaOf, postView } from './views'

/*
 * What schedule, publish now and retry share: every check at once, answered as one 400 with a
 * message per field (docs/architecture.md, "Posts on the server").
 */

const firstMessage = (fields: Record<string, string>) => Object.values(fields)[0]!

/** The author's LinkedIn connection as a field problem (read before any transaction: it uses its own connection). */
async function linkedInProblem(linkedIn: PostDeps['linkedIn'], author: PostAuthor): Promise<string | null> {
  const status = await linkedIn.status(author.userId)
  if (status === 'missing') return author.viaKey ? MESSAGES.authorLinkedInNotConnected : MESSAGES.linkedInNotConnected
  if (status === 'expired') return author.viaKey ? MESSAGES.authorLinkedInExpired : MESSAGES.linkedInExpired
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
 * or the slot's time. Everything that would stop it is answered at once as one 400. The rules are
 * the author's (their approval flow, LinkedIn connection, slot and page) whoever acts: the author
 * in a session, or the organization's API key (issue 28), which the event then names.
 */
export async function scheduleAt(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter'>,
  actor: OrganizationActor,
  input: ScheduleAtInput,
  /** Written in the same transaction once scheduled (a key's audit entry and the author's notice). */
  after?: (tx: Executor, row: PostRow, now: Date) => Promise<void>
): Promise<Post> {
  const { db, clock } = deps
  // A post's author never changes, so a key may read whose it is before the transaction.
  const author = isApiKeyActor(actor) ? await authorOf(db, actor, (await ownPost(db, actor, input.postId)).authorUserId, 'postId') : actor
  const connection = await linkedInProblem(deps.linkedIn, author)
  return db.transaction(async (tx) => {
    const post = await ownPost(tx, actor, input.postId, true)
    const event = input.onlyFailed ? 'retry' : input.when === 'now' ? 'publishNow' : 'schedule'
    requirePostTransition(post, event, input.version)
    const slotId = input.slotId === undefined ? post.slotId : input.slotId
    const slot = slotId ? await usableSlot(tx, author, slotId, post.id) : null
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
    const pageIssue = post.businessPageId ? await pageProblem(tx, author, post.businessPageId) : null
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
      now,
      actor
    )
    await after?.(tx, scheduled, now)
    return postView(deps, tx, scheduled)
  })
}
