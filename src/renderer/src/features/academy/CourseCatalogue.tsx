import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Badge, Button, Card, CardFooter, CardHeader, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Certificate20Regular, CheckmarkCircle16Filled, HatGraduation20Regular } from '@fluentui/react-icons'
import type { Certificate, CourseSummary } from '@shared/domain/academy'
import { academyLessonPath } from '@shared/routes'
import { CertificateDialog } from './CertificateView'
import { inProgress, lessonCountLabel, minutesLabel, openPlanDialog, resumeStep, started } from './academyUi'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: tokens.spacingHorizontalL, minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  lessons: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  grow: { flexGrow: 1 },
  footer: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS }
})

/** A course card's header: its title, and what taking it involves. */
function CourseHeader({ course }: { course: CourseSummary }) {
  const styles = useStyles()
  return (
    <CardHeader
      image={<HatGraduation20Regular />}
      header={
        <Text as="h3" weight="semibold" size={400}>
          {course.title}
        </Text>
      }
      description={
        <Text size={200} className={styles.muted}>
          {lessonCountLabel(course.lessons.length)} · {minutesLabel(course.minutes)}
          {course.quiz ? ` · final quiz of ${course.quiz.questionCount} questions` : ''}
        </Text>
      }
    />
  )
}

/** A course with the user's progress: Start / Continue, the passed badge and the certificate. */
function CourseCard({ course, onCertificate }: { course: CourseSummary; onCertificate: (certificate: Certificate) => void }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const total = course.lessons.length
  const step = resumeStep(course)
  const done = course.completedLessons >= total && (course.quiz === null || course.passed)
  const label = done ? 'Review' : started(course) ? 'Continue' : 'Start course'
  return (
    <Card className={styles.card} data-testid="academy-course" data-course={course.slug}>
      <CourseHeader course={course} />
      <Text className={styles.grow}>{course.summary}</Text>
      <Field
        label={`${course.completedLessons} of ${total} lessons completed`}
        validationState="none"
        data-testid="academy-course-progress"
      >
        <ProgressBar value={total === 0 ? 0 : course.completedLessons / total} thickness="large" aria-label={`${course.title}: ${course.completedLessons} of ${total} lessons completed`} />
      </Field>
      <div className={styles.badges}>
        {course.passed ? (
          <Badge appearance="filled" color="success" icon={<CheckmarkCircle16Filled />} data-testid="academy-course-passed">
            Passed
          </Badge>
        ) : null}
        {course.source === 'organization' ? <Badge appearance="outline">From your organization</Badge> : null}
      </div>
      <CardFooter className={styles.footer}>
        {step ? (
          <Button appearance={done ? 'secondary' : 'primary'} onClick={() => void navigate(academyLessonPath(course.slug, step))} data-testid="academy-course-open">
            {label}
          </Button>
        ) : null}
        {course.certificate ? (
          <Button icon={<Certificate20Regular />} onClick={() => onCertificate(course.certificate!)} data-testid="academy-course-certificate">
            View certificate
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  )
}

/** The catalogue with progress bars (with ACADEMY). */
export function CourseCatalogue({ courses }: { courses: CourseSummary[] }) {
  const styles = useStyles()
  const [certificate, setCertificate] = useState<Certificate | null>(null)
  return (
    <>
      <div className={styles.grid} data-testid="academy-catalogue">
        {courses.map((course) => (
          <CourseCard key={course.slug} course={course} onCertificate={setCertificate} />
        ))}
      </div>
      {certificate ? <CertificateDialog certificate={certificate} onClose={() => setCertificate(null)} /> : null}
    </>
  )
}

/** "Continue learning": the course under way (else the first not started) at its resume point. */
export function ContinueLearning({ courses }: { courses: CourseSummary[] }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const course = courses.find(inProgress) ?? courses.find((c) => !started(c))
  const step = course ? resumeStep(course) : null
  if (!course || !step) return null
  const lesson = course.lessons.find((l) => l.slug === step)
  const fresh = !inProgress(course)
  return (
    <Card className={styles.card} data-testid="academy-continue">
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={500}>
            {fresh ? 'Start learning' : 'Continue learning'}
          </Text>
        }
        description={
          <Text className={styles.muted}>
            {course.title}
            {lesson ? ` — ${lesson.title}` : ''}
          </Text>
        }
      />
      <ProgressBar value={course.lessons.length === 0 ? 0 : course.completedLessons / course.lessons.length} aria-label={`${course.title} progress`} />
      <CardFooter>
        <Button appearance="primary" onClick={() => void navigate(academyLessonPath(course.slug, step))} data-testid="academy-continue-open">
          {fresh ? 'Start' : 'Continue'}
        </Button>
      </CardFooter>
    </Card>
  )
}

/** Without ACADEMY: what each course teaches; opening one opens the plan dialog. */
export function CourseOffer({ courses }: { courses: CourseSummary[] }) {
  const styles = useStyles()
  return (
    <div className={styles.grid} data-testid="academy-offer-catalogue">
      {courses.map((course) => (
        <Card key={course.slug} className={styles.card} data-testid="academy-offer-course" data-course={course.slug}>
          <CourseHeader course={course} />
          <Text>{course.summary}</Text>
          <ol className={styles.lessons} aria-label={`Lessons of ${course.title}`}>
            {course.lessons.map((lesson) => (
              <li key={lesson.slug}>
                <Text size={200}>{lesson.title}</Text>
              </li>
            ))}
          </ol>
          {course.quiz ? (
            <Text size={200} className={styles.muted}>
              Certificate on passing the final quiz
            </Text>
          ) : null}
          <CardFooter>
            <Button onClick={openPlanDialog} data-testid="academy-offer-open">
              Open course
            </Button>
          </CardFooter>
        </Card>
      ))}
    </div>
  )
}
