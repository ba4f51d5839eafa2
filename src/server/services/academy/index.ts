import type { AcademyHome, CourseDetail, CourseSummary, OrganizationLesson, QuizResult } from '../../../shared/domain/academy'
import { academyContent } from '../../academy/content'
import { createRateLimiter } from '../rateLimit'
import type { OrganizationSession } from '../sessions'
import { academyHome } from './academyHome'
import { countQuizSubmission } from './countQuizSubmission'
import { courseDetail } from './courseDetail'
import { createLesson } from './createLesson'
import { deleteLesson } from './deleteLesson'
import { listLessons } from './listLessons'
import { recordProgress } from './recordProgress'
import { submitQuiz } from './submitQuiz'
import type { AcademyContext, AcademyDeps, LessonInput, LessonUpdateInput, ProgressInput, QuizInput } from './types'
import { updateLesson } from './updateLesson'

/*
 * The Academy (issue 15): the shipped courses (academy/content) and the organization's own lessons
 * (the course ORGANIZATION_COURSE_SLUG, whose lesson slugs are the lessons' ids), the user's
 * progress, final quizzes scored here, and insights drawn from the organization's results. One use
 * case per file; this facade only delegates. The rules are in docs/architecture.md, "Academy:
 * content, quizzes and certificates".
 */

export { QUIZ_SUBMISSION_LIMIT } from './countQuizSubmission'
export { passesQuiz, scoreQuiz } from './quiz'
export type { AcademyDeps } from './types'

export interface AcademyService {
  home(session: OrganizationSession, publicBase: string): Promise<AcademyHome>
  course(session: OrganizationSession, slug: string, publicBase: string): Promise<CourseDetail>
  progress(session: OrganizationSession, input: ProgressInput, publicBase: string): Promise<CourseSummary>
  submitQuiz(session: OrganizationSession, input: QuizInput, publicBase: string): Promise<QuizResult>
  /** Counts one quiz submission of the user (whatever the session or address); RateLimited (429) past QUIZ_SUBMISSION_LIMIT. */
  countQuizSubmission(userId: string): Promise<void>
  listLessons(session: OrganizationSession): Promise<OrganizationLesson[]>
  createLesson(session: OrganizationSession, input: LessonInput): Promise<OrganizationLesson>
  updateLesson(session: OrganizationSession, input: LessonUpdateInput): Promise<OrganizationLesson>
  deleteLesson(session: OrganizationSession, lessonId: string): Promise<void>
}

export function createAcademyService(deps: AcademyDeps): AcademyService {
  const context: AcademyContext = { ...deps, content: deps.content ?? academyContent(), limiter: createRateLimiter(deps.db, deps.clock) }
  return {
    home: (session, publicBase) => academyHome(context, session, publicBase),
    course: (session, slug, publicBase) => courseDetail(context, session, slug, publicBase),
    progress: (session, input, publicBase) => recordProgress(context, session, input, publicBase),
    submitQuiz: (session, input, publicBase) => submitQuiz(context, session, input, publicBase),
    countQuizSubmission: (userId) => countQuizSubmission(context, userId),
    listLessons: (session) => listLessons(context, session),
    createLesson: (session, input) => createLesson(context, session, input),
    updateLesson: (session, input) => updateLesson(context, session, input),
    deleteLesson: (session, lessonId) => deleteLesson(context, session, lessonId)
  }
}
