import type { Post } from '../../../shared/domain/entities'
import type { PostType } from '../../../shared/domain/enums'
import { posts } from '../../db/schema'
import { personOf, type OrganizationActor } from '../actor'
import { firstRevision } from '../approval'
import { authorOf } from './access'
import { contentOf } from './content'
import { recordKeyWrite } from './keyWrites'
import { orderedMedia, replaceMedia, requirePage, usableSlot } from './references'
import { reshareOf } from './reshare'
import { newPostValues } from './rows'
import type { CreatePostInput, PostDeps } from './types'
import { postView } from './views'

/*
 * POST /posts/create: a draft of the user's, for a slot, a page or as a reshare of a recommended
 * post, with its first revision (docs/architecture.md, "Posts on the server"). Through /api/v1 an
 * API key writes it for `authorId`, an ACTIVE member, under that member's rules (their slot, their
 * page, their media); the revision is saved by no person, the audit log and the author's
 * notification name the key (keyWrites.ts).
 */

export async function createPost(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter' | 'notifications'>,
  actor: OrganizationActor,
  input: CreatePostInput & { authorId?: string }
): Promise<Post> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const author = await authorOf(tx, actor, input.authorId ?? '')
    const reshare = input.recommendationId ? await reshareOf(tx, author, input.recommendationId, input, clock.now()) : null
    const slot = input.slotId ? await usableSlot(tx, author, input.slotId, null) : null
    if (input.businessPageId) await requirePage(tx, author, input.businessPageId)
    const mediaRows = input.mediaIds ? await orderedMedia(tx, author, input.mediaIds) : []
    const [row] = await tx
      .insert(posts)
      .values({
        ...newPostValues(
          {
            organizationId: author.organization.id,
            authorUserId: author.userId,
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
    await firstRevision(tx, row!, contentOf(row!, mediaRows), personOf(actor), clock.now())
    await recordKeyWrite(tx, deps.notifications, actor, 'created', row!, clock.now())
    return postView(deps, tx, row!)
  })
}
