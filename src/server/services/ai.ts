import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { endpoints } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { Draft, Idea } from '../../shared/domain'
import type { PostType } from '../../shared/domain/enums'
import { isEntitled } from '../../shared/rules'
import { AiProviderError, templateInputFrom, type AiTemplateInput, type IdeaGenerator, type IdeaInput } from '../adapters/ai/ai'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { aiGenerations, aiTemplates, assignedSlots, businessPageMembers, businessPages, businessPostTags, memberships, postTags, teamMembers, teams } from '../db/schema'
import { ApiError, forbidden, notFound, planLimit } from '../errors'
import type { OrganizationSession } from './sessions'
import { lockOrganization } from './access'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'

type GenerateIdeasInput = z.output<typeof endpoints.generateIdeas.body>
type GenerateDraftInput = z.output<typeof endpoints.generateDraft.body>
type AiRequest = Omit<GenerateIdeasInput, 'count'>

/** GENERATE_IDEAS_PER_MONTH right after a generation: used this month (that one included) and the limit (0 = unlimited). */
interface AiUsage {
  used: number
  limit: number
}

export interface AiService {
  ideas(session: OrganizationSession, input: GenerateIdeasInput): Promise<{ ideas: Idea[]; usage: AiUsage }>
  draft(session: OrganizationSession, input: GenerateDraftInput): Promise<{ draft: Draft; usage: AiUsage }>
}

const USAGE_KEY = 'GENERATE_IDEAS_PER_MONTH'

/**
 * AI ideas and drafts (issue 6) for any member of the organization (every role).
 *
 * What the generator gets, resolved here rather than trusted from the client:
 * - the AI setting template: body.templateId (of this organization, else 404); else the business
 *   page's template when publishing as a page (the page must be of this organization, 404, and
 *   the user linked to it, 403); else the template of the user's team; else the organization's
 *   default. A page without a template lends its onboarding industry to whichever applies.
 * - the topic: body.tagId (a topic tag or business post tag of this organization, else 404),
 *   else the slot's tag;
 * - audience and post type: the body's, else the slot's (body.slotId: a slot of this organization
 *   with an ACTIVE assignee, the ones the Plan shows, else 404); a draft falls back to its idea's
 *   post type, then textOnly.
 * - seed: the body's, else a fresh one, so asking again gives other offline suggestions.
 *
 * Usage: every successful generation is one ai_generations row. The row is reserved (limit checked
 * and row inserted) in a transaction holding the organization lock, so concurrent calls at
 * limit − 1 cannot both pass; the generator runs after the commit (it may take seconds and must not
 * hold the lock), and a failed generation deletes its reservation so it does not count. A process
 * that dies mid-generation leaves its reservation counted.
 */
