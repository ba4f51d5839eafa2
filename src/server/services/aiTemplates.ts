import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { createAiTemplateBodySchema, updateAiTemplateBodySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AiTemplateDetail } from '../../shared/domain'
import { sortDefaultFirst } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { aiTemplates } from '../db/schema'
import { conflict, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { lockOrganization, requireAdmin } from './access'
import { changedFields, record, sessionActor } from './audit'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'

type CreateAiTemplateInput = z.output<typeof createAiTemplateBodySchema>
type UpdateAiTemplateInput = z.output<typeof updateAiTemplateBodySchema>

const DEFAULT_TEMPLATE_NAME = 'Default'

type Row = typeof aiTemplates.$inferSelect
const toView = (r: Row): AiTemplateDetail => ({
  id: r.id,
  templateName: r.templateName,
  isDefaultOrganizationTemplate: r.isDefault,
  industries: r.industries,
  tone: r.tone,
  targetAudience: r.targetAudience,
  instructions: r.instructions,
  createdAt: r.createdAt.toISOString()
})

/** The organization's default AI template, made at onboarding (its industry becomes the template's). */
export async function createDefaultTemplate(executor: Executor, organizationId: string, industries: string[], now: Date): Promise<string> {
  const id = randomUUID()
  await executor.insert(aiTemplates).values({
    id,
    organizationId,
    templateName: DEFAULT_TEMPLATE_NAME,
    isDefault: true,
    industries,
    createdAt: now,
    updatedAt: now
  })
  return id
}

export interface AiTemplateService {
  /** The organization default first, then by name (spec §9). */
  list(organizationId: string): Promise<AiTemplateDetail[]>
  create(session: OrganizationSession, input: CreateAiTemplateInput): Promise<AiTemplateDetail>
  update(session: OrganizationSession, input: UpdateAiTemplateInput): Promise<AiTemplateDetail>
  remove(session: OrganizationSession, templateId: string): Promise<void>
  setDefault(session: OrganizationSession, templateId: string): Promise<AiTemplateDetail[]>
}

/** A template's settings as the audit log keeps them. */
const templateFields = (t: Row) => ({
  templateName: t.templateName,
  industries: t.industries,
  tone: t.tone,
  targetAudience: t.targetAudience,
  instructions: t.instructions
})

export function createAiTemplateService(deps: { db: Database; clock: Clock; entitlements: EntitlementService }): AiTemplateService {
  const { db, clock, entitlements } = deps

  async function find(executor: Executor, organizationId: string, id: string): Promise<Row | null> {
    if (!isUuid(id)) return null
    const [row] = await executor.select().from(aiTemplates).where(and(eq(aiTemplates.id, id), eq(aiTemplates.organizationId, organizationId))).limit(1)
    return row ?? null
  }

  const service: AiTemplateService = {
    async list(organizationId) {
      const rows = await db.select().from(aiTemplates).where(eq(aiTemplates.organizationId, organizationId))
      return sortDefaultFirst(rows.map(toView))
    },

    async create(session, input) {
      requireAdmin(session)
      const organizationId = session.organization.id
      return db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        // Counted under the organization lock: two simultaneous creates cannot both take the last template.
        await entitlements.requireWithin(tx, organizationId, 'AI_TEMPLATES', MESSAGES.aiTemplatesLimit)
        // The first template of an organization (one that predates defaults) becomes its default.
        const [defaults] = await tx
          .select({ n: count() })
          .from(aiTemplates)
          .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
        const now = clock.now()
        const [row] = await tx
          .insert(aiTemplates)
          .values({ id: randomUUID(), organizationId, ...input, isDefault: Number(defaults?.n ?? 0) === 0, createdAt: now, updatedAt: now })
          .returning()
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action: 'ai_template.created',
          target: { type: 'ai_template', id: row!.id, label: row!.templateName },
          after: { ...templateFields(row!), isDefault: row!.isDefault }
        })
        return toView(row!)
      })
    },

    async update(session, input) {
      const organizationId = session.organization.id
      const existing = await find(db, organizationId, input.templateId)
      if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
      requireAdmin(session)
      const { templateId: _id, ...changes } = input
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(aiTemplates)
          .set({ ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), updatedAt: clock.now() })
          .where(eq(aiTemplates.id, existing.id))
          .returning()
        if (!row) throw notFound(MESSAGES.aiTemplateNotFound) // deleted since it was read
        const changed = changedFields(templateFields(existing), templateFields(row))
        if (changed) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'ai_template.updated',
            target: { type: 'ai_template', id: row.id, label: row.templateName },
            ...changed
          })
        }
        return toView(row)
      })
    },

    async remove(session, templateId) {
      const organizationId = session.organization.id
      const existing = await find(db, organizationId, templateId)
      if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
      requireAdmin(session)
      if (existing.isDefault) throw conflict(MESSAGES.aiTemplateDefaultNotDeletable)
      // Conditional on what was checked: only one of a burst of deletes answers 200, and a template
      // made the default meanwhile is not deleted.
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(aiTemplates)
          .where(and(eq(aiTemplates.id, existing.id), eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, false)))
          .returning({ id: aiTemplates.id })
        if (rows.length > 0) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'ai_template.deleted',
            target: { type: 'ai_template', id: existing.id, label: existing.templateName },
            before: templateFields(existing)
          })
        }
        return rows
      })
      if (deleted.length > 0) return
      if ((await find(db, organizationId, existing.id))?.isDefault) throw conflict(MESSAGES.aiTemplateDefaultNotDeletable)
      throw notFound(MESSAGES.aiTemplateNotFound)
    },

    async setDefault(session, templateId) {
      const organizationId = session.organization.id
      const existing = await find(db, organizationId, templateId)
      if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
      requireAdmin(session)
      await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const previous = await tx
          .update(aiTemplates)
          .set({ isDefault: false })
          .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
          .returning({ id: aiTemplates.id, templateName: aiTemplates.templateName })
        // Deleted since it was read: 404, and the unset above rolls back (the organization keeps its default).
        const made = await tx
          .update(aiTemplates)
          .set({ isDefault: true, updatedAt: clock.now() })
          .where(and(eq(aiTemplates.id, existing.id), eq(aiTemplates.organizationId, organizationId)))
          .returning({ id: aiTemplates.id })
        if (made.length === 0) throw notFound(MESSAGES.aiTemplateNotFound)
        if (previous[0]?.id !== existing.id) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'ai_template.default_changed',
            target: { type: 'ai_template', id: existing.id, label: existing.templateName },
            before: { defaultTemplate: previous[0]?.templateName ?? null },
            after: { defaultTemplate: existing.templateName }
          })
        }
      })
      return service.list(organizationId)
    }
  }
  return service
}
