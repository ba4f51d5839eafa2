import type { ReviewCandidate, ReviewInbox, ReviewThread } from '../../../shared/domain/entities'
import { postViews } from '../posts'
import type { OrganizationSession } from '../sessions'
import { acceptSuggestion } from './acceptSuggestion'
import { approve } from './approve'
import { candidates } from './candidates'
import { createFeedback } from './createFeedback'
import { dismissSuggestion } from './dismissSuggestion'
import { inbox } from './inbox'
import { reject } from './reject'
import { requestedCount } from './requestedCount'
import { requestReview } from './requestReview'
import { resolveFeedback } from './resolveFeedback'
import type { CreateFeedbackInput, RequestReviewInput, ReviewContext, ReviewDeps, ReviewInboxQuery } from './shared'
import { submitForApproval } from './submitForApproval'
import { thread } from './thread'
import { withdrawReview } from './withdrawReview'

/**
 * Collaborate (issue 13): feedback requests, comments and suggestions, approvals and the
 * /collaborate inbox, one use case per file in this folder. Posts themselves (editing, scheduling,
 * versions) stay in services/posts/; review changes a post's content only through nextRevision
 * (an accepted suggestion). Decisions: docs/architecture.md, "Collaborate: reviews, approvals and
 * versions".
 */
export {
  APPROVAL_NEEDED_AGAIN_TITLE,
  APPROVAL_REQUESTED_TITLE,
  APPROVED_TITLE,
  CANDIDATES_LIMIT,
  FEEDBACK_REQUESTED_TITLE,
  INBOX_LIMIT,
  MENTIONED_TITLE,
  NEW_FEEDBACK_TITLE,
  REJECTED_TITLE,
  REVIEW_MESSAGES,
  type CreateFeedbackInput,
  type RequestReviewInput,
  type ReviewDeps,
  type ReviewInboxQuery
} from './shared'

export interface ReviewService {
  requestReview(session: OrganizationSession, input: RequestReviewInput): Promise<ReviewThread>
  withdraw(session: OrganizationSession, postId: string): Promise<ReviewThread>
  inbox(session: OrganizationSession, query: ReviewInboxQuery): Promise<ReviewInbox>
  thread(session: OrganizationSession, postId: string): Promise<ReviewThread>
  candidates(session: OrganizationSession, query: { postId: string; search?: string }): Promise<ReviewCandidate[]>
  createFeedback(session: OrganizationSession, input: CreateFeedbackInput): Promise<ReviewThread>
  resolveFeedback(session: OrganizationSession, input: { feedbackId: string; resolved: boolean }): Promise<ReviewThread>
  acceptSuggestion(session: OrganizationSession, input: { feedbackId: string; version: number }): Promise<ReviewThread>
  dismissSuggestion(session: OrganizationSession, feedbackId: string): Promise<ReviewThread>
  submitForApproval(session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread>
  approve(session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread>
  reject(session: OrganizationSession, input: { postId: string; reason: string }): Promise<ReviewThread>
  /** The count of the inbox's "requested" tab (the dashboard, issue 14); null without REVIEW_FLOW. */
  requestedCount(session: OrganizationSession): Promise<number | null>
}

export function createReviewService(deps: ReviewDeps): ReviewService {
  const ctx: ReviewContext = { db: deps.db, clock: deps.clock, notifications: deps.notifications, views: postViews(deps) }
  return {
    requestReview: (session, input) => requestReview(ctx, session, input),
    withdraw: (session, postId) => withdrawReview(ctx, session, postId),
    inbox: (session, query) => inbox(ctx, session, query),
    requestedCount: (session) => requestedCount(ctx, session),
    thread: (session, postId) => thread(ctx, session, postId),
    candidates: (session, query) => candidates(ctx, session, query),
    createFeedback: (session, input) => createFeedback(ctx, session, input),
    resolveFeedback: (session, input) => resolveFeedback(ctx, session, input),
    acceptSuggestion: (session, input) => acceptSuggestion(ctx, session, input),
    dismissSuggestion: (session, feedbackId) => dismissSuggestion(ctx, session, feedbackId),
    submitForApproval: (session, input) => submitForApproval(ctx, session, input),
    approve: (session, input) => approve(ctx, session, input),
    reject: (session, input) => reject(ctx, session, input)
  }
}
