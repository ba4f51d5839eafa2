import { useEffect, useEffectEvent, useRef } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Badge, Button, Card, ProgressBar, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowLeft20Regular, ArrowRight20Regular, Checkmark20Regular, CheckmarkCircle16Filled, Circle16Regular, ClipboardTask16Regular } from '@fluentui/react-icons'
import type { CourseDetail, CourseSummary } from '@shared/domain/academy'
import { academyLessonPath, paths } from '@shared/routes'
import { useAcademyCourse, useAcademyHome, useAcademyProgress } from '@renderer/api/academy'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { Markdown } from '@renderer/components/Markdown'
import { RouterLink } from '@renderer/components/RouterLink'
import { PageSkeleton } from '@renderer/components/Skeletons'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { QuizView } from './QuizView'
import { QUIZ_STEP, lessonCountLabel, minutesLabel, openPlanDialog } from './academyUi'

const useStyles = makeStyles({
  container: { containerType: 'inline-size', minWidth: 0 },
  // The lesson first and the outline after it on a narrow window; side by side, the outline on the left, on a wide one.
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    '@container (min-width: 900px)': { gridTemplateColumns: 'minmax(220px, 280px) minmax(0, 1fr)' }
  },
  outline: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    '@container (min-width: 900px)': { gridColumn: '1', gridRow: '1', position: 'sticky', top: 0 }
  },
  article: { '@container (min-width: 900px)': { gridColumn: '2', gridRow: '1' } },
  steps: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  step: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium
  },
  current: { backgroundColor: tokens.colorSubtleBackgroundSelected, fontWeight: tokens.fontWeightSemibold },
  tick: { flexShrink: 0, marginTop: '2px', color: tokens.colorStatusSuccessForeground1 },
  todo: { flexShrink: 0, marginTop: '2px', color: tokens.colorNeutralForeground3 },
  muted: { color: tokens.colorNeutralForeground3 },
  // A comfortable measure for reading.
  reading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '70ch', minWidth: 0 },
  // Focus lands on the title when a step opens, for where reading starts; it is not a control, so no ring.
  title: { display: 'block', ':focus': { outline: 'none' } },
  nav: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', paddingTop: tokens.spacingVerticalL, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  spacer: { flexGrow: 1 },
  live: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  offer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL, maxWidth: '70ch' },
  lessons: { margin: 0, paddingLeft: tokens.spacingHorizontalXL }
})

interface Step {
  slug: string
  title: string
  completed: boolean
}

/** The course's steps in order: its lessons, then the quiz. */
function stepsOf(detail: CourseDetail): Step[] {
  const lessons = detail.lessons.map((l) => ({ slug: l.slug, title: l.title, completed: l.completed }))
  return detail.quiz ? [...lessons, { slug: QUIZ_STEP, title: 'Final quiz', completed: detail.course.passed }] : lessons
}

/** Whether a key press belongs to a field, a button group or a dialog rather than to page navigation. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target.closest('input, textarea, select, [role="radiogroup"], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true
  return false
}

function NotFound({ message }: { message: string }) {
  const navigate = useNavigate()
  return (
    <EmptyState
      message={message}
      hint="It may have been renamed or removed. The Academy lists every course."
      action={{ label: 'Back to the Academy', onClick: () => void navigate(paths.academy), 'data-testid': 'lesson-not-found-back' }}
      data-testid="lesson-not-found"
    />
  )
}

/** Without ACADEMY: this course's outline and the way to the plans. */
function LessonOffer({ course }: { course: CourseSummary | undefined }) {
  const styles = useStyles()
  return (
    <Card className={styles.offer} data-testid="lesson-offer">
      <Text as="h1" size={600} weight="semibold">
        {course ? course.title : 'The Pagecrew Academy'}
      </Text>
      {course ? <Text>{course.summary}</Text> : null}
      {course ? (
        <ol className={styles.lessons} aria-label="Lessons">
          {course.lessons.map((lesson) => (
            <li key={lesson.slug}>{lesson.title}</li>
          ))}
        </ol>
      ) : null}
      <Text>The Academy’s courses, quizzes and certificates come with the Professional and Enterprise plans.</Text>
      <div>
        <Button appearance="primary" onClick={openPlanDialog} data-testid="lesson-see-plans">
          See plans
        </Button>
      </div>
    </Card>
  )
}

