import { and, eq, isNull } from 'drizzle-orm'
import { ACADEMY_MESSAGES, ORGANIZATION_COURSE_SLUG, QUIZ_PASS_MARK, type Certificate, type CourseSummary } from '../../../shared/domain/academy'
import { readingMinutes, type AcademyContent, type ContentQuiz } from '../../academy/content'
import type { Executor } from '../../db/client'
import { allInTurn } from '../../db/inTurn'
import { academyLessonProgress, certificates, organizations } from '../../db/schema'
import { notFound } from '../../errors'
import { toCertificate } from '../certificates'
import type { OrganizationSession } from '../sessions'
import { lessonRows } from './lessons'

/*
 * Courses as the Academy reads them — shipped, or the organization's own lessons — and a user's
 * progress and summary of each (docs/architecture.md, "Academy: content, quizzes and certificates").
 */

/** A course as this service reads it: shipped, or the organization's own lessons. */
export interface Course {
  slug: string
  title: string
  summary: string
  source: 'pagecrew' | 'organization'
  lessons: { slug: string; title: string; minutes: number; markdown: string }[]
  quiz: ContentQuiz | null
}

interface ProgressRow {
  courseSlug: string
  lessonSlug: string
  visitedAt: Date
  completedAt: Date | null
}

/** The course summary of `course` for a user with these progress rows (of any course) and live certificate. */
export function summaryOf(course: Course, progress: readonly ProgressRow[], certificate: Certificate | null): CourseSummary {
  const mine = new Map(progress.filter((p) => p.courseSlug === course.slug).map((p) => [p.lessonSlug, p]))
  const lessons = course.lessons.map((l) => ({ slug: l.slug, title: l.title, minutes: l.minutes, completed: Boolean(mine.get(l.slug)?.completedAt) }))
  let resume: { slug: string; at: number } | null = null
  for (const lesson of course.lessons) {
    const visited = mine.get(lesson.slug)?.visitedAt.getTime()
    if (visited !== undefined && (resume === null || visited > resume.at)) resume = { slug: lesson.slug, at: visited }
  }
  return {
    slug: course.slug,
    title: course.title,
    summary: course.summary,
    source: course.source,
    minutes: course.lessons.reduce((sum, l) => sum + l.minutes, 0),
    lessons,
    completedLessons: lessons.filter((l) => l.completed).length,
    resumeLessonSlug: resume?.slug ?? course.lessons[0]?.slug ?? null,
    quiz: course.quiz ? { questionCount: course.quiz.questions.length, passMark: QUIZ_PASS_MARK } : null,
    passed: certificate !== null,
    certificate
  }
}

export const shippedCourse = (c: AcademyContent['courses'][number]): Course => ({
  slug: c.slug,
  title: c.title,
  summary: c.summary,
  source: 'pagecrew',
  lessons: c.lessons.map((l) => ({ slug: l.slug, title: l.title, minutes: l.minutes, markdown: l.markdown })),
  quiz: c.quiz
})

async function organizationName(executor: Executor, organizationId: string): Promise<string> {
  const [row] = await executor.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId))
  return row?.name ?? ''
}

/** The organization's lessons as a course; null while it has none. */
export async function organizationCourse(executor: Executor, organizationId: string): Promise<Course | null> {
  const [rows, name] = await allInTurn(executor, [() => lessonRows(executor, organizationId), () => organizationName(executor, organizationId)])
  if (rows.length === 0) return null
  return {
    slug: ORGANIZATION_COURSE_SLUG,
    title: `${name} guidelines`,
    summary: `What ${name} asks of everyone who posts for it, written by your admins.`,
    source: 'organization',
    lessons: rows.map((r) => ({ slug: r.id, title: r.title, minutes: readingMinutes(r.body), markdown: r.body })),
    quiz: null
  }
}

/** The course `slug`: the organization's or a shipped one; 404 otherwise. */
export async function courseOf(content: AcademyContent, executor: Executor, session: OrganizationSession, slug: string): Promise<Course> {
  if (slug === ORGANIZATION_COURSE_SLUG) {
    const course = await organizationCourse(executor, session.organization.id)
    if (!course) throw notFound(ACADEMY_MESSAGES.courseNotFound)
    return course
  }
  const shipped = content.course(slug)
  if (!shipped) throw notFound(ACADEMY_MESSAGES.courseNotFound)
  return shippedCourse(shipped)
}

/** The user's progress rows in the organization, of one course when given. */
export async function progressOf(executor: Executor, session: OrganizationSession, courseSlug?: string): Promise<ProgressRow[]> {
  return executor
    .select({
      courseSlug: academyLessonProgress.courseSlug,
      lessonSlug: academyLessonProgress.lessonSlug,
      visitedAt: academyLessonProgress.visitedAt,
      completedAt: academyLessonProgress.completedAt
    })
    .from(academyLessonProgress)
    .where(
      and(
        eq(academyLessonProgress.userId, session.userId),
        eq(academyLessonProgress.organizationId, session.organization.id),
        courseSlug === undefined ? undefined : eq(academyLessonProgress.courseSlug, courseSlug)
      )
    )
}

/** The user's live certificates in the organization by course. */
export async function liveCertificates(executor: Executor, session: OrganizationSession, publicBase: string): Promise<Map<string, Certificate>> {
  const rows = await executor
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, session.userId), eq(certificates.organizationId, session.organization.id), isNull(certificates.revokedAt)))
  return new Map(rows.map((row) => [row.courseSlug, toCertificate(row, publicBase)]))
}
