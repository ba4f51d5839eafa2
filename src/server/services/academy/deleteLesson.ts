import { and, eq } from 'drizzle-orm'
import { ORGANIZATION_COURSE_SLUG } from '../../../shared/domain/academy'
import { academyLessonProgress, organizationLessons } from '../../db/schema'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { lessonOf, wordCount } from './lessons'
import type { AcademyContext } from './types'

/* DELETE /academy/lessons/delete: an admin removes a lesson and everyone's progress on it, audited (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function deleteLesson(deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements'>, session: OrganizationSession, lessonId: string): Promise<void> {
  const { db, clock } = deps
  await db.transaction(async (tx) => {
    const row = await lessonOf(tx, session, lessonId)
    await tx.delete(organizationLessons).where(eq(organizationLessons.id, row.id))
    await tx
      .delete(academyLessonProgress)
      .where(
        and(
          eq(academyLessonProgress.organizationId, session.organization.id),
          eq(academyLessonProgress.courseSlug, ORGANIZATION_COURSE_SLUG),
          eq(academyLessonProgress.lessonSlug, row.id)
        )
      )
    await record(tx, {
      organizationId: session.organization.id,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'academy.lesson_deleted',
      target: { type: 'academy_lesson', id: row.id, label: row.title },
      before: { title: row.title, summary: row.summary, words: wordCount(row.body) }
    })
  })
}
