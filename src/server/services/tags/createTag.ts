import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostTag } from '../../../shared/domain'
import { postTags } from '../../db/schema'
import { isUniqueViolation } from '../../errors'
import { lockOrganization, requireMembers } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { replaceAssignments, requireTagManager, tagFields, titleTaken, views } from './topicTags'
import type { CreatePostTagInput, TagDeps } from './types'

/* A new topic tag with its assigned users, within the plan's limit (docs/architecture.md, "Organizations and members"). */

export async function createTag(deps: TagDeps, session: OrganizationSession, input: CreatePostTagInput): Promise<PostTag> {
  const { db, clock, entitlements } = deps
  const organizationId = session.organization.id
  await requireMembers(db, organizationId, input.assignedUsers)
  await requireTagManager(db, session, input.assignedUsers)
  const id = randomUUID()
  try {
    // The answer is read in the same transaction: a delete racing right after cannot leave it empty.
    return await db.transaction(async (tx) => {
      // Counted under the organization lock: two simultaneous creates cannot both take the last tag.
      await lockOrganization(tx, organizationId)
      await entitlements.requireWithin(tx, organizationId, 'TOPIC_TAGS', MESSAGES.topicTagsLimit)
      const now = clock.now()
      await tx.insert(postTags).values({
        id,
        organizationId,
        title: input.tagTitle,
        color: input.tagColor.toLowerCase(),
        description: input.tagDescription || null,
        createdAt: now,
        updatedAt: now
      })
      await replaceAssignments(tx, organizationId, id, input.assignedUsers)
      await record(tx, {
        organizationId,
        at: now,
        actor: sessionActor(session),
        action: 'tag.created',
        target: { type: 'tag', id, label: input.tagTitle },
        after: { ...tagFields(input), assignedUsers: [...new Set(input.assignedUsers)].sort() }
      })
      return (await views(tx, organizationId, [id]))[0]!
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken()
    throw err
  }
}
