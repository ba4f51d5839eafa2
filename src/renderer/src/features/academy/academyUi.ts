import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import type { CourseSummary } from '@shared/domain/academy'

/** Without ACADEMY every way into a course leads to the plan dialog (spec §4: the 'openPlanModal' event). */
export const openPlanDialog = () => window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))

/** The quiz is the course's last step, at /academy/course/<course>/quiz (no lesson is called so). */
export const QUIZ_STEP = 'quiz'

/** Weekdays as the server counts them: 0 Monday … 6 Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 })
const rate = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** 0.8 as '80%'. */
export const formatPercent = (share: number) => percent.format(share)
/** An engagement rate (0.0421) as '4.2%'. */
export const formatRate = (share: number) => rate.format(share)
/** '09:00' for an hour of the day. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`

export const lessonCountLabel = (count: number) => `${count} ${count === 1 ? 'lesson' : 'lessons'}`
export const minutesLabel = (minutes: number) => `${minutes} min`

/** The step "Continue" opens: the resume point, else the first lesson not completed, else the first. */
export function resumeStep(course: CourseSummary): string | null {
  if (course.resumeLessonSlug && course.lessons.some((l) => l.slug === course.resumeLessonSlug)) return course.resumeLessonSlug
  return course.lessons.find((l) => !l.completed)?.slug ?? course.lessons[0]?.slug ?? null
}

/**
 * Whether the user has begun a course: a lesson completed, or one beyond the first opened (the
 * server's resume point is the first lesson until another is visited).
 */
export function started(course: CourseSummary): boolean {
  return course.completedLessons > 0 || course.passed || (course.resumeLessonSlug !== null && course.resumeLessonSlug !== course.lessons[0]?.slug)
}

/** Whether a course is begun but not finished (lessons left, or the quiz not passed). */
export function inProgress(course: CourseSummary): boolean {
  const finished = course.completedLessons >= course.lessons.length && (course.quiz === null || course.passed)
  return started(course) && !finished
}
