import { eq } from 'drizzle-orm'
import type { BusinessPostTag } from '../../../shared/domain'
import { businessPostTags } from '../../db/schema'
import { conflict, isUniqueViolation, notFound } from '../../errors'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { BUSINESS_TAG_NOT_FOUND, BUSINESS_TAG_TAKEN, businessView, findBusinessTag } from './businessTags'
import type { TagDeps } from './types'

/* Editing a business tag, admins only (docs/architecture.md, "Organizations and members"). */

export async function updateBusinessTag(
  deps: Pick<TagDeps, 'db' | 'clock'>,
  session: OrganizationSession,
  input: { id: string; title: string; color: string }
): Promise<BusinessPostTag> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findBusinessTag(db, organizationId, input.id)
  if (!existing) throw notFound(BUSINESS_TAG_NOT_FOUND)
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(businessPostTags)
        .set({ title: input.title, color: input.color.toLowerCase(), updatedAt: clock.now() })
        .where(eq(businessPostTags.id, existing.id))
        .returning()
      if (!row) throw notFound(BUSINESS_TAG_NOT_FOUND) // deleted since it was read
      const changed = changedFields({ title: existing.title, color: existing.color }, { title: row.title, color: row.color })
      if (changed) {
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'business_tag.updated',
          target: { type: 'business_tag', id: row.id, label: row.title },
          ...changed
        })
      }
      return businessView(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BUSINESS_TAG_TAKEN, { title: BUSINESS_TAG_TAKEN })
    throw err
  }
}
