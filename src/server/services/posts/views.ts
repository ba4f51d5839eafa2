import { asc, eq, inArray } from 'drizzle-orm'
import { POLL_DURATION_DEFAULT } from '../../../shared/constants'
import type { Post } from '../../../shared/domain/entities'
import { linkedInPostAddress } from '../../../shared/rules/linkedInPosts'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { businessPages, media, postMedia, recommendations, users } from '../../db/schema'
import { approvalRequiredFor, approvalView, decidersOf } from '../approval'
import { toMediaView, type MediaRow } from '../media'
import type { PostRow } from './rows'

/* Posts as the API shows them, and their media in order (docs/architecture.md, "Posts on the server"). */

/** The media of each post, in their order. */
export async function mediaOf(executor: Executor, postIds: readonly string[]): Promise<Map<string, MediaRow[]>> {
  const byPost = new Map<string, MediaRow[]>()
  if (postIds.length === 0) return byPost
  const rows = await executor
    .select({ postId: postMedia.postId, media })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(inArray(postMedia.postId, [...postIds]))
    .orderBy(asc(postMedia.postId), asc(postMedia.position))
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? []
    list.push(row.media)
    byPost.set(row.postId, list)
  }
  return byPost
}

interface PostViewDeps {
  clock: Clock
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
}

/**
 * Posts as the API shows them, for this service and any other that shows posts (the review
 * thread, issue 13): a few look-ups for any number of posts of one organization (approval,
 * deciders, authors, pages, media), whoever is asking — the caller decides what is visible.
 */
export function postViews(deps: PostViewDeps) {
  const { clock } = deps
  return async function views(executor: Executor, rows: readonly PostRow[]): Promise<Post[]> {
    if (rows.length === 0) return []
    const authorIds = [...new Set(rows.map((r) => r.authorUserId))]
    const pageIds = [...new Set(rows.flatMap((r) => (r.businessPageId ? [r.businessPageId] : [])))]
    const recommendationIds = [...new Set(rows.flatMap((r) => (r.recommendationId ? [r.recommendationId] : [])))]
    const organizationId = rows[0]!.organizationId
    const [required, deciders] = [await approvalRequiredFor(executor, clock, organizationId, authorIds), await decidersOf(executor, rows)]
    const [authors, pages, mediaByPost] = [
      await executor.select({ id: users.id, fullName: users.fullName, image: users.image }).from(users).where(inArray(users.id, authorIds)),
      pageIds.length
        ? await executor
            .select({ id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName, image: businessPages.image })
            .from(businessPages)
            .where(inArray(businessPages.id, pageIds))
        : [],
      await mediaOf(
        executor,
        rows.map((r) => r.id)
      )
    ]
    const sources = recommendationIds.length
      ? await executor
          .select({ id: recommendations.id, url: recommendations.linkedInPostUrl, previewText: recommendations.previewText, previewAuthor: recommendations.previewAuthor })
          .from(recommendations)
          .where(inArray(recommendations.id, recommendationIds))
      : []
    const sourceById = new Map(sources.map((x) => [x.id, x]))
    const reshareOf = (r: PostRow): Post['reshare'] => {
      if (!r.reshareOfUrn) return null
      const source = r.recommendationId ? sourceById.get(r.recommendationId) : undefined
      return {
        linkedInPostUrn: r.reshareOfUrn,
        linkedInPostUrl: source?.url ?? linkedInPostAddress(r.reshareOfUrn),
        previewText: source?.previewText ?? '',
        previewAuthor: source?.previewAuthor ?? '',
        recommendationId: source ? source.id : null
      }
    }
    const authorById = new Map(authors.map((a) => [a.id, a]))
    const pageById = new Map(pages.map((p) => [p.id, p]))
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      type: r.type,
      text: r.text,
      poll: r.poll ? { question: r.poll.question, options: r.poll.options, durationDays: r.poll.durationDays ?? POLL_DURATION_DEFAULT } : null,
      media: (mediaByPost.get(r.id) ?? []).map(toMediaView),
      author: authorById.get(r.authorUserId) ?? { id: r.authorUserId, fullName: '', image: null },
      businessPage: r.businessPageId ? (pageById.get(r.businessPageId) ?? null) : null,
      slotId: r.slotId,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      linkedInPostUrn: r.linkedInPostUrn,
      linkedInPostUrl: r.linkedInPostUrn ? deps.linkedInAdapter.postUrl(r.linkedInPostUrn) : null,
      failureReason: r.failureReason,
      version: r.version,
      revision: r.revision,
      approval: approvalView(r, required.get(r.authorUserId) ?? false, deciders),
      reshare: reshareOf(r),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString()
    }))
  }
}

/** One post as the API shows it. */
export const postView = async (deps: PostViewDeps, executor: Executor, row: PostRow): Promise<Post> => (await postViews(deps)(executor, [row]))[0]!
