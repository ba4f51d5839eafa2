import { randomUUID } from 'node:crypto'
import type { PostType } from '../../../shared/domain/enums'
import { initialPostStatus } from '../../../shared/rules/postLifecycle'
import type { posts } from '../../db/schema'

/* A post's row and how a new one starts (docs/architecture.md, "Posts on the server"). */

export type PostRow = typeof posts.$inferSelect

export interface NewPost {
  organizationId: string
  authorUserId: string
  businessPageId?: string | null
  slotId?: string | null
  type?: PostType
  text: string
  poll?: PostRow['poll']
  /** Given: the post is SCHEDULED for then; absent: a DRAFT. */
  scheduledAt?: Date | null
}

/** A new post's row: version 1 and its own idempotency key (what LinkedIn de-duplicates its publishing by). */
export function newPostValues(input: NewPost, now: Date): typeof posts.$inferInsert {
  return {
    id: randomUUID(),
    organizationId: input.organizationId,
    authorUserId: input.authorUserId,
    businessPageId: input.businessPageId ?? null,
    slotId: input.slotId ?? null,
    type: input.type ?? 'textOnly',
    status: initialPostStatus(Boolean(input.scheduledAt)),
    text: input.text,
    poll: input.poll ?? null,
    scheduledAt: input.scheduledAt ?? null,
    idempotencyKey: randomUUID(),
    version: 1,
    createdAt: now,
    updatedAt: now
  }
}
