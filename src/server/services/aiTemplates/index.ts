import type { AiTemplateDetail } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { createAiTemplate } from './createAiTemplate'
import { listAiTemplates } from './listAiTemplates'
import { removeAiTemplate } from './removeAiTemplate'
import { setDefaultAiTemplate } from './setDefaultAiTemplate'
import type { AiTemplateDeps, CreateAiTemplateInput, UpdateAiTemplateInput } from './types'
import { updateAiTemplate } from './updateAiTemplate'

/*
 * AI templates: list, create, edit, delete and make default. One use case per file; this facade
 * only delegates. The rules are in docs/architecture.md, "Organizations and members".
 */

export { createDefaultTemplate } from './templateRows'
export type { AiTemplateDeps, CreateAiTemplateInput, UpdateAiTemplateInput } from './types'

export interface AiTemplateService {
  /** The organization default first, then by name (spec §9). */
  list(organizationId: string): Promise<AiTemplateDetail[]>
  create(session: OrganizationSession, input: CreateAiTemplateInput): Promise<AiTemplateDetail>
  update(session: OrganizationSession, input: UpdateAiTemplateInput): Promise<AiTemplateDetail>
  remove(session: OrganizationSession, templateId: string): Promise<void>
  setDefault(session: OrganizationSession, templateId: string): Promise<AiTemplateDetail[]>
}

export function createAiTemplateService(deps: AiTemplateDeps): AiTemplateService {
  return {
    list: (organizationId) => listAiTemplates(deps, organizationId),
    create: (session, input) => createAiTemplate(deps, session, input),
    update: (session, input) => updateAiTemplate(deps, session, input),
    remove: (session, templateId) => removeAiTemplate(deps, session, templateId),
    setDefault: (session, templateId) => setDefaultAiTemplate(deps, session, templateId)
  }
}
