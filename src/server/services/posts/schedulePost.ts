import type { Post } from '../../../shared/domain/entities'
import type { OrganizationSession } from '../sessions'
import { scheduleAt } from './scheduling'
import type { PostDeps, SchedulePostInput } from './types'

/* POST /posts/schedule: at an instant, or at its slot's time (docs/architecture.md, "Posts on the server"). */

export async function schedulePost(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedIn' | 'linkedInAdapter'>,
  session: OrganizationSession,
  input: SchedulePostInput
): Promise<Post> {
  return scheduleAt(deps, session, {
    postId: input.postId,
    version: input.version,
    when: input.scheduledAt ? new Date(input.scheduledAt) : null,
    slotId: input.slotId
  })
}
