import { and, asc, eq } from 'drizzle-orm'
import { ACADEMY_MESSAGES, type OrganizationLesson } from '../../../shared/domain/academy'
import type { Executor } from '../../db/client'
import { organizationLessons } from '../../db/schema'
import { notFound } from '../../errors'
import { requireUuid } from '../access'
import type { OrganizationSession } from '../sessions'

/* The organization's own lessons as rows and as the API shows them (docs/architecture.md, "Academy: content, quizzes and certificates"). */

type LessonRow = typeof organizationLessons.$inferSelect

export const toLesson = (row: LessonRow): OrganizationLesson => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  body: row.body,
  position: row.position,
  updatedAt: row.updatedAt.toISOString()
})

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

export async function lessonRows(executor: Executor, organizationId: string): Promise<LessonRow[]> {
  return executor
    .select()
    .from(organizationLessons)
    .where(eq(organizationLessons.organizationId, organizationId))
    .orderBy(asc(organizationLessons.position), asc(organizationLessons.createdAt), asc(organizationLessons.id))
}

/** A lesson of the session's organization, locked for the transaction; 404 for anything else. */
export async function lessonOf(executor: Executor, session: OrganizationSession, lessonId: string): Promise<LessonRow> {
  requireUuid(lessonId, ACADEMY_MESSAGES.lessonNotFound)
  const [row] = await executor
    .select()
    .from(organizationLessons)
    .where(and(eq(organizationLessons.id, lessonId), eq(organizationLessons.organizationId, session.organization.id)))
    .for('update')
  if (!row) throw notFound(ACADEMY_MESSAGES.lessonNotFound)
  return row
}
