import type { ReviewThread } from '../../../shared/domain/entities'
import type { Executor } from '../../db/client'
import type { PostPatch } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import type { Access } from './access'
import { notifyAll, personOf, transition, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * An approval asked for, given or refused: the post's approval columns set, the people it
 * concerns told in a message that names the session user, and the thread as it now stands.
 */
export async function settleApproval(
  ctx: ReviewContext,
  tx: Executor,
  session: OrganizationSession,
  a: Access,
  event: 'requestApproval' | 'approve' | 'reject',
  set: PostPatch,
  note: { to: Iterable<string>; title: string; message: (actor: string) => string }
): Promise<ReviewThread> {
  const updated = await transition(ctx, tx, a.post, event, event === 'requestApproval' ? 'author' : 'approver', set)
  const actor = await personOf(tx, session.userId)
  await notifyAll(ctx, tx, a.post.organizationId, note.to, { title: note.title, message: note.message(actor.fullName), postId: a.post.id })
  return threadOf(ctx, tx, a, updated)
}
