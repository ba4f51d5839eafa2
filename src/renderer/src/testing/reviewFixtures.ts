import type { Feedback, ReviewInbox, ReviewInboxItem, ReviewThread } from '@shared/domain'
import { aPost } from '@renderer/testing/postFixtures'

/** Fixtures of Collaborate's tests: Ada Lovelace (user-1, the fixtures' user) and two colleagues. */
export const ADA = { id: 'user-1', fullName: 'Ada Lovelace', image: null }
export const GRACE = { id: 'user-2', fullName: 'Grace Hopper', image: null }
export const ALAN = { id: 'user-3', fullName: 'Alan Turing', image: null }

export function aFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: 'fb-1',
    postId: 'post-1',
    kind: 'COMMENT',
    parentId: null,
    author: GRACE,
    text: 'Looks good',
    mentions: [],
    anchor: null,
    replacement: null,
    status: 'OPEN',
    resolvedBy: null,
    resolvedAt: null,
    createdAt: '2026-10-19T09:00:00.000Z',
    updatedAt: '2026-10-19T09:00:00.000Z',
    ...overrides
  }
}

export function aThread(overrides: Partial<ReviewThread> = {}): ReviewThread {
  return {
    post: aPost(),
    request: {
      open: true,
      priority: 'URGENT',
      dueAt: '2026-10-22T15:00:00.000Z',
      message: 'Please check the numbers',
      requestedAt: '2026-10-19T08:00:00.000Z',
      reviewers: [{ ...GRACE, addedAt: '2026-10-19T08:00:00.000Z' }]
    },
    feedback: [],
    viewer: { isAuthor: true, isReviewer: false, canApprove: false },
    participants: [ADA, GRACE, ALAN],
    ...overrides
  }
}

export function anInboxItem(overrides: Partial<ReviewInboxItem> = {}): ReviewInboxItem {
  return {
    postId: 'post-1',
    stage: 'IN_REVIEW',
    status: 'ASK_FOR_FEEDBACK',
    type: 'textOnly',
    excerpt: 'Our new release is out',
    author: ADA,
    businessPage: null,
    approval: { required: false, status: null },
    request: { priority: 'NOPRIORITY', dueAt: null, requestedAt: '2026-10-19T08:00:00.000Z', message: '', reviewerCount: 1 },
    openFeedback: 0,
    scheduledAt: null,
    publishedAt: null,
    failureReason: null,
    updatedAt: '2026-10-19T08:00:00.000Z',
    ...overrides
  }
}

export function anInbox(items: ReviewInboxItem[], counts: Partial<ReviewInbox['counts']> = {}): ReviewInbox {
  return { items, total: items.length, counts: { requested: 0, mine: 0, team: null, ...counts } }
}
