import { eq } from 'drizzle-orm'
import type { PublishTarget } from '../../adapters/linkedin/linkedin'
import { businessPages } from '../../db/schema'
import type { PostRow } from './rows'
import type { PostDeps } from './types'
import { mediaOf } from './views'

/*
 * The publisher's resolveTarget: the author's token, the LinkedIn author (the person, or the page
 * the post is published as) and the media in order; null when not connected (docs/architecture.md,
 * "Writing and publishing").
 */

export async function publishTarget(deps: Pick<PostDeps, 'db' | 'linkedIn' | 'media'>, post: PostRow): Promise<PublishTarget | null> {
  const { db, linkedIn } = deps
  const identity = await linkedIn.publishingIdentity(post.authorUserId)
  if (!identity) return null
  const [page] = post.businessPageId
    ? await db
        .select({ id: businessPages.id, linkedInOrganizationId: businessPages.linkedInOrganizationId })
        .from(businessPages)
        .where(eq(businessPages.id, post.businessPageId))
    : []
  const files = (await mediaOf(db, [post.id])).get(post.id) ?? []
  return {
    accessToken: identity.accessToken,
    author: page ? { kind: 'organization', id: page.linkedInOrganizationId ?? page.id } : { kind: 'person', id: identity.memberId },
    media: files.map((m) => ({
      kind: m.kind,
      fileName: m.fileName,
      contentType: m.contentType,
      size: m.size,
      altText: m.altText,
      open: () => deps.media.storage.openRead(m.storageKey)
    }))
  }
}
