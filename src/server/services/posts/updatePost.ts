import type { Post } from '../../../shared/domain/entities'
import { nextRevision } from '../approval'
import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { ownPost, transition } from './access'
import { askApprovalAgain } from './approvalAgain'
import { contentOf, problemsOf, requireTextOnly, type Content } from './content'
import { orderedMedia, replaceMedia, requirePage, usableSlot } from './references'
import type { PostDeps, UpdatePostInput } from './types'
import { mediaOf, postView } from './views'

/*
 * PUT /posts/update: the author's edit at the version it was made from, with the next revision when
 * the content changed (docs/architecture.md, "Posts on the server" and "Collaborate").
 */

export async function updatePost(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter' | 'notifications'>,
  session: OrganizationSession,
  input: UpdatePostInput
): Promise<Post> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const post = await ownPost(tx, session, input.postId, true)
    requirePostTransition(post, 'edit', input.version)
    if (post.reshareOfUrn) requireTextOnly(input)
    const slotId = input.slotId === undefined ? post.slotId : input.slotId
    if (input.slotId && input.slotId !== post.slotId) await usableSlot(tx, session, input.slotId, post.id)
    if (input.businessPageId && input.businessPageId !== post.businessPageId) await requirePage(tx, session, input.businessPageId)
    const currentMedia = (await mediaOf(tx, [post.id])).get(post.id) ?? []
    const mediaRows = input.mediaIds ? await orderedMedia(tx, session, input.mediaIds) : currentMedia
    const content: Content = {
      type: input.type ?? post.type,
      text: input.text ?? post.text,
      poll: input.poll === undefined ? post.poll : input.poll,
      media: mediaRows,
      reshare: post.reshareOfUrn !== null
    }
    const businessPageId = input.businessPageId === undefined ? post.businessPageId : input.businessPageId
    const now = clock.now()
    const revision = await nextRevision(tx, post, contentOf(post, currentMedia), contentOf({ ...content, businessPageId }, mediaRows), session.userId, now)
    // A SCHEDULED post that no longer meets LinkedIn's limits goes back to DRAFT (the table's editBreakingLimits).
    const publishable = Object.keys(problemsOf(content)).length === 0
    const updated = await transition(
      tx,
      clock,
      post,
      publishable ? 'edit' : 'editBreakingLimits',
      { type: content.type, text: content.text, poll: content.poll, slotId, businessPageId, ...revision.set },
      now
    )
    if (input.mediaIds) await replaceMedia(tx, post.id, mediaRows)
    if (revision.approvalReset) await askApprovalAgain(tx, deps.notifications, updated)
    return postView(deps, tx, updated)
  })
}
