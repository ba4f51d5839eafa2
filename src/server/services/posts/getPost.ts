import type { Post } from '../../../shared/domain/entities'
import type { OrganizationSession } from '../sessions'
import { ownPost } from './access'
import type { PostDeps } from './types'
import { postView } from './views'

/* GET /posts/get: one of the user's own posts (docs/architecture.md, "Posts on the server"). */

export async function getPost(deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>, session: OrganizationSession, postId: string): Promise<Post> {
  return postView(deps, deps.db, await ownPost(deps.db, session, postId))
}