export function createAiService(deps: {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  generator: IdeaGenerator
  log?: (message: string) => void
}): AiService {
  const { db, clock, entitlements, generator } = deps
  const log = deps.log ?? (() => undefined)

  type TemplateFields = Pick<typeof aiTemplates.$inferSelect, 'industries' | 'tone' | 'targetAudience' | 'instructions'>
  const templateColumns = {
    industries: aiTemplates.industries,
    tone: aiTemplates.tone,
    targetAudience: aiTemplates.targetAudience,
    instructions: aiTemplates.instructions
  }

  async function templateById(organizationId: string, templateId: string): Promise<TemplateFields | null> {
    if (!isUuid(templateId)) return null
    const [row] = await db
      .select(templateColumns)
      .from(aiTemplates)
      .where(and(eq(aiTemplates.id, templateId), eq(aiTemplates.organizationId, organizationId)))
      .limit(1)
    return row ?? null
  }

  async function teamTemplate(organizationId: string, userId: string): Promise<TemplateFields | null> {
    const [row] = await db
      .select(templateColumns)
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(aiTemplates, and(eq(aiTemplates.id, teams.aiSettingTemplateId), eq(aiTemplates.organizationId, organizationId)))
      .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)))
      .limit(1)
    return row ?? null
  }

  async function defaultTemplate(organizationId: string): Promise<TemplateFields | null> {
    const [row] = await db
      .select(templateColumns)
      .from(aiTemplates)
      .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
      .limit(1)
    return row ?? null
  }

  /** The page to publish as: of this organization (404) and linked to the user (403). */
  async function linkedPage(session: OrganizationSession, businessPageId: string) {
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

  async function templateFor(session: OrganizationSession, input: AiRequest): Promise<AiTemplateInput> {
    const organizationId = session.organization.id
    if (input.templateId) {
      const chosen = await templateById(organizationId, input.templateId)
      if (!chosen) throw notFound(MESSAGES.aiTemplateNotFound)
      return templateInputFrom(chosen)
    }
    let pageIndustry: string | null = null
    if (input.businessPageId) {
      const page = await linkedPage(session, input.businessPageId)
      const own = page.templateId ? await templateById(organizationId, page.templateId) : null
      if (own) return templateInputFrom(own)
      pageIndustry = page.industry?.trim() || null
    }
    const fallback = (await teamTemplate(organizationId, session.userId)) ?? (await defaultTemplate(organizationId))
    const template: AiTemplateInput = fallback ? templateInputFrom(fallback) : { industries: [] }
    return pageIndustry ? { ...template, industries: [pageIndustry] } : template
  }

  async function slotFor(organizationId: string, slotId: string) {
    if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
    const [slot] = await db
      .select({
        postType: assignedSlots.postType,
        targetAudience: assignedSlots.targetAudience,
        tagTitle: postTags.title,
        tagDescription: postTags.description,
        businessTagTitle: businessPostTags.title
      })
      .from(assignedSlots)
      .innerJoin(
        memberships,
        and(eq(memberships.organizationId, assignedSlots.organizationId), eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.status, 'ACTIVE'))
      )
      .leftJoin(postTags, eq(postTags.id, assignedSlots.tagId))
      .leftJoin(businessPostTags, eq(businessPostTags.id, assignedSlots.businessPostTagId))
      .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, organizationId)))
      .limit(1)
    if (!slot) throw notFound(MESSAGES.slotNotFound)
    return slot
  }

  async function topicFor(organizationId: string, tagId: string): Promise<NonNullable<IdeaInput['topic']>> {
    if (!isUuid(tagId)) throw notFound(MESSAGES.tagNotFound)
    const [tag] = await db
      .select({ title: postTags.title, description: postTags.description })
      .from(postTags)
      .where(and(eq(postTags.id, tagId), eq(postTags.organizationId, organizationId)))
      .limit(1)
    if (tag) return tag
    const [pageTag] = await db
      .select({ title: businessPostTags.title })
      .from(businessPostTags)
      .where(and(eq(businessPostTags.id, tagId), eq(businessPostTags.organizationId, organizationId)))
      .limit(1)
    if (!pageTag) throw notFound(MESSAGES.tagNotFound)
    return { title: pageTag.title }
  }

  async function inputFor(session: OrganizationSession, input: AiRequest, ideaPostType?: PostType): Promise<Omit<IdeaInput, 'count'>> {
    const organizationId = session.organization.id
    const slot = input.slotId ? await slotFor(organizationId, input.slotId) : null
    const slotTopic = slot?.tagTitle ? { title: slot.tagTitle, description: slot.tagDescription } : slot?.businessTagTitle ? { title: slot.businessTagTitle } : null
    const topic = input.tagId ? await topicFor(organizationId, input.tagId) : slotTopic
    const template = await templateFor(session, input)
    return {
      template,
      topic,
      targetAudience: input.targetAudience || slot?.targetAudience || null,
      postType: input.postType ?? (slot?.postType as PostType | undefined) ?? ideaPostType ?? 'textOnly',
      seed: input.seed ?? randomUUID()
    }
  }

  /** Checks the monthly limit and records the generation, under the organization lock. */
  async function reserve(session: OrganizationSession, kind: 'ideas' | 'draft'): Promise<{ id: string; usage: AiUsage }> {
    const organizationId = session.organization.id
    return db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId)
      const list = await entitlements.list(organizationId, tx)
      if (!isEntitled(list, USAGE_KEY)) throw planLimit(MESSAGES.aiLimitReached)
      const entitlement = list.find((e) => e.lookupKey === USAGE_KEY)!
      const id = randomUUID()
      await tx.insert(aiGenerations).values({ id, organizationId, userId: session.userId, kind, provider: generator.kind, createdAt: clock.now() })
      return { id, usage: { used: entitlement.currentUsage + 1, limit: entitlement.limit } }
    })
  }

  async function generate<T>(session: OrganizationSession, kind: 'ideas' | 'draft', run: () => Promise<T>): Promise<{ result: T; usage: AiUsage }> {
    const reservation = await reserve(session, kind)
    try {
      return { result: await run(), usage: reservation.usage }
    } catch (err) {
      await db
        .delete(aiGenerations)
        .where(eq(aiGenerations.id, reservation.id))
        .catch((deleteErr: unknown) => log(`AI generation ${reservation.id} failed and its usage could not be released: ${String(deleteErr)}`))
      throw providerFailure(err)
    }
  }

  return {
    async ideas(session, input) {
      const { count, ...request } = input
      const ideaInput: IdeaInput = { ...(await inputFor(session, request)), count }
      const { result, usage } = await generate(session, 'ideas', () => generator.ideas(ideaInput))
      return { ideas: result, usage }
    },

    async draft(session, input) {
      const { idea, ...request } = input
      const draftInput = { ...(await inputFor(session, request, idea.postType)), idea }
      const { result, usage } = await generate(session, 'draft', () => generator.draft(draftInput))
      return { draft: result, usage }
    }
  }
}

/**
 * A provider failure as a 502 the user can act on: down, timed out or failing on its side is
 * MESSAGES.aiUnavailable; a refused key, a rejected request, a rate limit or an unreadable answer
 * keep the adapter's own message (written for users, without provider internals). Anything else
 * is a bug and stays a 500.
 */
export function providerFailure(err: unknown): unknown {
  if (!(err instanceof AiProviderError)) return err
  return new ApiError(502, 'bad_gateway', err.unavailable ? MESSAGES.aiUnavailable : err.message)
}
