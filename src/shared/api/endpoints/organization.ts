import { z } from 'zod'
import { aiTemplateDetailSchema, businessPageSchema, organizationSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint, none, ok } from './base'
import { idSchema, optionalUrlSchema } from './common'

/* The organization's settings and its business pages. */

const pageTextSchema = (max: number) => multiLineText().trim().max(max, `Use at most ${max} characters.`).nullable().optional()
export const businessPageFieldsSchema = z.object({
  linkedInCompanyName: singleLineText({ error: MESSAGES.businessPageNameEmpty }).trim().min(1, MESSAGES.businessPageNameEmpty).max(200),
  linkedInPageLink: optionalUrlSchema.nullable().optional(),
  linkedInWebsite: optionalUrlSchema.nullable().optional(),
  linkedInCompanyDescription: pageTextSchema(2000),
  /** An https:// address or a same-origin path; null for none. */
  image: singleLineText().trim().max(2048).nullable().optional(),
  /** The page's AI setting template (its industries become the page's industries); null for none. */
  aiSettingTemplateId: idSchema.nullable().optional()
})
export const updateBusinessPageBodySchema = businessPageFieldsSchema.partial().extend({ businessPageId: idSchema })

export const organizationEndpoints = {
  // Organization
  getOrganization: endpoint({ method: 'GET', path: '/organization', query: none, body: none, response: organizationSchema }),
  updateOrganizationSettings: endpoint({ role: 'admin', refused: 'Only admins can change the organization settings.',
    method: 'PUT',
    path: '/organization/settings/organization/update',
    query: none,
    body: z.object({ name: singleLineText().trim().min(1, 'Enter the organization name.').max(200) }),
    response: organizationSchema
  }),

  /** Decision: ADMIN only (not GHOST). Deletes everything of the organization; its sessions move on (or to onboarding). */
  deleteOrganization: endpoint({ role: 'adminOnly', refused: MESSAGES.onlyAdminDeletesOrganization, method: 'DELETE', path: '/organization', query: none, body: none, response: ok }),
  /** Sets the organization's default AI template; answers the templates, default first. */
  updateOrganizationAiSettings: endpoint({ role: 'admin',
    method: 'PUT',
    path: '/organization/settings/ai/update',
    query: none,
    body: z.object({ defaultTemplateId: idSchema }),
    response: z.array(aiTemplateDetailSchema)
  }),
  updateDefaultBusinessPage: endpoint({ role: 'admin',
    method: 'PUT',
    path: '/organization/settings/default-page/update',
    query: none,
    body: z.object({ businessPageId: idSchema.nullable() }),
    response: organizationSchema
  }),
  createBusinessPage: endpoint({ role: 'admin', method: 'POST', path: '/organization/business-pages/create', query: none, body: businessPageFieldsSchema, response: businessPageSchema }),
  updateBusinessPage: endpoint({ role: 'admin', method: 'PUT', path: '/organization/business-pages/update', query: none, body: updateBusinessPageBodySchema, response: businessPageSchema }),
  deleteBusinessPage: endpoint({ role: 'admin',
    method: 'DELETE',
    path: '/organization/business-pages/delete',
    query: z.object({ businessPageId: idSchema }),
    body: none,
    response: ok
  })
} as const