function Outline({ detail, steps, current }: { detail: CourseDetail; steps: Step[]; current: string }) {
  const styles = useStyles()
  const total = detail.lessons.length
  const done = detail.course.completedLessons
  return (
    <nav className={styles.outline} aria-label="Course outline" data-testid="lesson-outline">
      <RouterLink to={paths.academy}>Academy</RouterLink>
      <Text as="h2" size={400} weight="semibold">
        {detail.course.title}
      </Text>
      <Text size={200} className={styles.muted} data-testid="lesson-progress-label">
        {done} of {total} lessons completed
      </Text>
      <ProgressBar value={total === 0 ? 0 : done / total} thickness="large" aria-label={`${done} of ${total} lessons completed`} data-testid="lesson-progress" />
      <ol className={styles.steps}>
        {steps.map((step) => {
          const here = step.slug === current
          const icon = step.completed ? (
            <CheckmarkCircle16Filled className={styles.tick} aria-label="Completed" />
          ) : step.slug === QUIZ_STEP ? (
            <ClipboardTask16Regular className={styles.todo} aria-hidden />
          ) : (
            <Circle16Regular className={styles.todo} aria-label="Not completed" />
          )
          return (
            <li key={step.slug} className={mergeClasses(styles.step, here && styles.current)} data-testid="lesson-outline-step" data-step={step.slug} data-completed={step.completed}>
              {icon}
              {here ? (
                <Text aria-current="page" weight="semibold">
                  {step.title}
                </Text>
              ) : (
                <RouterLink to={academyLessonPath(detail.course.slug, step.slug)}>{step.title}</RouterLink>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

function CourseView({ detail, current }: { detail: CourseDetail; current: string }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const progress = useAcademyProgress()
  const { run, running } = useSingleFlight()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const courseSlug = detail.course.slug
  const steps = stepsOf(detail)
  const index = steps.findIndex((s) => s.slug === current)
  const step = steps[index]
  const previous = index > 0 ? steps[index - 1] : undefined
  const next = index >= 0 ? steps[index + 1] : undefined
  const lesson = detail.lessons.find((l) => l.slug === current)

  // Opening a lesson is the resume point (a "visit"); once per lesson shown.
  const { mutate: recordVisit } = progress
  const visited = lesson?.slug
  useEffect(() => {
    if (visited) recordVisit({ courseSlug, lessonSlug: visited }, { onError: (error) => console.error('The lesson visit was not recorded.', error) })
  }, [courseSlug, visited, recordVisit])

  // A new step moves focus to its title, so keyboard and screen reader users start reading there.
  useEffect(() => {
    titleRef.current?.focus({ preventScroll: false })
  }, [current])

  const go = (target: Step | undefined) => {
    if (target) void navigate(academyLessonPath(courseSlug, target.slug))
  }

  // ← / → and k / j move between steps, unless the key belongs to a field or a dialog.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typingTarget(event.target)) return
    const target = event.key === 'ArrowLeft' || event.key === 'k' ? previous : event.key === 'ArrowRight' || event.key === 'j' ? next : undefined
    if (!target) return
    event.preventDefault()
    go(target)
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  if (!step) return <NotFound message={current === QUIZ_STEP ? 'This course has no final quiz.' : 'This lesson does not exist.'} />

  const completeAndContinue = () =>
    void run(async () => {
      if (!lesson) return
      try {
        await progress.mutateAsync({ courseSlug, lessonSlug: lesson.slug, completed: true })
        if (next) go(next)
        else notify({ title: 'Course completed 🎉', body: 'You have read every lesson of this course.' })
      } catch (error) {
        notify(failureToast('Progress not saved ⚠️', error))
      }
    })

  const position = `${step.slug === QUIZ_STEP ? 'Final quiz' : `Lesson ${index + 1} of ${detail.lessons.length}`}: ${step.title}`

  return (
    <div className={styles.container}>
      <div className={styles.layout} data-testid="lesson-page" data-course={courseSlug} data-step={step.slug}>
        <article className={mergeClasses(styles.reading, styles.article)} aria-labelledby="lesson-title">
          <div className={styles.live} aria-live="polite" data-testid="lesson-announcement">
            {position}
          </div>
          <div>
            <Text size={200} block className={styles.muted}>
              {step.slug === QUIZ_STEP ? `${detail.course.title} · Final quiz` : `${detail.course.title} · Lesson ${index + 1} of ${detail.lessons.length}`}
              {lesson ? ` · ${minutesLabel(lesson.minutes)}` : ''}
            </Text>
            <Text as="h1" size={700} weight="semibold" id="lesson-title" ref={titleRef} tabIndex={-1} className={styles.title} data-testid="lesson-title">
              {step.title}
            </Text>
            {lesson?.completed ? (
              <Badge appearance="tint" color="success" icon={<Checkmark20Regular />} data-testid="lesson-completed">
                Completed
              </Badge>
            ) : null}
          </div>
          {lesson ? <Markdown data-testid="lesson-body">{lesson.markdown}</Markdown> : null}
          {step.slug === QUIZ_STEP && detail.quiz ? (
            <QuizView key={courseSlug} courseSlug={courseSlug} quiz={detail.quiz} passed={detail.course.passed} certificate={detail.course.certificate} />
          ) : null}
          <div className={styles.nav}>
            <Button icon={<ArrowLeft20Regular />} disabled={!previous} onClick={() => go(previous)} aria-keyshortcuts="ArrowLeft k" data-testid="lesson-previous">
              Previous
            </Button>
            <span className={styles.spacer} />
            {lesson && !lesson.completed ? (
              <Button appearance="primary" onClick={completeAndContinue} disabled={running} icon={running ? <Spinner size="tiny" /> : undefined} data-testid="lesson-complete">
                {next ? 'Mark as complete and continue' : 'Mark as complete'}
              </Button>
            ) : null}
            <Button
              appearance={lesson && !lesson.completed ? 'secondary' : 'primary'}
              icon={<ArrowRight20Regular />}
              iconPosition="after"
              disabled={!next}
              onClick={() => go(next)}
              aria-keyshortcuts="ArrowRight j"
              data-testid="lesson-next"
            >
              {next?.slug === QUIZ_STEP ? 'Final quiz' : 'Next'}
            </Button>
          </div>
          <Text size={200} className={styles.muted}>
            Tip: ← and → (or k and j) move between lessons. {lessonCountLabel(detail.lessons.length)} in this course.
          </Text>
        </article>
        <Outline detail={detail} steps={steps} current={current} />
      </div>
    </div>
  )
}

/**
 * A lesson or the final quiz (/academy/course/:course/:lesson, issue 15): the reading view beside
 * the course outline, progress, "Mark as complete and continue", previous/next and keyboard
 * navigation. The home comes first: without ACADEMY the page shows the course's offer instead of
 * asking for the course (a 402 would leave the page).
 */
export default function LessonPage() {
  const { course = '', lesson = '' } = useParams()
  const home = useAcademyHome()
  const entitled = home.data?.entitled === true
  const detail = useAcademyCourse(course, { enabled: entitled })

  if (home.isPending || (entitled && detail.isPending)) return <PageSkeleton label="Loading the lesson…" data-testid="lesson-skeleton" />
  if (home.isError) return <ErrorState message={isApiError(home.error) && home.error.isClientError ? home.error.message : GENERIC_ERROR_MESSAGE} onRetry={() => void home.refetch()} />
  const summary = home.data.courses.find((c) => c.slug === course)
  if (!entitled) return <LessonOffer course={summary} />
  if (detail.isError) {
    if (isApiError(detail.error, 404) || isApiError(detail.error, 400)) return <NotFound message="This course does not exist." />
    if (isApiError(detail.error, 402)) return <LessonOffer course={summary} />
    return <ErrorState onRetry={() => void detail.refetch()} />
  }
  if (!detail.data) return null
  return <CourseView key={course} detail={detail.data} current={lesson} />
}
