import type { BodyOf, endpoints } from '@shared/api/contract'
import type { Priority, ReviewRequest } from '@shared/domain'
import { localDate, localTime, zonedInstant } from '@shared/rules/slots'

/** A due date picked without a time is due at the end of the working day. */
const DEFAULT_DUE_TIME = '17:00'

export interface FeedbackForm {
  reviewerIds: string[]
  priority: Priority
  /** 'yyyy-MM-dd' in the user's timezone; '' for no due date. */
  dueDate: string
  /** 'HH:mm' in the user's timezone. */
  dueTime: string
  message: string
}

/** A new request starts with no priority and no due date; an open one from its own values (the server takes the whole form). */
export function initialFeedbackForm(request: ReviewRequest | null, timeZone: string): FeedbackForm {
  return {
    reviewerIds: [],
    priority: request?.priority ?? 'NOPRIORITY',
    dueDate: request?.dueAt ? localDate(request.dueAt, timeZone) : '',
    dueTime: request?.dueAt ? localTime(request.dueAt, timeZone) : DEFAULT_DUE_TIME,
    message: request?.message ?? ''
  }
}

/** The instant the picked due date means in the timezone; null: none; 'invalid' while the date is not one. */
export function dueInstant(form: Pick<FeedbackForm, 'dueDate' | 'dueTime'>, timeZone: string): Date | null | 'invalid' {
  if (form.dueDate === '') return null
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) return 'invalid'
  const instant = zonedInstant(form.dueDate, form.dueTime, timeZone)
  return Number.isNaN(instant.getTime()) ? 'invalid' : instant
}

/** POST /review/request: no due date is left out (the server's "none"), the message trimmed. */
export function requestReviewBody(postId: string, form: FeedbackForm, timeZone: string): BodyOf<typeof endpoints.requestReview> {
  const due = dueInstant(form, timeZone)
  return {
    postId,
    reviewerIds: form.reviewerIds,
    priority: form.priority,
    ...(due instanceof Date ? { dueAt: due.toISOString() } : {}),
    message: form.message.trim()
  }
}
