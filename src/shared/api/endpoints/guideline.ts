import { guidelineReadersSchema, guidelineSchema, updateGuidelineBodySchema } from '../../domain/guideline'
import { endpoint, none } from './base'
import { GUIDELINE_MESSAGES } from '../../domain/guideline'

export const guidelineEndpoints = {
  // The posting guideline (POLICY_PAGE): every member reads it, admins write it and see who has read it.
  getGuideline: endpoint({ entitlement: 'POLICY_PAGE', method: 'GET', path: '/organization/guideline', query: none, body: none, response: guidelineSchema }),
  updateGuideline: endpoint({ role: 'admin', refused: GUIDELINE_MESSAGES.onlyAdmins, entitlement: 'POLICY_PAGE', method: 'PUT', path: '/organization/guideline/update', query: none, body: updateGuidelineBodySchema, response: guidelineSchema }),
  getGuidelineReaders: endpoint({ role: 'admin', entitlement: 'POLICY_PAGE', method: 'GET', path: '/organization/guideline/readers', query: none, body: none, response: guidelineReadersSchema })
} as const
