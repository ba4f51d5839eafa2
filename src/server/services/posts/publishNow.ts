import type { Post } from '../../../shared/domain/entities'
import type { OrganizationActor } from '../actor'
import { recordKeyWrite } from './keyWrites'
import { scheduleAt } from './scheduling'
import type { PostDeps } from './types'

/* POST /posts/publish-now: scheduled at the server's now and handed to this process's publisher at once (docs/architecture.md, "Posts on the server"); also a key's /api/v1 publish-now. */

export async function publishNow(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter' | 'kick' | 'notifications'>,
  actor: OrganizationActor,
  input: { postId: string; version?: number }
): Promise<Post> {
  const post = await scheduleAt(deps, actor, { postId: input.postId, version: input.version, when: 'now' }, (tx, row, now) =>
    recordKeyWrite(tx, deps.notifications, actor, 'publishNow', row, now)
  )
  deps.kick()
  return post
}
