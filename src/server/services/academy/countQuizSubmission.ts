import type { Limit } from '../rateLimit'
import type { AcademyContext } from './types'

/* Quiz submissions are limited per user, across every session and server (docs/architecture.md, "Academy: content, quizzes and certificates"). */

/** Quiz submissions per user, counted across every server: plenty for a person retrying, too few to brute-force answers by script. */
export const QUIZ_SUBMISSION_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 }

/** Counts one quiz submission of the user (whatever the session or address); RateLimited (429) past QUIZ_SUBMISSION_LIMIT. */
export const countQuizSubmission = (deps: Pick<AcademyContext, 'limiter'>, userId: string): Promise<void> => deps.limiter.hit(`quiz|user|${userId}`, QUIZ_SUBMISSION_LIMIT)
