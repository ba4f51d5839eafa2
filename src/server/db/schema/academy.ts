import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** The Academy (issue 15): certificates, lesson progress, quiz attempts and the organization's own lessons. */

/**
 * Academy certificates (issue 15): issued when a final quiz is passed. The id is 128 random bits
 * (unguessable, never sequential). The holder's name, the course and the organization are kept as
 * they were at issue: a certificate is a document, and renaming a course does not change it.
 */
export const certificates = pgTable(
  'certificates',
  {
    certificateId: text('certificate_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull().default(''),
    courseTitle: text('course_title').notNull(),
    holderName: text('holder_name').notNull().default(''),
    organizationName: text('organization_name').notNull().default(''),
    issuedAt: instant('issued_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revocationReason: text('revocation_reason')
  },
  (t) => [
    index('certificates_user_idx').on(t.userId),
    index('certificates_org_issued_idx').on(t.organizationId, t.issuedAt),
    // One live certificate per holder, organization and course: passing again returns it.
    uniqueIndex('certificates_live_unique').on(t.userId, t.organizationId, t.courseSlug).where(sql`${t.revokedAt} is null`)
  ]
)

/** A lesson a user opened (visitedAt: resume where they left off) and completed. */
export const academyLessonProgress = pgTable(
  'academy_lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    visitedAt: instant('visited_at').notNull(),
    completedAt: instant('completed_at')
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId, t.courseSlug, t.lessonSlug] }),
    index('academy_lesson_progress_org_course_idx').on(t.organizationId, t.courseSlug)
  ]
)

/** Every submission of a course's final quiz, scored on the server. */
export const academyQuizAttempts = pgTable(
  'academy_quiz_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    /** Question id -> the option ids chosen. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    submittedAt: instant('submitted_at').notNull()
  },
  (t) => [index('academy_quiz_attempts_user_course_idx').on(t.userId, t.organizationId, t.courseSlug, t.submittedAt)]
)

/** Lessons an organization's admins add (e.g. the posting guideline), Markdown, shown in the Academy. */
export const organizationLessons = pgTable(
  'organization_lessons',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('organization_lessons_org_idx').on(t.organizationId, t.position)]
)
