import { ACADEMY_MESSAGES } from '../../../shared/domain/academy'
import { requireAdmin, requireEntitlement } from '../access'
import type { EntitlementService } from '../entitlements'
import type { OrganizationSession } from '../sessions'

/* Who may use the Academy: ACADEMY for everything but the catalogue, admins for the organization's lessons (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export const requireAcademy = (entitlements: EntitlementService, session: OrganizationSession) =>
  requireEntitlement(entitlements, session.organization.id, 'ACADEMY', ACADEMY_MESSAGES.notInPlan)

export async function requireLessonEditor(entitlements: EntitlementService, session: OrganizationSession) {
  await requireAcademy(entitlements, session)
  requireAdmin(session, ACADEMY_MESSAGES.onlyAdminsLessons)
}
