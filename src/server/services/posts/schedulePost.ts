import type { Post } from '../../../shared/domain/entities'
import type { OrganizationActor } from '../actor'
import { recordKeyWrite } from './keyWrites'
import { scheduleAt } from './scheduling'
import type { PostDeps, SchedulePostInput } from './types'

/* POST /posts/schedule: at an instant, or at its slot's time (docs/architecture.md, "Posts on the server"); also a key's /api/v1 schedule. */

export async function schedulePost(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter' | 'notifications'>,
  actor: OrganizationActor,
  input: Omit<SchedulePostInput, 'version'> & { version?: number }
): Promise<Post> {
  return scheduleAt(
    deps,
    actor,
    { postId: input.postId, version: input.version, when: input.scheduledAt ? new Date(input.scheduledAt) : null, slotId: input.slotId },
    (tx, row, now) => recordKeyWrite(tx, deps.notifications, actor, 'scheduled', row, now)
  )
}
