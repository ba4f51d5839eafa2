import { z } from 'zod'
import { instantSchema } from './common'
import { multiLineText, singleLineText } from './text'

/**
 * The Academy (issue 15): courses shipped as Markdown content files (src/server/academy/content),
 * lessons an organization's admins add, final quizzes scored on the server (the client never
 * receives the answers), and certificates anyone can validate at /validate-certification.
 */
export const ACADEMY_MESSAGES = {
  notInPlan: 'The Academy is included in the Professional and Enterprise plans.',
  courseNotFound: 'This course does not exist.',
  lessonNotFound: 'This lesson does not exist.',
  quizNotFound: 'This course has no final quiz.',
  quizIncomplete: 'Answer every question before you submit.',
  quizUnknownAnswer: 'An answer does not belong to this quiz. Reload the quiz and try again.',
  certificateNotFound: 'No certificate found with this ID.',
  certificateIdMissing: 'Enter a certificate ID.',
  certificateAlreadyRevoked: 'This certificate is already revoked.',
  onlyAdminsRevoke: 'Only admins can revoke certificates.',
  onlyAdminsLessons: 'Only admins can change organization lessons.',
  lessonTitleMissing: 'Enter a lesson title.',
  lessonBodyMissing: 'Write the lesson.',
  onlyLeadersProgress: 'Only team leaders and admins can see team progress.'
} as const

/** Share of a quiz's questions to answer correctly to pass (issue 15: 80 %). */
export const QUIZ_PASS_MARK = 0.8

/** The course the organization's own lessons form (its lessons' slugs are their ids). */
export const ORGANIZATION_COURSE_SLUG = 'organization'

const slugSchema = singleLineText({ error: ACADEMY_MESSAGES.courseNotFound })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, ACADEMY_MESSAGES.courseNotFound)
export const courseSlugSchema = slugSchema
export const lessonSlugSchema = singleLineText({ error: ACADEMY_MESSAGES.lessonNotFound })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, ACADEMY_MESSAGES.lessonNotFound)

export const lessonSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Estimated reading time. */
  minutes: z.number().int().nonnegative(),
  completed: z.boolean()
})
export type LessonSummary = z.infer<typeof lessonSummarySchema>

export const certificateSchema = z.object({
  /** 128 random bits, base64url: unguessable. */
  certificateId: z.string(),
  holderName: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  organizationName: z.string(),
  issuedAt: instantSchema,
  revokedAt: instantSchema.nullable(),
  /** The public validation address (…/validate-certification?id=…). */
  validationUrl: z.string()
})
export type Certificate = z.infer<typeof certificateSchema>

export const courseSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** 'pagecrew': shipped with the product; 'organization': the lessons the organization's admins wrote. */
  source: z.enum(['pagecrew', 'organization']),
  minutes: z.number().int().nonnegative(),
  lessons: z.array(lessonSummarySchema),
  completedLessons: z.number().int().nonnegative(),
  /** The lesson to open on "Resume": the last one visited (the first when none was). */
  resumeLessonSlug: z.string().nullable(),
  quiz: z.object({ questionCount: z.number().int().positive(), passMark: z.number() }).nullable(),
  passed: z.boolean(),
  /** The user's live certificate of this course. */
  certificate: certificateSchema.nullable()
})
export type CourseSummary = z.infer<typeof courseSummarySchema>

/** A short article on the Academy home. */
export const academyArticleSchema = z.object({ slug: z.string(), title: z.string(), summary: z.string(), markdown: z.string(), minutes: z.number().int() })
export type AcademyArticle = z.infer<typeof academyArticleSchema>

/** What the organization's own published posts say works (issue 15), once there are enough of them. */
export const academyInsightsSchema = z.object({
  /** Published posts the insights are drawn from (the last 180 days). */
  postCount: z.number().int().nonnegative(),
  /** Below this many posts there are no insights yet, only the articles. */
  minimumPosts: z.number().int().positive(),
  bestDays: z.array(z.object({ weekday: z.number().int().min(0).max(6), posts: z.number().int(), engagementRate: z.number() })),
  bestHours: z.array(z.object({ hour: z.number().int().min(0).max(23), posts: z.number().int(), engagementRate: z.number() })),
  postTypes: z.array(z.object({ type: z.string(), posts: z.number().int(), engagementRate: z.number() })),
  lengths: z.array(z.object({ label: z.string(), minWords: z.number().int(), maxWords: z.number().int().nullable(), posts: z.number().int(), engagementRate: z.number() })),
  topics: z.array(z.object({ tagId: z.string(), title: z.string(), color: z.string(), posts: z.number().int(), engagementRate: z.number() })),
  /** The timezone days and hours are read in (the user's). */
  timeZone: z.string()
})
export type AcademyInsights = z.infer<typeof academyInsightsSchema>

