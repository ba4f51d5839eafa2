import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { postTagAssignments, postTags } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { findTag, requireTagManager } from './topicTags'
import type { TagDeps } from './types'

/* Deleting a topic tag; of a burst of deletes one answers 200 (docs/architecture.md, "Organizations and members"). */

export async function removeTag(deps: Pick<TagDeps, 'db' | 'clock'>, session: OrganizationSession, tagId: string): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findTag(db, organizationId, tagId)
  if (!existing) throw notFound(MESSAGES.tagNotFound)
  const before = await db.select({ userId: postTagAssignments.userId }).from(postTagAssignments).where(eq(postTagAssignments.tagId, existing.id))
  await requireTagManager(db, session, before.map((b) => b.userId))
  await db.transaction(async (tx) => {
    // Conditional: of a burst of deletes only the one that removed the row answers 200.
    const deleted = await tx
      .delete(postTags)
      .where(and(eq(postTags.id, existing.id), eq(postTags.organizationId, organizationId)))
      .returning({ id: postTags.id })
    if (deleted.length === 0) throw notFound(MESSAGES.tagNotFound)
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'tag.deleted',
      target: { type: 'tag', id: existing.id, label: existing.title },
      before: { title: existing.title, color: existing.color, description: existing.description }
    })
  })
}
