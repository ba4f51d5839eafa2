import { asc, eq, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { BusinessPostTag } from '../../../shared/domain'
import { businessPostTags } from '../../db/schema'
import { notFound } from '../../errors'
import { businessView, findPage } from './businessTags'
import type { TagDeps } from './types'

/* A business page's tags (docs/architecture.md, "Organizations and members"). */

export async function listBusinessTags(deps: Pick<TagDeps, 'db'>, organizationId: string, businessPageId: string): Promise<BusinessPostTag[]> {
  const { db } = deps
  const page = await findPage(db, organizationId, businessPageId)
  if (!page) throw notFound(MESSAGES.businessPageNotFound)
  const rows = await db
    .select()
    .from(businessPostTags)
    .where(eq(businessPostTags.businessPageId, page.id))
    .orderBy(asc(sql`lower(${businessPostTags.title})`), asc(businessPostTags.id))
  return rows.map(businessView)
}
