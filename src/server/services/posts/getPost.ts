import type { Post } from '../../../shared/domain/entities'
import type { OrganizationActor } from '../actor'
import { ownPost } from './access'
import type { PostDeps } from './types'
import { postView } from './views'

/* GET /posts/get: one of the user's own posts; for an API key, any post of its organization (docs/architecture.md, "Posts on the server"). */

export async function getPost(deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>, actor: OrganizationActor, postId: string): Promise<Post> {
  return postView(deps, deps.db, await ownPost(deps.db, actor, postId))
}
