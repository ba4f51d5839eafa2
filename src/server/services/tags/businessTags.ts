import { and, eq } from 'drizzle-orm'
import type { BusinessPostTag } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { businessPages, businessPostTags } from '../../db/schema'
import { isUuid } from '../ids'

/* Business tags: their messages, look-ups and view (docs/architecture.md, "Organizations and members"). */

export const BUSINESS_TAG_TAKEN = 'This business page already has a tag with this title.'
export const BUSINESS_TAG_NOT_FOUND = 'Business tag not found.'

export async function findPage(executor: Executor, organizationId: string, pageId: string) {
  if (!isUuid(pageId)) return null
  const [row] = await executor
    .select({ id: businessPages.id })
    .from(businessPages)
    .where(and(eq(businessPages.id, pageId), eq(businessPages.organizationId, organizationId)))
    .limit(1)
  return row ?? null
}

export async function findBusinessTag(executor: Executor, organizationId: string, id: string) {
  if (!isUuid(id)) return null
  const [row] = await executor
    .select()
    .from(businessPostTags)
    .where(and(eq(businessPostTags.id, id), eq(businessPostTags.organizationId, organizationId)))
    .limit(1)
  return row ?? null
}

export const businessView = (r: typeof businessPostTags.$inferSelect): BusinessPostTag => ({ id: r.id, title: r.title, color: r.color.toLowerCase() })
