import { and, eq } from 'drizzle-orm'
import { businessPostTags } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { BUSINESS_TAG_NOT_FOUND, findBusinessTag } from './businessTags'
import type { TagDeps } from './types'

/* Deleting a business tag, admins only (docs/architecture.md, "Organizations and members"). */

export async function removeBusinessTag(deps: Pick<TagDeps, 'db' | 'clock'>, session: OrganizationSession, id: string): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findBusinessTag(db, organizationId, id)
  if (!existing) throw notFound(BUSINESS_TAG_NOT_FOUND)
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(businessPostTags)
      .where(and(eq(businessPostTags.id, existing.id), eq(businessPostTags.organizationId, organizationId)))
      .returning({ id: businessPostTags.id })
    if (deleted.length === 0) throw notFound(BUSINESS_TAG_NOT_FOUND)
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'business_tag.deleted',
      target: { type: 'business_tag', id: existing.id, label: existing.title },
      before: { businessPageId: existing.businessPageId, title: existing.title, color: existing.color }
    })
  })
}
