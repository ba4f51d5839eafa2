import type { Post } from '../../../shared/domain/entities'
import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { ownPost, transition } from './access'
import type { PostDeps } from './types'
import { postView } from './views'

/* POST /posts/unschedule: a SCHEDULED post back to DRAFT (docs/architecture.md, "Post lifecycle"). */

export async function unschedulePost(deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>, session: OrganizationSession, postId: string): Promise<Post> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const post = await ownPost(tx, session, postId, true)
    requirePostTransition(post, 'unschedule')
    // Only a SCHEDULED post changes (back to DRAFT, version + 1, so a publisher holding the old one drops it).
    return postView(deps, tx, await transition(tx, clock, post, 'unschedule'))
  })
}
