import type { Post } from '../../../shared/domain/entities'
import type { OrganizationSession } from '../sessions'
import { scheduleAt } from './scheduling'
import type { PostDeps } from './types'

/*
 * POST /posts/retry: the user's explicit retry of a failed post, now (handed to the publisher at
 * once) or at a time, with a new idempotency key (docs/architecture.md, "Posts on the server").
 */

export async function retryPost(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter' | 'kick'>,
  session: OrganizationSession,
  input: { postId: string; scheduledAt?: string }
): Promise<Post> {
  const post = await scheduleAt(deps, session, { postId: input.postId, when: input.scheduledAt ? new Date(input.scheduledAt) : 'now', onlyFailed: true })
  if (!input.scheduledAt) deps.kick()
  return post
}
