import { sql } from 'drizzle-orm'
import { ACADEMY_MESSAGES, type CourseSummary } from '../../../shared/domain/academy'
import { allInTurn } from '../../db/inTurn'
import { academyLessonProgress } from '../../db/schema'
import { notFound } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { courseOf, progressOf, summaryOf } from './courses'
import type { AcademyContext, ProgressInput } from './types'

/*
 * PUT /academy/progress: opening a lesson records it (the resume point); completing and
 * un-completing are explicit, completing again keeps the first time (docs/architecture.md,
 * "Academy: content, quizzes and certificates").
 */

export async function recordProgress(
  deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements' | 'certificates' | 'content'>,
  session: OrganizationSession,
  input: ProgressInput,
  publicBase: string
): Promise<CourseSummary> {
  const { db, clock } = deps
  const found = await courseOf(deps.content, db, session, input.courseSlug)
  if (!found.lessons.some((l) => l.slug === input.lessonSlug)) throw notFound(ACADEMY_MESSAGES.lessonNotFound)
  const now = clock.now()
  const completedAt = input.completed === undefined ? undefined : input.completed ? now : null
  await db
    .insert(academyLessonProgress)
    .values({
      userId: session.userId,
      organizationId: session.organization.id,
      courseSlug: found.slug,
      lessonSlug: input.lessonSlug,
      visitedAt: now,
      completedAt: completedAt ?? null
    })
    .onConflictDoUpdate({
      target: [academyLessonProgress.userId, academyLessonProgress.organizationId, academyLessonProgress.courseSlug, academyLessonProgress.lessonSlug],
      set: {
        visitedAt: now,
        // Completed again keeps the first completion's time.
        ...(completedAt === undefined
          ? {}
          : { completedAt: completedAt ? sql`coalesce(${academyLessonProgress.completedAt}, ${now.toISOString()}::timestamptz)` : null })
      }
    })
  const [rows, certificate] = await allInTurn(db, [() => progressOf(db, session, found.slug), () => deps.certificates.live(session, found.slug, publicBase)])
  return summaryOf(found, rows, certificate)
}
