import type { Post } from '@shared/domain'

/** A draft of Ada Lovelace's (the fixtures' user-1), version 1, written for no slot. */
export function aPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'post-1',
    status: 'DRAFT',
    type: 'textOnly',
    text: 'Our new release is out',
    poll: null,
    media: [],
    author: { id: 'user-1', fullName: 'Ada Lovelace', image: null },
    businessPage: null,
    slotId: null,
    scheduledAt: null,
    publishedAt: null,
    linkedInPostUrn: null,
    linkedInPostUrl: null,
    failureReason: null,
    version: 1,
    revision: 1,
    approval: { required: false, status: null, approvedRevision: null, decidedBy: null, decidedAt: null, reason: null },
    reshare: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides
  }
}