export const teamCourseProgressSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string(),
      courses: z.array(z.object({ slug: z.string(), completedLessons: z.number().int(), lessonCount: z.number().int(), passed: z.boolean() }))
    })
  )
})
export type TeamCourseProgress = z.infer<typeof teamCourseProgressSchema>

export const academyHomeSchema = z.object({
  /** Whether the organization holds ACADEMY; without it the catalogue shows and nothing opens. */
  entitled: z.boolean(),
  courses: z.array(courseSummarySchema),
  /** With their Markdown: they are short, and the home opens them in a reading dialog without another request. */
  articles: z.array(academyArticleSchema),
  insights: academyInsightsSchema.nullable(),
  /** Teams the user leads (all teams for admins); empty for everyone else. */
  teamProgress: z.array(teamCourseProgressSchema)
})
export type AcademyHome = z.infer<typeof academyHomeSchema>

export const quizQuestionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  /** More than one option is right: the question says "Choose all that apply". */
  multiple: z.boolean(),
  options: z.array(z.object({ id: z.string(), text: z.string() }))
})
export type QuizQuestion = z.infer<typeof quizQuestionSchema>

export const quizAttemptSchema = z.object({
  submittedAt: instantSchema,
  correct: z.number().int(),
  total: z.number().int(),
  passed: z.boolean()
})
export type QuizAttempt = z.infer<typeof quizAttemptSchema>

export const courseDetailSchema = z.object({
  course: courseSummarySchema,
  lessons: z.array(lessonSummarySchema.extend({ markdown: z.string() })),
  /** The questions and options only: which options are right stays on the server. */
  quiz: z.object({ passMark: z.number(), questions: z.array(quizQuestionSchema) }).nullable(),
  attempts: z.array(quizAttemptSchema)
})
export type CourseDetail = z.infer<typeof courseDetailSchema>

export const progressBodySchema = z.object({
  courseSlug: courseSlugSchema,
  lessonSlug: lessonSlugSchema,
  /** Absent: only opened (resume point). true: completed. false: marked not completed. */
  completed: z.boolean().optional()
})

export const quizSubmitBodySchema = z.object({
  courseSlug: courseSlugSchema,
  /** Question id -> chosen option ids. */
  answers: z.record(singleLineText().max(100), z.array(singleLineText().max(100)).max(20)).refine((a) => Object.keys(a).length <= 200, 'Too many answers.')
})

export const quizResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  passMark: z.number(),
  passed: z.boolean(),
  /** Which questions were answered wrongly (not what the right answer is). */
  questions: z.array(z.object({ id: z.string(), correct: z.boolean() })),
  certificate: certificateSchema.nullable()
})
export type QuizResult = z.infer<typeof quizResultSchema>

export const certificateValidationSchema = z.object({
  status: z.enum(['valid', 'revoked']),
  certificateId: z.string(),
  holderName: z.string(),
  courseTitle: z.string(),
  organizationName: z.string(),
  issuedAt: instantSchema,
  revokedAt: instantSchema.nullable()
})
export type CertificateValidation = z.infer<typeof certificateValidationSchema>

export const certificateIdSchema = singleLineText({ error: ACADEMY_MESSAGES.certificateIdMissing }).trim().min(1, ACADEMY_MESSAGES.certificateIdMissing).max(100)

export const organizationLessonBodySchema = z.object({
  title: singleLineText({ error: ACADEMY_MESSAGES.lessonTitleMissing }).trim().min(1, ACADEMY_MESSAGES.lessonTitleMissing).max(200),
  summary: singleLineText().trim().max(500).default(''),
  body: multiLineText({ error: ACADEMY_MESSAGES.lessonBodyMissing }).trim().min(1, ACADEMY_MESSAGES.lessonBodyMissing).max(100_000)
})

export const organizationLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  position: z.number().int(),
  updatedAt: instantSchema
})
export type OrganizationLesson = z.infer<typeof organizationLessonSchema>
