import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import { parseLinkedInPostUrl } from '../../../shared/rules/linkedInPosts'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Executor } from '../../db/client'
import { businessPages, posts, users } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import type { CreateRecommendationInput } from './types'

/* What is recommended: one of the organization's published posts or a LinkedIn post address (docs/architecture.md, "Recommended posts": what). */

/** The recommended post: its URN, address and preview. */
export async function source(executor: Executor, adapter: Pick<LinkedInAdapter, 'postUrl'>, session: OrganizationSession, input: CreateRecommendationInput) {
  const postId = input.postId || undefined
  const address = input.linkedInPostUrl || undefined
  if (postId && address) throw badRequest(RECOMMENDED_MESSAGES.postAmbiguous, { linkedInPostUrl: RECOMMENDED_MESSAGES.postAmbiguous })
  if (address) {
    const parsed = parseLinkedInPostUrl(address)
    if (!parsed) throw badRequest(RECOMMENDED_MESSAGES.urlInvalid, { linkedInPostUrl: RECOMMENDED_MESSAGES.urlInvalid })
    return { postId: null, urn: parsed.urn, url: parsed.url, previewText: '', previewAuthor: '' }
  }
  if (!postId) throw badRequest(RECOMMENDED_MESSAGES.postMissing, { postId: RECOMMENDED_MESSAGES.postMissing })
  if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
  const [post] = await executor
    .select({ id: posts.id, status: posts.status, urn: posts.linkedInPostUrn, text: posts.text, author: users.fullName, page: businessPages.linkedInCompanyName })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id)))
  if (!post) throw notFound(MESSAGES.postNotFound)
  if (post.status !== 'PUBLISHED' || !post.urn) throw badRequest(RECOMMENDED_MESSAGES.postNotPublished, { postId: RECOMMENDED_MESSAGES.postNotPublished })
  return { postId: post.id, urn: post.urn, url: adapter.postUrl(post.urn), previewText: post.text, previewAuthor: post.page ?? post.author }
}
