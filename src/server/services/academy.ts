import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { endpoints } from '../../shared/api/contract'
import { hasEntitlement } from '../../shared/rules'
import {
  ACADEMY_MESSAGES,
  ORGANIZATION_COURSE_SLUG,
  QUIZ_PASS_MARK,
  type AcademyHome,
  type AcademyInsights,
  type Certificate,
  type CourseDetail,
  type CourseSummary,
  type OrganizationLesson,
  type QuizResult,
  type TeamCourseProgress
} from '../../shared/domain/academy'
import { academyContent, readingMinutes, type AcademyContent, type ContentQuiz } from '../academy/content'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { allInTurn } from '../db/inTurn'
import { rowsOf } from '../db/migrate'
import { academyLessonProgress, academyQuizAttempts, certificates, organizationLessons, organizations, teamMembers, teams, users } from '../db/schema'
import { badRequest, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, requireAdmin, requireEntitlement, requireUuid } from './access'
import { FROM as ANALYTICS_FROM, POST_ENGAGEMENTS, rate, storedTimeZone } from './analytics'
import { changedFields, record, sessionActor } from './audit'
import { CERTIFICATE_EARNED_TITLE, CERTIFICATES_LINK, toCertificate, type CertificateService } from './certificates'
import type { EntitlementService } from './entitlements'
import type { NotificationService } from './notifications'
import { createRateLimiter, type Limit } from './rateLimit'

/**
 * The Academy (issue 15): the shipped courses (academy/content) and the organization's own lessons
 * (the course ORGANIZATION_COURSE_SLUG, whose lesson slugs are the lessons' ids), the user's
 * progress, final quizzes scored here, and insights drawn from the organization's results.
 *
 * Decisions:
 * - ACADEMY (Professional, Enterprise; not trials, spec §4) gates everything but the catalogue: the
 *   home answers everyone with `entitled` and, without the plan, the shipped courses' titles,
 *   summaries and lesson titles only (no progress, articles, insights or team progress).
 * - Resume: the lesson visited last (progress.visitedAt), else the first one.
 * - `passed`: the user holds a live certificate of the course (revoking it un-passes the course;
 *   passing again issues a new one). The organization's course has no quiz.
 * - A quiz submission must answer every question (400), with ids of this quiz only (400). A
 *   question is right when exactly its correct options are chosen; the answer tells which
 *   questions were wrong, never which options are right. Pass: QUIZ_PASS_MARK of the questions.
 * - Team progress: admins see every team, a team leader the teams they lead, others nothing.
 * - Insights: the organization's published posts of the last INSIGHTS_DAYS days with their latest
 *   results, counted as Analytics counts them (its joins, engagements = reactions + comments +
 *   reshares + clicks, rate = summed engagements / summed impressions, 0 without impressions).
 *   Weekday 0 is Monday (as Analytics' heatmap), days and hours in the user's time zone. Below
 *   INSIGHTS_MINIMUM_POSTS posts only the counts come back. Days, hours, post types and topics are
 *   best first (engagement rate, then posts); lengths in their bucket order.
 */

/** The insights' window. */
export const INSIGHTS_DAYS = 180
/** Published posts below which there are no insights (too few to say anything). */
export const INSIGHTS_MINIMUM_POSTS = 5
/** Length buckets in words: [min, max] (max null: no upper bound). */
export const LENGTH_BUCKETS: readonly { label: string; minWords: number; maxWords: number | null }[] = [
  { label: 'Under 50 words', minWords: 0, maxWords: 49 },
  { label: '50–149 words', minWords: 50, maxWords: 149 },
  { label: '150–299 words', minWords: 150, maxWords: 299 },
  { label: '300 words or more', minWords: 300, maxWords: null }
]
/** A quiz's attempts shown with the course, newest first. */
const ATTEMPTS_SHOWN = 20

type ProgressInput = z.output<(typeof endpoints)['academyProgress']['body']>
type QuizInput = z.output<(typeof endpoints)['submitQuiz']['body']>
type LessonInput = z.output<(typeof endpoints)['createOrganizationLesson']['body']>
type LessonUpdateInput = z.output<(typeof endpoints)['updateOrganizationLesson']['body']>

