import type { OrganizationLesson } from '../../../shared/domain/academy'
import type { OrganizationSession } from '../sessions'
import { lessonRows, toLesson } from './lessons'
import type { AcademyContext } from './types'

/* GET /academy/lessons: the organization's own lessons in their order (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function listLessons(deps: Pick<AcademyContext, 'db' | 'entitlements'>, session: OrganizationSession): Promise<OrganizationLesson[]> {
  return (await lessonRows(deps.db, session.organization.id)).map(toLesson)
}
