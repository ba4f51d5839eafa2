import { and, eq, inArray, ne } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostStatus } from '../../../shared/domain/enums'
import type { Executor } from '../../db/client'
import { assignedSlots, businessPageMembers, businessPages, postMedia, posts } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { isUuid } from '../ids'
import { usableMedia, type MediaRow } from '../media'
import type { PostAuthor } from './access'

/* What a post refers to — its slot, business page and media — and the checks on each (docs/architecture.md, "Posts on the server"). */

const NOT_DRAFT: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

/** The slot, locked for the rest of the transaction; checks it is the user's and free for `postId`. */
export async function usableSlot(tx: Executor, author: PostAuthor, slotId: string, postId: string | null) {
  if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
  const [slot] = await tx
    .select({ id: assignedSlots.id, time: assignedSlots.time, assigneeId: assignedSlots.assigneeId, postType: assignedSlots.postType })
    .from(assignedSlots)
    .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, author.organization.id)))
    .for('update')
  if (!slot) throw notFound(MESSAGES.slotNotFound)
  if (slot.assigneeId !== author.userId) throw badRequest(MESSAGES.slotNotYours, { slotId: MESSAGES.slotNotYours })
  const [other] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slotId, slot.id), inArray(posts.status, NOT_DRAFT), postId ? ne(posts.id, postId) : undefined))
    .limit(1)
  if (other) throw conflict(MESSAGES.slotTaken, { slotId: MESSAGES.slotTaken })
  return slot
}

/** Why the user may not post as page `pageId` (null: they may); 404 for a page not of the organization. */
export async function pageProblem(tx: Executor, author: PostAuthor, pageId: string): Promise<string | null> {
  if (!isUuid(pageId)) throw notFound(MESSAGES.businessPageNotFound)
  const [page] = await tx
    .select({ id: businessPages.id, linked: businessPageMembers.userId })
    .from(businessPages)
    .leftJoin(businessPageMembers, and(eq(businessPageMembers.businessPageId, businessPages.id), eq(businessPageMembers.userId, author.userId)))
    .where(and(eq(businessPages.id, pageId), eq(businessPages.organizationId, author.organization.id)))
  if (!page) throw notFound(MESSAGES.businessPageNotFound)
  return page.linked ? null : author.viaKey ? MESSAGES.authorNotLinkedToPage : MESSAGES.notLinkedToPage
}

export async function requirePage(tx: Executor, author: PostAuthor, pageId: string): Promise<void> {
  const problem = await pageProblem(tx, author, pageId)
  if (problem) throw badRequest(problem, { businessPageId: problem })
}

/** The media of `ids` in that order, each usable by this user. */
export async function orderedMedia(tx: Executor, author: PostAuthor, ids: readonly string[]): Promise<MediaRow[]> {
  if (new Set(ids).size !== ids.length) throw badRequest(MESSAGES.mediaRepeated, { mediaIds: MESSAGES.mediaRepeated })
  const rows = await usableMedia(tx, author.organization.id, author.userId, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const ordered = ids.map((id) => byId.get(id))
  if (ordered.some((r) => !r)) throw badRequest(MESSAGES.mediaUnavailable, { mediaIds: MESSAGES.mediaUnavailable })
  return ordered as MediaRow[]
}

export async function replaceMedia(tx: Executor, postId: string, rows: readonly MediaRow[]): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId))
  if (rows.length > 0) await tx.insert(postMedia).values(rows.map((m, position) => ({ postId, mediaId: m.id, position })))
}
