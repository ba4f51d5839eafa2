import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { BusinessPostTag } from '../../../shared/domain'
import { businessPostTags } from '../../db/schema'
import { conflict, isUniqueViolation, notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { BUSINESS_TAG_TAKEN, businessView, findPage } from './businessTags'
import type { TagDeps } from './types'

/* A new tag of a business page, admins only (docs/architecture.md, "Organizations and members"). */

export async function createBusinessTag(
  deps: Pick<TagDeps, 'db' | 'clock'>,
  session: OrganizationSession,
  input: { businessPageId: string; title: string; color: string }
): Promise<BusinessPostTag> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const page = await findPage(db, organizationId, input.businessPageId)
  if (!page) throw notFound(MESSAGES.businessPageNotFound)
  const now = clock.now()
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(businessPostTags)
        .values({ id: randomUUID(), organizationId, businessPageId: page.id, title: input.title, color: input.color.toLowerCase(), createdAt: now, updatedAt: now })
        .returning()
      await record(tx, {
        organizationId,
        at: now,
        actor: sessionActor(session),
        action: 'business_tag.created',
        target: { type: 'business_tag', id: row!.id, label: row!.title },
        after: { businessPageId: page.id, title: row!.title, color: row!.color }
      })
      return businessView(row!)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BUSINESS_TAG_TAKEN, { title: BUSINESS_TAG_TAKEN })
    throw err
  }
}
