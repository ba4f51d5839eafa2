import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { templateInputFrom, type AiTemplateInput } from '../../adapters/ai/ai'
import { aiTemplates, businessPageMembers, businessPages, teamMembers, teams } from '../../db/schema'
import { forbidden, notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import type { AiDeps, AiRequest } from './types'

/* The AI setting template a generation uses: chosen, the page's, the team's, else the default (docs/architecture.md, "Writing and publishing"). */

type TemplateFields = Pick<typeof aiTemplates.$inferSelect, 'industries' | 'tone' | 'targetAudience' | 'instructions'>
const templateColumns = {
  industries: aiTemplates.industries,
  tone: aiTemplates.tone,
  targetAudience: aiTemplates.targetAudience,
  instructions: aiTemplates.instructions
}

async function templateById(deps: Pick<AiDeps, 'db'>, organizationId: string, templateId: string): Promise<TemplateFields | null> {
  const { db } = deps
  if (!isUuid(templateId)) return null
  const [row] = await db
    .select(templateColumns)
    .from(aiTemplates)
    .where(and(eq(aiTemplates.id, templateId), eq(aiTemplates.organizationId, organizationId)))
    .limit(1)
  return row ?? null
}

async function teamTemplate(deps: Pick<AiDeps, 'db'>, organizationId: string, userId: string): Promise<TemplateFields | null> {
  const { db } = deps
  const [row] = await db
    .select(templateColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(aiTemplates, and(eq(aiTemplates.id, teams.aiSettingTemplateId), eq(aiTemplates.organizationId, organizationId)))
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)))
    .limit(1)
  return row ?? null
}

async function defaultTemplate(deps: Pick<AiDeps, 'db'>, organizationId: string): Promise<TemplateFields | null> {
  const { db } = deps
  const [row] = await db
    .select(templateColumns)
    .from(aiTemplates)
    .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
    .limit(1)
  return row ?? null
}

/** The page to publish as: of this organization (404) and linked to the user (403). */
async function linkedPage(deps: Pick<AiDeps, 'db'>, session: OrganizationSession, businessPageId: string) {
  const { db } = deps
  const organizationId = session.organization.id
  if (!isUuid(businessPageId)) throw notFound(MESSAGES.businessPageNotFound)
  const [page] = await db
    .select({ templateId: businessPages.aiSettingTemplateId, industry: businessPages.industry, linkedUserId: businessPageMembers.userId })
    .from(businessPages)
    .leftJoin(
      businessPageMembers,
      and(eq(businessPageMembers.businessPageId, businessPages.id), eq(businessPageMembers.userId, session.userId))
    )
    .where(and(eq(businessPages.id, businessPageId), eq(businessPages.organizationId, organizationId)))
    .limit(1)
  if (!page) throw notFound(MESSAGES.businessPageNotFound)
  if (!page.linkedUserId) throw forbidden(MESSAGES.notLinkedToPage)
  return page
}

export async function templateFor(deps: Pick<AiDeps, 'db'>, session: OrganizationSession, input: AiRequest): Promise<AiTemplateInput> {
  const organizationId = session.organization.id
  if (input.templateId) {
    const chosen = await templateById(deps, organizationId, input.templateId)
    if (!chosen) throw notFound(MESSAGES.aiTemplateNotFound)
    return templateInputFrom(chosen)
  }
  let pageIndustry: string | null = null
  if (input.businessPageId) {
    const page = await linkedPage(deps, session, input.businessPageId)
    const own = page.templateId ? await templateById(deps, organizationId, page.templateId) : null
    if (own) return templateInputFrom(own)
    pageIndustry = page.industry?.trim() || null
  }
  const fallback = (await teamTemplate(deps, organizationId, session.userId)) ?? (await defaultTemplate(deps, organizationId))
  const template: AiTemplateInput = fallback ? templateInputFrom(fallback) : { industries: [] }
  return pageIndustry ? { ...template, industries: [pageIndustry] } : template
}
