import { eq } from 'drizzle-orm'
import type { OrganizationLesson } from '../../../shared/domain/academy'
import { organizationLessons } from '../../db/schema'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { lessonOf, toLesson, wordCount } from './lessons'
import type { AcademyContext, LessonUpdateInput } from './types'

/* PUT /academy/lessons/update: an admin's edit of a lesson, audited without its text (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function updateLesson(
  deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements'>,
  session: OrganizationSession,
  input: LessonUpdateInput
): Promise<OrganizationLesson> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const before = await lessonOf(tx, session, input.lessonId)
    const now = clock.now()
    const [row] = await tx
      .update(organizationLessons)
      .set({ title: input.title, summary: input.summary, body: input.body, position: input.position ?? before.position, updatedAt: now })
      .where(eq(organizationLessons.id, before.id))
      .returning()
    const changed = changedFields(
      { title: before.title, summary: before.summary, position: before.position, words: wordCount(before.body) },
      { title: row!.title, summary: row!.summary, position: row!.position, words: wordCount(row!.body) }
    )
    // The text itself is not copied into the log: an edit that keeps its word count still shows as one.
    const edited = changed ?? (before.body !== row!.body ? { before: { text: 'previous' }, after: { text: 'edited' } } : null)
    if (edited) {
      await record(tx, {
        organizationId: session.organization.id,
        at: now,
        actor: sessionActor(session),
        action: 'academy.lesson_updated',
        target: { type: 'academy_lesson', id: row!.id, label: row!.title },
        ...edited
      })
    }
    return toLesson(row!)
  })
}
