import type { Post } from '../../../shared/domain/entities'
import type { OrganizationSession } from '../sessions'
import { scheduleAt } from './scheduling'
import type { PostDeps } from './types'

/* POST /posts/publish-now: scheduled at the server's now and handed to this process's publisher at once (docs/architecture.md, "Posts on the server"). */

export async function publishNow(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter' | 'kick'>,
  session: OrganizationSession,
  input: { postId: string; version: number }
): Promise<Post> {
  const post = await scheduleAt(deps, session, { postId: input.postId, version: input.version, when: 'now' })
  deps.kick()
  return post
}
