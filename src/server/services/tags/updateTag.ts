import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostTag } from '../../../shared/domain'
import { postTagAssignments, postTags } from '../../db/schema'
import { isUniqueViolation, notFound } from '../../errors'
import { requireMembers } from '../access'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { findTag, replaceAssignments, requireTagManager, tagFields, titleTaken, views } from './topicTags'
import type { TagDeps, UpdatePostTagInput } from './types'

/* Editing a topic tag and its assigned users (docs/architecture.md, "Organizations and members"). */

export async function updateTag(deps: Pick<TagDeps, 'db' | 'clock'>, session: OrganizationSession, input: UpdatePostTagInput): Promise<PostTag> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findTag(db, organizationId, input.tagId)
  if (!existing) throw notFound(MESSAGES.tagNotFound)
  await requireMembers(db, organizationId, input.assignedUsers)
  const before = await db.select({ userId: postTagAssignments.userId }).from(postTagAssignments).where(eq(postTagAssignments.tagId, existing.id))
  await requireTagManager(db, session, [...before.map((b) => b.userId), ...input.assignedUsers])
  try {
    return await db.transaction(async (tx) => {
      // Deleted since it was read (a racing delete): 404 before assignments to a missing tag are written.
      const updated = await tx
        .update(postTags)
        .set({ title: input.tagTitle, color: input.tagColor.toLowerCase(), description: input.tagDescription || null, updatedAt: clock.now() })
        .where(eq(postTags.id, existing.id))
        .returning({ id: postTags.id })
      if (updated.length === 0) throw notFound(MESSAGES.tagNotFound)
      await replaceAssignments(tx, organizationId, existing.id, input.assignedUsers)
      const changed = changedFields(
        { title: existing.title, color: existing.color, description: existing.description, assignedUsers: before.map((b) => b.userId).sort() },
        { ...tagFields(input), assignedUsers: [...new Set(input.assignedUsers)].sort() }
      )
      if (changed) {
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'tag.updated',
          target: { type: 'tag', id: existing.id, label: input.tagTitle },
          ...changed
        })
      }
      return (await views(tx, organizationId, [existing.id]))[0]!
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken()
    throw err
  }
}
