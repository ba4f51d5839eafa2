import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BusinessPage } from '../../../shared/domain'
import { isSafeImageAddress } from '../../../shared/rules/images'
import type { Executor } from '../../db/client'
import { aiTemplates, businessPages } from '../../db/schema'
import { badRequest } from '../../errors'
import { isUuid } from '../ids'

/* Business pages: their view, the look-up, the image check and what the audit log keeps (docs/architecture.md, "Organizations and members"). */

/** https:// on a public host or a same-origin path (rules/images.ts): the renderer puts a page image into <img src>. */
const INVALID_PAGE_IMAGE = 'Use an image address starting with https://'

export async function pageViews(executor: Executor, organizationId: string, ids?: string[]): Promise<BusinessPage[]> {
  const rows = await executor
    .select({ page: businessPages, industries: aiTemplates.industries })
    .from(businessPages)
    .leftJoin(aiTemplates, eq(aiTemplates.id, businessPages.aiSettingTemplateId))
    .where(and(eq(businessPages.organizationId, organizationId), ids ? inArray(businessPages.id, ids) : undefined))
    .orderBy(asc(businessPages.createdAt), asc(sql`lower(${businessPages.linkedInCompanyName})`), asc(businessPages.id))
  return rows.map(({ page: p, industries }) => ({
    id: p.id,
    image: p.image,
    linkedInCompanyName: p.linkedInCompanyName,
    linkedInWebsite: p.linkedInWebsite,
    linkedInCompanyDescription: p.linkedInCompanyDescription,
    linkedInPageLink: p.linkedInPageLink,
    // Industries come from the page's AI setting template; onboarding's industry until it has one.
    aiSettingTemplate: industries
      ? { industries: industries.map((industry) => ({ industry })) }
      : p.industry
        ? { industries: [{ industry: p.industry }] }
        : null,
    aiSettingTemplateId: p.aiSettingTemplateId
  }))
}

export async function findPage(executor: Executor, organizationId: string, id: string) {
  if (!isUuid(id)) return null
  const [row] = await executor.select().from(businessPages).where(and(eq(businessPages.id, id), eq(businessPages.organizationId, organizationId))).limit(1)
  return row ?? null
}

export function checkImage(image: string | null | undefined): string | null | undefined {
  if (image === undefined) return undefined
  const value = image?.trim() || null
  if (value !== null && !isSafeImageAddress(value)) throw badRequest(INVALID_PAGE_IMAGE, { image: INVALID_PAGE_IMAGE })
  return value
}

/** A business page's settings as the audit log keeps them. */
export const pageFields = (p: typeof businessPages.$inferSelect) => ({
  linkedInCompanyName: p.linkedInCompanyName,
  linkedInPageLink: p.linkedInPageLink,
  linkedInWebsite: p.linkedInWebsite,
  linkedInCompanyDescription: p.linkedInCompanyDescription,
  image: p.image,
  aiSettingTemplateId: p.aiSettingTemplateId
})

export const emptyOrNull = (v: string | null | undefined) => (v === undefined ? undefined : v && v.length > 0 ? v : null)
