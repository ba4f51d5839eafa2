import type { z } from 'zod'
import type { endpoints } from '../../../shared/api/contract'
import type { AcademyContent } from '../../academy/content'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { CertificateService } from '../certificates'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'
import type { RateLimiter } from '../rateLimit'

/* What the Academy use cases take (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export type ProgressInput = z.output<(typeof endpoints)['academyProgress']['body']>
export type QuizInput = z.output<(typeof endpoints)['submitQuiz']['body']>
export type LessonInput = z.output<(typeof endpoints)['createOrganizationLesson']['body']>
export type LessonUpdateInput = z.output<(typeof endpoints)['updateOrganizationLesson']['body']>

export interface AcademyDeps {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  notifications: NotificationService
  certificates: CertificateService
  /** The shipped content; default the bundled files (checked and parsed by the build: invalid content stops it). */
  content?: AcademyContent
}

/** The dependencies as the use cases get them from the facade: the content resolved, one rate limiter per service. */
export interface AcademyContext extends AcademyDeps {
  content: AcademyContent
  limiter: RateLimiter
}
