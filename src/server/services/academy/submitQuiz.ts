import { randomUUID } from 'node:crypto'
import { ACADEMY_MESSAGES, QUIZ_PASS_MARK, type QuizResult } from '../../../shared/domain/academy'
import { academyQuizAttempts } from '../../db/schema'
import { notFound } from '../../errors'
import { CERTIFICATE_EARNED_TITLE, CERTIFICATES_LINK } from '../certificates'
import type { OrganizationSession } from '../sessions'
import { courseOf } from './courses'
import { passesQuiz, scoreQuiz } from './quiz'
import type { AcademyContext, QuizInput } from './types'

/*
 * POST /academy/quiz/submit: a final quiz scored on the server; every attempt kept, a pass issues the
 * certificate and tells the user (docs/architecture.md, "Academy: content, quizzes and certificates").
 */

export async function submitQuiz(
  deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements' | 'notifications' | 'certificates' | 'content'>,
  session: OrganizationSession,
  input: QuizInput,
  publicBase: string
): Promise<QuizResult> {
  const { db, clock } = deps
  const found = await courseOf(deps.content, db, session, input.courseSlug)
  if (!found.quiz) throw notFound(ACADEMY_MESSAGES.quizNotFound)
  const answers = Object.fromEntries(Object.entries(input.answers).map(([q, chosen]) => [q, [...new Set(chosen)]]))
  const score = scoreQuiz(found.quiz, answers)
  const total = found.quiz.questions.length
  const passed = passesQuiz(score.correct, total)
  const now = clock.now()
  const certificate = await db.transaction(async (tx) => {
    await tx.insert(academyQuizAttempts).values({
      id: randomUUID(),
      userId: session.userId,
      organizationId: session.organization.id,
      courseSlug: found.slug,
      correct: score.correct,
      total,
      passed,
      answers,
      submittedAt: now
    })
    if (!passed) return null
    const earned = await deps.certificates.issue(tx, session, { slug: found.slug, title: found.title }, publicBase)
    if (earned.issued) {
      await deps.notifications.notify(
        {
          organizationId: session.organization.id,
          userId: session.userId,
          title: CERTIFICATE_EARNED_TITLE,
          message: `You passed the final quiz of "${found.title}". Your certificate is ready to view, print and add to LinkedIn.`,
          link: CERTIFICATES_LINK
        },
        tx
      )
    }
    return earned.certificate
  })
  return { correct: score.correct, total, passMark: QUIZ_PASS_MARK, passed, questions: score.questions, certificate }
}
