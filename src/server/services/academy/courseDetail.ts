import { and, desc, eq } from 'drizzle-orm'
import { QUIZ_PASS_MARK, type CourseDetail } from '../../../shared/domain/academy'
import { allInTurn } from '../../db/inTurn'
import { academyQuizAttempts } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { courseOf, progressOf, summaryOf } from './courses'
import type { AcademyContext } from './types'

/*
 * GET /academy/course: a course with its lessons, its quiz without which options are right, and the
 * user's latest attempts (docs/architecture.md, "Academy: content, quizzes and certificates").
 */

/** A quiz's attempts shown with the course, newest first. */
const ATTEMPTS_SHOWN = 20

export async function courseDetail(
  deps: Pick<AcademyContext, 'db' | 'entitlements' | 'certificates' | 'content'>,
  session: OrganizationSession,
  slug: string,
  publicBase: string
): Promise<CourseDetail> {
  const { db } = deps
  const found = await courseOf(deps.content, db, session, slug)
  const [progress, certificate, attempts] = await allInTurn(db, [
    () => progressOf(db, session, found.slug),
    () => deps.certificates.live(session, found.slug, publicBase),
    () =>
      db
        .select()
        .from(academyQuizAttempts)
        .where(
          and(
            eq(academyQuizAttempts.userId, session.userId),
            eq(academyQuizAttempts.organizationId, session.organization.id),
            eq(academyQuizAttempts.courseSlug, found.slug)
          )
        )
        .orderBy(desc(academyQuizAttempts.submittedAt), desc(academyQuizAttempts.id))
        .limit(ATTEMPTS_SHOWN)
  ])
  const summary = summaryOf(found, progress, certificate)
  return {
    course: summary,
    lessons: found.lessons.map((l, i) => ({ ...summary.lessons[i]!, markdown: l.markdown })),
    // Only what a question asks and offers: which options are right never leaves the server.
    quiz: found.quiz
      ? {
          passMark: QUIZ_PASS_MARK,
          questions: found.quiz.questions.map((q) => ({
            id: q.id,
            prompt: q.prompt,
            multiple: q.correct.size > 1,
            options: q.options.map((o) => ({ id: o.id, text: o.text }))
          }))
        }
      : null,
    attempts: attempts.map((a) => ({ submittedAt: a.submittedAt.toISOString(), correct: a.correct, total: a.total, passed: a.passed }))
  }
}
