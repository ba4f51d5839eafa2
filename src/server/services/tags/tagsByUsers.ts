import type { UserTags } from '../../../shared/domain'
import { requireMembers } from '../access'
import { checkRange } from './range'
import { tagIdsAssignedTo, views } from './topicTags'
import type { TagDeps, TagRange } from './types'

/* Each member's topic tags (docs/architecture.md, "Organizations and members"). */

export async function tagsByUsers(deps: Pick<TagDeps, 'db'>, organizationId: string, userIds: string[], range: TagRange): Promise<UserTags[]> {
  const { db } = deps
  checkRange(range)
  await requireMembers(db, organizationId, userIds)
  const unique = [...new Set(userIds)]
  const all = await views(db, organizationId, await tagIdsAssignedTo(db, organizationId, unique))
  return unique.map((userId) => ({ userId, tags: all.filter((t) => t.assignedUsers.includes(userId)) }))
}
