import { z } from 'zod'
import { aiTemplateDetailSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint, none, ok } from './base'
import { idSchema } from './common'

/* AI setting templates. */

const aiTemplateFields = {
  templateName: singleLineText({ error: MESSAGES.aiTemplateNameEmpty }).trim().min(1, MESSAGES.aiTemplateNameEmpty).max(200),
  industries: z.array(singleLineText().trim().min(1).max(200)).max(50).default([]),
  tone: multiLineText().trim().max(500).default(''),
  targetAudience: multiLineText().trim().max(1000).default(''),
  instructions: multiLineText().trim().max(5000).default('')
}
export const createAiTemplateBodySchema = z.object(aiTemplateFields)
export const updateAiTemplateBodySchema = z.object({
  templateId: idSchema,
  templateName: aiTemplateFields.templateName.optional(),
  industries: z.array(singleLineText().trim().min(1).max(200)).max(50).optional(),
  tone: multiLineText().trim().max(500).optional(),
  targetAudience: multiLineText().trim().max(1000).optional(),
  instructions: multiLineText().trim().max(5000).optional()
})

export const aiTemplateEndpoints = {
  // AI setting templates: the organization default first, then by name
  listAiTemplates: endpoint({ method: 'GET', path: '/ai-template', query: none, body: none, response: z.array(aiTemplateDetailSchema) }),
  createAiTemplate: endpoint({ role: 'admin', method: 'POST', path: '/ai-template/create', query: none, body: createAiTemplateBodySchema, response: aiTemplateDetailSchema }),
  updateAiTemplate: endpoint({ role: 'admin', method: 'PUT', path: '/ai-template/update', query: none, body: updateAiTemplateBodySchema, response: aiTemplateDetailSchema }),
  deleteAiTemplate: endpoint({ role: 'admin', method: 'DELETE', path: '/ai-template/delete', query: z.object({ templateId: idSchema }), body: none, response: ok })
} as const