/** Quiz submissions per user, counted across every server: plenty for a person retrying, too few to brute-force answers by script. */
export const QUIZ_SUBMISSION_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 }

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

/** A course as this service reads it: shipped, or the organization's own lessons. */
interface Course {
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

type LessonRow = typeof organizationLessons.$inferSelect

const toLesson = (row: LessonRow): OrganizationLesson => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  body: row.body,
  position: row.position,
  updatedAt: row.updatedAt.toISOString()
})

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

/** The course summary of `course` for a user with these progress rows (of any course) and live certificate. */
function summaryOf(course: Course, progress: readonly ProgressRow[], certificate: Certificate | null): CourseSummary {
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

const shippedCourse = (c: AcademyContent['courses'][number]): Course => ({
  slug: c.slug,
  title: c.title,
  summary: c.summary,
  source: 'pagecrew',
  lessons: c.lessons.map((l) => ({ slug: l.slug, title: l.title, minutes: l.minutes, markdown: l.markdown })),
  quiz: c.quiz
})

/** Questions right out of the chosen option ids: each must match the correct set exactly. */
export function scoreQuiz(quiz: ContentQuiz, answers: Record<string, string[]>): { questions: { id: string; correct: boolean }[]; correct: number } {
  const known = new Map(quiz.questions.map((q) => [q.id, q]))
  for (const [questionId, chosen] of Object.entries(answers)) {
    const question = known.get(questionId)
    if (!question || chosen.some((optionId) => !question.options.some((o) => o.id === optionId))) {
      throw badRequest(ACADEMY_MESSAGES.quizUnknownAnswer, { answers: ACADEMY_MESSAGES.quizUnknownAnswer })
    }
  }
  const missing = quiz.questions.find((q) => (answers[q.id] ?? []).length === 0)
  if (missing) throw badRequest(ACADEMY_MESSAGES.quizIncomplete, { [`answers.${missing.id}`]: ACADEMY_MESSAGES.quizIncomplete })
  const questions = quiz.questions.map((q) => {
    const chosen = new Set(answers[q.id])
    return { id: q.id, correct: chosen.size === q.correct.size && [...chosen].every((id) => q.correct.has(id)) }
  })
  return { questions, correct: questions.filter((q) => q.correct).length }
}

/** Whether `correct` of `total` reaches the pass mark (8 of 10 passes at 80 %). */
export const passesQuiz = (correct: number, total: number) => total > 0 && correct >= Math.ceil(QUIZ_PASS_MARK * total - 1e-9)

export function createAcademyService(deps: {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  notifications: NotificationService
  certificates: CertificateService
  /** The shipped content; default the bundled files (checked and parsed by the build: invalid content stops it). */
  content?: AcademyContent
}): AcademyService {
  const { db, clock, entitlements, notifications } = deps
  const content = deps.content ?? academyContent()
  const limiter = createRateLimiter(db, clock)

  const requireAcademy = (session: OrganizationSession) => requireEntitlement(entitlements, session.organization.id, 'ACADEMY', ACADEMY_MESSAGES.notInPlan)

  async function organizationName(executor: Executor, organizationId: string): Promise<string> {
    const [row] = await executor.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId))
    return row?.name ?? ''
  }

  async function lessonRows(executor: Executor, organizationId: string): Promise<LessonRow[]> {
    return executor
      .select()
      .from(organizationLessons)
      .where(eq(organizationLessons.organizationId, organizationId))
      .orderBy(asc(organizationLessons.position), asc(organizationLessons.createdAt), asc(organizationLessons.id))
  }

  /** The organization's lessons as a course; null while it has none. */
  async function organizationCourse(executor: Executor, organizationId: string): Promise<Course | null> {
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

  async function courseOf(session: OrganizationSession, slug: string, executor: Executor = db): Promise<Course> {
    if (slug === ORGANIZATION_COURSE_SLUG) {
      const course = await organizationCourse(executor, session.organization.id)
      if (!course) throw notFound(ACADEMY_MESSAGES.courseNotFound)
      return course
    }
    const shipped = content.course(slug)
    if (!shipped) throw notFound(ACADEMY_MESSAGES.courseNotFound)
    return shippedCourse(shipped)
  }

  async function progressOf(executor: Executor, session: OrganizationSession, courseSlug?: string): Promise<ProgressRow[]> {
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
  async function liveCertificates(session: OrganizationSession, publicBase: string): Promise<Map<string, Certificate>> {
    const rows = await db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, session.userId), eq(certificates.organizationId, session.organization.id), isNull(certificates.revokedAt)))
    return new Map(rows.map((row) => [row.courseSlug, toCertificate(row, publicBase)]))
  }

  /** Members of the teams the viewer may see (admins: all; leaders: theirs) with their progress per course. */
  async function teamProgress(session: OrganizationSession, courses: readonly Course[]): Promise<TeamCourseProgress[]> {
    const organizationId = session.organization.id
    const visible = isAdminSession(session)
      ? await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.organizationId, organizationId))
      : await db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
          .where(and(eq(teams.organizationId, organizationId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
    if (visible.length === 0) return []
    const members = await db
      .select({ teamId: teamMembers.teamId, userId: users.id, fullName: users.fullName, email: users.email })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(inArray(teamMembers.teamId, visible.map((t) => t.id)))
    const userIds = [...new Set(members.map((m) => m.userId))]
    const [completed, passed] =
      userIds.length === 0
        ? [[], []]
        : await allInTurn(db, [
            () =>
              db
                .select({ userId: academyLessonProgress.userId, courseSlug: academyLessonProgress.courseSlug, lessonSlug: academyLessonProgress.lessonSlug })
                .from(academyLessonProgress)
                .where(
                  and(
                    eq(academyLessonProgress.organizationId, organizationId),
                    inArray(academyLessonProgress.userId, userIds),
                    isNotNull(academyLessonProgress.completedAt)
                  )
                ),
            () =>
              db
                .select({ userId: certificates.userId, courseSlug: certificates.courseSlug })
                .from(certificates)
                .where(and(eq(certificates.organizationId, organizationId), inArray(certificates.userId, userIds), isNull(certificates.revokedAt)))
          ])
    const done = new Set(completed.map((p) => `${p.userId}|${p.courseSlug}|${p.lessonSlug}`))
    const certified = new Set(passed.map((c) => `${c.userId}|${c.courseSlug}`))
    const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)
    return [...visible]
      .sort((a, b) => byName({ name: a.name, id: a.id }, { name: b.name, id: b.id }))
      .map((team) => ({
        teamId: team.id,
        teamName: team.name,
        members: members
          .filter((m) => m.teamId === team.id)
          .map((m) => ({ userId: m.userId, fullName: m.fullName.trim() || m.email }))
          .sort((a, b) => byName({ name: a.fullName, id: a.userId }, { name: b.fullName, id: b.userId }))
          .map((m) => ({
            ...m,
            courses: courses.map((c) => ({
              slug: c.slug,
              completedLessons: c.lessons.filter((l) => done.has(`${m.userId}|${c.slug}|${l.slug}`)).length,
              lessonCount: c.lessons.length,
              passed: certified.has(`${m.userId}|${c.slug}`)
            }))
          }))
      }))
  }

  async function insights(session: OrganizationSession): Promise<AcademyInsights> {
    const now = clock.now()
    const since = new Date(now.getTime() - INSIGHTS_DAYS * 24 * 60 * 60 * 1000)
    const [viewer] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
    const timeZone = storedTimeZone(viewer?.timezone)
    type Row = {
      weekday: unknown
      hour: unknown
      type: string
      words: unknown
      tag_id: string | null
      tag_title: string | null
      tag_color: string | null
      impressions: unknown
      engagements: unknown
    }
    // One row per post (no text): the groupings below are over at most a few thousand rows.
    const rows = rowsOf<Row>(
      await db.execute(sql`select (extract(isodow from p.published_at at time zone ${timeZone}) - 1)::int as weekday,
          extract(hour from p.published_at at time zone ${timeZone})::int as hour,
          p.type,
          case when btrim(p.text) = '' then 0 else coalesce(array_length(regexp_split_to_array(btrim(p.text), '\\s+'), 1), 0) end as words,
          tg.id as tag_id, tg.title as tag_title, tg.color as tag_color,
          coalesce(pm.impressions, 0)::float8 as impressions,
          ${POST_ENGAGEMENTS}::float8 as engagements
        from ${ANALYTICS_FROM}
        where p.organization_id = ${session.organization.id} and p.status = 'PUBLISHED'
          and p.published_at >= ${since.toISOString()}::timestamptz and p.published_at <= ${now.toISOString()}::timestamptz`)
    )
    const empty: AcademyInsights = {
      postCount: rows.length,
      minimumPosts: INSIGHTS_MINIMUM_POSTS,
      bestDays: [],
      bestHours: [],
      postTypes: [],
      lengths: [],
      topics: [],
      timeZone
    }
    if (rows.length < INSIGHTS_MINIMUM_POSTS) return empty

    interface Group<K> {
      key: K
      posts: number
      impressions: number
      engagements: number
    }
    function groupBy<K>(keyOf: (row: Row) => K | null): Group<K>[] {
      const groups = new Map<string, Group<K>>()
      for (const row of rows) {
        const key = keyOf(row)
        if (key === null) continue
        const id = JSON.stringify(key)
        const group = groups.get(id) ?? { key, posts: 0, impressions: 0, engagements: 0 }
        group.posts += 1
        group.impressions += Number(row.impressions)
        group.engagements += Number(row.engagements)
        groups.set(id, group)
      }
      return [...groups.values()]
    }
    const counted = <K>(g: Group<K>) => ({ posts: g.posts, engagementRate: rate(g.engagements, g.impressions) ?? 0 })
    const bestFirst = <T extends { posts: number; engagementRate: number }>(list: T[]) =>
      list.sort((a, b) => b.engagementRate - a.engagementRate || b.posts - a.posts)

    const lengthOf = (words: number) => LENGTH_BUCKETS.findIndex((b) => words >= b.minWords && (b.maxWords === null || words <= b.maxWords))
    const byLength = new Map(groupBy((r) => lengthOf(Number(r.words))).map((g) => [g.key, g]))
    return {
      ...empty,
      bestDays: bestFirst(groupBy((r) => Number(r.weekday)).map((g) => ({ weekday: g.key, ...counted(g) }))),
      bestHours: bestFirst(groupBy((r) => Number(r.hour)).map((g) => ({ hour: g.key, ...counted(g) }))),
      postTypes: bestFirst(groupBy((r) => r.type).map((g) => ({ type: g.key, ...counted(g) }))),
      lengths: LENGTH_BUCKETS.map((bucket, index) => {
        const group = byLength.get(index)
        return { ...bucket, ...(group ? counted(group) : { posts: 0, engagementRate: 0 }) }
      }),
      topics: bestFirst(
        groupBy((r) => (r.tag_id ? { id: r.tag_id, title: r.tag_title ?? '', color: r.tag_color ?? '' } : null)).map((g) => ({
          tagId: g.key.id,
          title: g.key.title,
          color: g.key.color,
          ...counted(g)
        }))
      )
    }
  }

  async function home(session: OrganizationSession, publicBase: string): Promise<AcademyHome> {
    const shipped = content.courses.map(shippedCourse)
    const entitled = hasEntitlement(await entitlements.list(session.organization.id), 'ACADEMY')
    if (!entitled) {
      return { entitled, courses: shipped.map((c) => summaryOf(c, [], null)), articles: [], insights: null, teamProgress: [] }
    }
    const [own, progress, live] = await allInTurn(db, [
      () => organizationCourse(db, session.organization.id),
      () => progressOf(db, session),
      () => liveCertificates(session, publicBase)
    ])
    const courses = own ? [own, ...shipped] : shipped
    const [insightsNow, teams] = await allInTurn(db, [() => insights(session), () => teamProgress(session, courses)])
    return {
      entitled,
      courses: courses.map((c) => summaryOf(c, progress, live.get(c.slug) ?? null)),
      articles: content.articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, markdown: a.markdown, minutes: a.minutes })),
      insights: insightsNow,
      teamProgress: teams
    }
  }

  async function course(session: OrganizationSession, slug: string, publicBase: string): Promise<CourseDetail> {
    await requireAcademy(session)
    const found = await courseOf(session, slug)
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

  async function progress(session: OrganizationSession, input: ProgressInput, publicBase: string): Promise<CourseSummary> {
    await requireAcademy(session)
    const found = await courseOf(session, input.courseSlug)
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

  async function submitQuiz(session: OrganizationSession, input: QuizInput, publicBase: string): Promise<QuizResult> {
    await requireAcademy(session)
    const found = await courseOf(session, input.courseSlug)
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
        await notifications.notify(
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

  async function lessonOf(executor: Executor, session: OrganizationSession, lessonId: string): Promise<LessonRow> {
    requireUuid(lessonId, ACADEMY_MESSAGES.lessonNotFound)
    const [row] = await executor
      .select()
      .from(organizationLessons)
      .where(and(eq(organizationLessons.id, lessonId), eq(organizationLessons.organizationId, session.organization.id)))
      .for('update')
    if (!row) throw notFound(ACADEMY_MESSAGES.lessonNotFound)
    return row
  }

  async function requireLessonEditor(session: OrganizationSession) {
    await requireAcademy(session)
    requireAdmin(session, ACADEMY_MESSAGES.onlyAdminsLessons)
  }

  return {
    home,
    course,
    progress,
    submitQuiz,
    countQuizSubmission: (userId) => limiter.hit(`quiz|user|${userId}`, QUIZ_SUBMISSION_LIMIT),

    async listLessons(session) {
      await requireAcademy(session)
      return (await lessonRows(db, session.organization.id)).map(toLesson)
    },

    async createLesson(session, input) {
      await requireLessonEditor(session)
      return db.transaction(async (tx) => {
        const now = clock.now()
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${organizationLessons.position}), -1)::int` })
          .from(organizationLessons)
          .where(eq(organizationLessons.organizationId, session.organization.id))
        const [row] = await tx
          .insert(organizationLessons)
          .values({
            id: randomUUID(),
            organizationId: session.organization.id,
            title: input.title,
            summary: input.summary,
            body: input.body,
            position: Number(last?.position ?? -1) + 1,
            createdBy: session.userId,
            createdAt: now,
            updatedAt: now
          })
          .returning()
        await record(tx, {
          organizationId: session.organization.id,
          at: now,
          actor: sessionActor(session),
          action: 'academy.lesson_created',
          target: { type: 'academy_lesson', id: row!.id, label: row!.title },
          after: { title: row!.title, summary: row!.summary, words: wordCount(row!.body) }
        })
        return toLesson(row!)
      })
    },

    async updateLesson(session, input) {
      await requireLessonEditor(session)
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
    },

    async deleteLesson(session, lessonId) {
      await requireLessonEditor(session)
      await db.transaction(async (tx) => {
        const row = await lessonOf(tx, session, lessonId)
        await tx.delete(organizationLessons).where(eq(organizationLessons.id, row.id))
        await tx
          .delete(academyLessonProgress)
          .where(
            and(
              eq(academyLessonProgress.organizationId, session.organization.id),
              eq(academyLessonProgress.courseSlug, ORGANIZATION_COURSE_SLUG),
              eq(academyLessonProgress.lessonSlug, row.id)
            )
          )
        await record(tx, {
          organizationId: session.organization.id,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'academy.lesson_deleted',
          target: { type: 'academy_lesson', id: row.id, label: row.title },
          before: { title: row.title, summary: row.summary, words: wordCount(row.body) }
        })
      })
    }
  }
}
