import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { BusinessPageTags } from '../../../shared/domain'
import { businessPages, businessPostTags } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import { businessView } from './businessTags'
import { checkRange } from './range'
import type { TagDeps, TagRange } from './types'

/* Each business page's tags (docs/architecture.md, "Organizations and members"). */

export async function businessTagsByPages(
  deps: Pick<TagDeps, 'db'>,
  organizationId: string,
  businessPageIds: string[],
  range: TagRange
): Promise<BusinessPageTags[]> {
  const { db } = deps
  checkRange(range)
  const unique = [...new Set(businessPageIds)]
  if (unique.length === 0) return []
  if (!unique.every(isUuid)) throw notFound(MESSAGES.businessPageNotFound)
  const pages = await db
    .select({ id: businessPages.id })
    .from(businessPages)
    .where(and(eq(businessPages.organizationId, organizationId), inArray(businessPages.id, unique)))
  if (pages.length !== unique.length) throw notFound(MESSAGES.businessPageNotFound)
  const rows = await db
    .select()
    .from(businessPostTags)
    .where(inArray(businessPostTags.businessPageId, unique))
    .orderBy(asc(sql`lower(${businessPostTags.title})`), asc(businessPostTags.id))
  return unique.map((businessPageId) => ({ businessPageId, tags: rows.filter((r) => r.businessPageId === businessPageId).map(businessView) }))
}
