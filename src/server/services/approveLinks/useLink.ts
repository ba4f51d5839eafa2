import { and, eq, isNull } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ApproveLinkInfo, ApproveLinkOutcome } from '../../../shared/api/endpoints/approveLinks'
import type { Executor } from '../../db/client'
import { approveLinks, posts } from '../../db/schema'
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors'
import { approversOf } from '../approval'
import { requireReviewFlow } from '../review/access'
import { approveWithin } from '../review/approve'
import { rejectWithin } from '../review/reject'
import type { ReviewContext } from '../review/shared'
import type { OrganizationSession } from '../sessions'
import { postPreview, previewText } from './links'
import { hashApproveToken, type ApproveLinkSigner } from './tokens'

/*
 * Using an approve link (docs/architecture.md, "Approve links"): the signed-in person must be the
 * approver it was made for (a channel's link: any approver of the post), in the link's
 * organization; then the app's own use case decides (same rules, audit entry and events), and the
 * link is spent in that transaction. A second use, an expired link and a post changed since are
 * refused with a message that says what to do instead.
 */

export interface ApproveLinkContext extends ReviewContext {
  signer: ApproveLinkSigner
}

type LinkRow = typeof approveLinks.$inferSelect

const spent = (message: string) => new ApiError(410, 'approve_link_spent', message)

/** The link a token names, checked against the session; `lock` holds its row for the transaction. */
async function linkFor(ctx: ApproveLinkContext, executor: Executor, session: OrganizationSession, token: string, lock: boolean): Promise<LinkRow> {
  const id = ctx.signer.linkIdOf(token)
  if (!id) throw notFound(MESSAGES.approveLinkInvalid)
  const query = executor
    .select()
    .from(approveLinks)
    .where(and(eq(approveLinks.id, id), eq(approveLinks.tokenHash, hashApproveToken(token))))
  const [link] = lock ? await query.for('update') : await query
  if (!link) throw notFound(MESSAGES.approveLinkInvalid)
  if (link.organizationId !== session.organization.id) throw conflict(MESSAGES.approveLinkOtherOrganization)
  if (link.approverUserId !== null && link.approverUserId !== session.userId) throw forbidden(MESSAGES.approveLinkNotYours)
  if (link.approverUserId === null) {
    const [post] = await executor.select({ authorUserId: posts.authorUserId }).from(posts).where(eq(posts.id, link.postId))
    if (!post || !(await approversOf(executor, link.organizationId, post.authorUserId)).all.has(session.userId)) throw forbidden(MESSAGES.notAnApprover)
  }
  if (link.usedAt) throw spent(MESSAGES.approveLinkUsed)
  if (link.expiresAt.getTime() <= ctx.clock.now().getTime()) throw spent(MESSAGES.approveLinkExpired)
  return link
}

/** GET /approve-links/info: what the link would do, with the post's preview, for the page that asks to confirm. */
export async function approveLinkInfo(ctx: ApproveLinkContext, session: OrganizationSession, token: string): Promise<ApproveLinkInfo> {
  const link = await linkFor(ctx, ctx.db, session, token, false)
  const preview = await postPreview(ctx.db, link.postId)
  if (!preview) throw notFound(MESSAGES.approveLinkInvalid)
  return {
    action: link.action,
    expiresAt: link.expiresAt.toISOString(),
    outdated: preview.revision !== link.revision,
    post: {
      id: preview.postId,
      preview: previewText(preview.text),
      authorName: preview.authorName,
      slotTime: preview.slotTime?.toISOString() ?? null
    },
    organizationName: preview.organizationName
  }
}

/** POST /approve-links/use: approves, or requests changes with `reason`, once. */
export async function useApproveLink(
  ctx: ApproveLinkContext,
  session: OrganizationSession,
  input: { token: string; reason?: string | undefined }
): Promise<ApproveLinkOutcome> {
  await requireReviewFlow(ctx, ctx.db, session)
  return ctx.db.transaction(async (tx) => {
    const link = await linkFor(ctx, tx, session, input.token, true)
    const [post] = await tx.select({ revision: posts.revision, version: posts.version }).from(posts).where(eq(posts.id, link.postId))
    if (!post) throw notFound(MESSAGES.approveLinkInvalid)
    if (post.revision !== link.revision) throw conflict(MESSAGES.approveLinkOutdated)
    if (link.action === 'approve') {
      await approveWithin(ctx, tx, session, { postId: link.postId, version: post.version })
    } else {
      const reason = input.reason?.trim() ?? ''
      if (reason === '') throw badRequest(MESSAGES.rejectionReasonEmpty, { reason: MESSAGES.rejectionReasonEmpty })
      await rejectWithin(ctx, tx, session, { postId: link.postId, reason })
    }
    // The link and its pair (the same person's other button) are one decision: both are spent.
    const now = ctx.clock.now()
    const pair = link.approverUserId === null ? isNull(approveLinks.approverUserId) : eq(approveLinks.approverUserId, link.approverUserId)
    await tx
      .update(approveLinks)
      .set({ usedAt: now, usedByUserId: session.userId })
      .where(and(eq(approveLinks.postId, link.postId), eq(approveLinks.revision, link.revision), pair, isNull(approveLinks.usedAt)))
    return { outcome: link.action === 'approve' ? 'approved' : 'changes_requested', postId: link.postId }
  })
}
