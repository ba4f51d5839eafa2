import { z } from 'zod'
import { feedbackKindSchema, postStageSchema, postVersionSchema, prioritySchema, reviewCandidateSchema, reviewInboxSchema, reviewThreadSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint, none } from './base'
import { idSchema, instantBodySchema } from './common'
import { POST_DRAFT_MAX } from './posts'

// Collaborate (issue 13)
export const REVIEWERS_MAX = 20
export const FEEDBACK_TEXT_MAX = 5_000
export const REJECTION_REASON_MAX = 2_000
export const REVIEW_MESSAGE_MAX = 2_000
const reviewerIdsSchema = z.array(idSchema).max(REVIEWERS_MAX, `Choose at most ${REVIEWERS_MAX} reviewers.`)
export const requestReviewBodySchema = z.object({
  postId: idSchema,
  /** New reviewers; a post with an open request keeps its reviewers and gains these. */
  reviewerIds: reviewerIdsSchema.min(1, MESSAGES.reviewersMissing),
  priority: prioritySchema.default('NOPRIORITY'),
  dueAt: instantBodySchema.nullable().optional(),
  message: multiLineText().trim().max(REVIEW_MESSAGE_MAX, `Keep the message under ${REVIEW_MESSAGE_MAX.toLocaleString('en-US')} characters.`).default('')
})
export const reviewInboxQuerySchema = z.object({
  /** requested: for my review; mine: my posts; team: my teams' posts in review (leaders and admins). */
  view: z.enum(['requested', 'mine', 'team']).default('requested'),
  priority: prioritySchema.optional(),
  status: postStageSchema.optional(),
  search: singleLineText().trim().max(200).optional()
})
const feedbackAnchorBodySchema = z.object({
  start: z.number().int().nonnegative().max(POST_DRAFT_MAX),
  end: z.number().int().nonnegative().max(POST_DRAFT_MAX),
  /** The selected text as the reviewer saw it; the server checks it is still there. */
  quote: multiLineText().min(1, MESSAGES.feedbackAnchorInvalid).max(POST_DRAFT_MAX)
})
export const createFeedbackBodySchema = z.object({
  postId: idSchema,
  kind: feedbackKindSchema,
  text: multiLineText().trim().max(FEEDBACK_TEXT_MAX, `Keep it under ${FEEDBACK_TEXT_MAX.toLocaleString('en-US')} characters.`).default(''),
  anchor: feedbackAnchorBodySchema.nullable().optional(),
  /** SUGGESTION: the text that replaces the anchored range. */
  replacement: multiLineText().max(POST_DRAFT_MAX).nullable().optional(),
  parentId: idSchema.nullable().optional(),
  /** Users @mentioned in the text; each must be able to see the post and is notified. */
  mentions: z.array(idSchema).max(REVIEWERS_MAX).default([])
})

export const reviewEndpoints = {
  // Collaborate (issue 13). Feedback requests and approvals need REVIEW_FLOW (402 without it);
  // "My posts" (GET /review/inbox?view=mine) and GET /posts/versions work on every plan. A post is
  // visible here to its author, its reviewers, the author's team leaders and admins; to anyone
  // else, as to another organization, it does not exist (404).
  requestReview: endpoint({ method: 'POST', path: '/review/request', query: none, body: requestReviewBodySchema, response: reviewThreadSchema, idempotent: true }),
  withdrawReview: endpoint({ method: 'POST', path: '/review/withdraw', query: none, body: z.object({ postId: idSchema }), response: reviewThreadSchema }),
  reviewInbox: endpoint({ method: 'GET', path: '/review/inbox', query: reviewInboxQuerySchema, body: none, response: reviewInboxSchema }),
  reviewThread: endpoint({ method: 'GET', path: '/review/thread', query: z.object({ postId: idSchema }), body: none, response: reviewThreadSchema }),
  /** The member picker in feedback mode for a post: active members but the author, the author's team leaders first. */
  reviewCandidates: endpoint({
    method: 'GET',
    path: '/review/candidates',
    query: z.object({ postId: idSchema, search: singleLineText().trim().max(200).optional() }),
    body: none,
    response: z.array(reviewCandidateSchema)
  }),
  createFeedback: endpoint({ method: 'POST', path: '/review/feedback', query: none, body: createFeedbackBodySchema, response: reviewThreadSchema, idempotent: true }),
  /** Resolves (resolved true) or reopens a comment thread. */
  resolveFeedback: endpoint({
    method: 'PUT',
    path: '/review/feedback/resolve',
    query: none,
    body: z.object({ feedbackId: idSchema, resolved: z.boolean().default(true) }),
    response: reviewThreadSchema
  }),
  /** The author applies a suggestion: a new revision of the post (version: the post version it was read at). */
  acceptSuggestion: endpoint({
    method: 'POST',
    path: '/review/suggestion/accept',
    query: none,
    body: z.object({ feedbackId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  dismissSuggestion: endpoint({ method: 'POST', path: '/review/suggestion/dismiss', query: none, body: z.object({ feedbackId: idSchema }), response: reviewThreadSchema }),
  /** The author sends the post for approval: PENDING for the author's team leaders and admins. */
  submitForApproval: endpoint({
    method: 'POST',
    path: '/review/submit',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  /** version: the post version the approver read; another one is 409 (it changed since). */
  approvePost: endpoint({
    method: 'POST',
    path: '/review/approve',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  rejectPost: endpoint({
    method: 'POST',
    path: '/review/reject',
    query: none,
    body: z.object({
      postId: idSchema,
      reason: multiLineText().trim().min(1, MESSAGES.rejectionReasonEmpty).max(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX.toLocaleString('en-US')} characters.`)
    }),
    response: reviewThreadSchema
  }),
  /** Every kept revision of a post, newest first: for its author, reviewers, the author's team leaders and admins. */
  listPostVersions: endpoint({
    method: 'GET',
    path: '/posts/versions',
    query: z.object({ postId: idSchema }),
    body: none,
    response: z.object({ versions: z.array(postVersionSchema) })
  })
} as const
