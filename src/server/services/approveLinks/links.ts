import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/constants'
import { linkTo } from '../../../shared/routes'
import type { Executor } from '../../db/client'
import { approveLinks, assignedSlots, organizations, posts, users } from '../../db/schema'
import { hashApproveToken, type ApproveLinkSigner } from './tokens'

/** How long an approve link works (issue 28: the approver has a week; the app itself always works). */
export const APPROVE_LINK_TTL_MS = 7 * DAY_MS

export type ApproveLinkAction = (typeof approveLinks.$inferSelect)['action']

/** The two links of one decision: Approve and Request changes. */
export interface DecisionTokens {
  approve: string
  requestChanges: string
}

interface LinkTarget {
  organizationId: string
  postId: string
  revision: number
}

/** Fresh links for each approver (their email's), made when approval is asked for. */
export async function issueApproverLinks(
  tx: Executor,
  signer: ApproveLinkSigner,
  now: Date,
  target: LinkTarget,
  approverIds: readonly string[]
): Promise<Map<string, DecisionTokens>> {
  const result = new Map<string, DecisionTokens>()
  const expiresAt = new Date(now.getTime() + APPROVE_LINK_TTL_MS)
  for (const approverUserId of approverIds) {
    const tokens = { approve: '', requestChanges: '' }
    for (const action of ['approve', 'request_changes'] as const) {
      const id = randomUUID()
      const token = signer.tokenFor(id)
      await tx.insert(approveLinks).values({ id, ...target, approverUserId, action, tokenHash: hashApproveToken(token), createdAt: now, expiresAt })
      if (action === 'approve') tokens.approve = token
      else tokens.requestChanges = token
    }
    result.set(approverUserId, tokens)
  }
  return result
}

/**
 * The chat channels' links of a post revision (no approver: any approver of the post may use
 * each once): made on first ask and the same ever after, so a retried or second channel's
 * message carries the same links and one decision spends them.
 */
export async function channelLinks(tx: Executor, signer: ApproveLinkSigner, now: Date, target: LinkTarget): Promise<DecisionTokens> {
  const expiresAt = new Date(now.getTime() + APPROVE_LINK_TTL_MS)
  const tokens = { approve: '', requestChanges: '' }
  for (const action of ['approve', 'request_changes'] as const) {
    const id = randomUUID()
    await tx
      .insert(approveLinks)
      .values({ id, ...target, approverUserId: null, action, tokenHash: hashApproveToken(signer.tokenFor(id)), createdAt: now, expiresAt })
      .onConflictDoNothing()
    const [row] = await tx
      .select({ id: approveLinks.id })
      .from(approveLinks)
      .where(and(eq(approveLinks.postId, target.postId), eq(approveLinks.revision, target.revision), eq(approveLinks.action, action), isNull(approveLinks.approverUserId)))
    const token = signer.tokenFor(row!.id)
    if (action === 'approve') tokens.approve = token
    else tokens.requestChanges = token
  }
  return tokens
}

/** An approve link's address, from the route registry; `orgid` switches the app to the post's organization first. */
export function approveLinkUrl(baseUrl: string, token: string, organizationWorkOSId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${linkTo('approveLink', { token }, { orgid: organizationWorkOSId })}`
}

/** The post's place in Collaborate (Open): a plain link, it grants nothing by itself. */
export function openPostUrl(baseUrl: string, postId: string, organizationWorkOSId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${linkTo('collaborate', { postId, orgid: organizationWorkOSId })}`
}

/** What a link or a chat message shows of a post. */
export interface PostPreview {
  postId: string
  organizationId: string
  organizationName: string
  organizationWorkOSId: string
  text: string
  revision: number
  authorUserId: string
  authorName: string
  /** When it is to go out: its schedule, else its slot's time; null for neither. */
  slotTime: Date | null
}

export async function postPreview(executor: Executor, postId: string): Promise<PostPreview | null> {
  const [row] = await executor
    .select({
      postId: posts.id,
      organizationId: posts.organizationId,
      organizationName: organizations.name,
      organizationWorkOSId: organizations.organizationWorkOSId,
      text: posts.text,
      revision: posts.revision,
      authorUserId: posts.authorUserId,
      authorName: users.fullName,
      scheduledAt: posts.scheduledAt,
      slotTime: assignedSlots.time
    })
    .from(posts)
    .innerJoin(organizations, eq(organizations.id, posts.organizationId))
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(assignedSlots, eq(assignedSlots.id, posts.slotId))
    .where(eq(posts.id, postId))
  if (!row) return null
  const { scheduledAt, slotTime, ...rest } = row
  return { ...rest, slotTime: scheduledAt ?? slotTime ?? null }
}

/** The first `max` characters of a post, whole characters, with an ellipsis when cut. */
export function previewText(text: string, max = 300): string {
  const chars = Array.from(text.trim())
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}
