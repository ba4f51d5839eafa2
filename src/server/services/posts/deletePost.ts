import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { ownPost, transition } from './access'
import type { PostDeps } from './types'

/* DELETE /posts/delete: the author's post, unless it is being published or published (docs/architecture.md, "Post lifecycle"). */

export async function deletePost(deps: Pick<PostDeps, 'db' | 'clock'>, session: OrganizationSession, postId: string): Promise<void> {
  const { db, clock } = deps
  await db.transaction(async (tx) => {
    const post = await ownPost(tx, session, postId, true)
    requirePostTransition(post, 'delete')
    await transition(tx, clock, post, 'delete')
  })
}
