import type { Post } from '../../../shared/domain/entities'
import type { PostType } from '../../../shared/domain/enums'
import { posts } from '../../db/schema'
import { firstRevision } from '../approval'
import type { OrganizationSession } from '../sessions'
import { contentOf } from './content'
import { orderedMedia, replaceMedia, requirePage, usableSlot } from './references'
import { reshareOf } from './reshare'
import { newPostValues } from './rows'
import type { CreatePostInput, PostDeps } from './types'
import { postView } from './views'

/*
 * POST /posts/create: a draft of the user's, for a slot, a page or as a reshare of a recommended
 * post, with its first revision (docs/architecture.md, "Posts on the server").
 */

export async function createPost(deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>, session: OrganizationSession, input: CreatePostInput): Promise<Post> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const reshare = input.recommendationId ? await reshareOf(tx, session, input.recommendationId, input, clock.now()) : null
    const slot = input.slotId ? await usableSlot(tx, session, input.slotId, null) : null
    if (input.businessPageId) await requirePage(tx, session, input.businessPageId)
    const mediaRows = input.mediaIds ? await orderedMedia(tx, session, input.mediaIds) : []
    const [row] = await tx
      .insert(posts)
      .values({
        ...newPostValues(
          {
            organizationId: session.organization.id,
            authorUserId: session.userId,
            businessPageId: input.businessPageId ?? null,
            slotId: slot?.id ?? null,
            type: input.type ?? (slot?.postType as PostType | undefined) ?? 'textOnly',
            text: input.text,
            poll: input.poll ?? null
          },
          clock.now()
        ),
        ...(reshare ?? {})
      })
      .returning()
    await replaceMedia(tx, row!.id, mediaRows)
    await firstRevision(tx, row!, contentOf(row!, mediaRows), session.userId, clock.now())
    return postView(deps, tx, row!)
  })
}
