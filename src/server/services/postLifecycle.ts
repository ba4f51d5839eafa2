import { and, eq, inArray, isNotNull, sql, type SQL, type WithSubquery } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import type { PostStatus } from '../../shared/domain/enums'
import { postEventAllowedBy, postEventRule, postEventSources, postTransition, type PostActor, type PostEvent, UNKNOWN_OUTCOME_REASON } from '../../shared/rules/postLifecycle'
import type { DomainEventInput, EventActor } from '../../shared/api/events'
import type { Executor } from '../db/client'
import { recordEvents } from '../events/outbox'
import { posts } from '../db/schema'
import { conflict } from '../errors'

/**
 * The one writer of a post's status (DESIGN §7): applies an event of the lifecycle table
 * (shared/rules/postLifecycle.ts) inside the caller's transaction. Nothing else in src/server
 * writes posts.status (postLifecycle.test.ts scans the sources for it).
 *
 * - A refused event throws the table's 409 (the API's answer for it before the table existed).
 * - The write is a compare-and-set on the status the caller read (and its version when given):
 *   null when it lost (someone changed the post meanwhile). Callers that hold the row lock never lose.
 * - The version is bumped as the table says; updatedAt is `now` on every write. An event that
 *   changes neither status nor version and is given nothing else to write writes nothing (the row
 *   is read back under the same conditions).
 */
type PostRow = typeof posts.$inferSelect

/** The other columns an event writes with the status (never the status, version or id). */
export type PostPatch = Omit<Partial<typeof posts.$inferInsert>, 'id' | 'status' | 'version' | 'updatedAt' | 'organizationId' | 'authorUserId' | 'createdAt'>

export interface PostTransitionInput {
  postId: string
  event: PostEvent
  by: PostActor
  /**
   * Who the domain event names as its actor when it is not the default (the author for the author's
   * events): the organization's API key that caused it (`by: 'organization'`, issue 28).
   */
  eventActor?: EventActor
  /** What the caller read: the status, its version when the change must be made from it, whether its last attempt failed. */
  expected: { status: PostStatus; version?: number; failed?: boolean }
  patch?: PostPatch
  now: Date
  /** Data-changing statements run as CTEs of the same statement (the publisher's attempt row). */
  with?: WithSubquery[]
  /** A further condition of the compare-and-set (e.g. that such a CTE changed its row). */
  onlyIf?: SQL
}

const APPROVAL_COLUMNS = ['approvalStatus', 'approvedRevision', 'approvalDecidedBy', 'approvalDecidedAt', 'approvalReason'] as const

/** The patch may touch approval only as the event's rule says (a programming error otherwise). */
function checkApproval(event: PostEvent, patch: PostPatch): void {
  const effect = postEventRule(event).approval
  const touches = APPROVAL_COLUMNS.some((c) => patch[c] !== undefined)
  if (!touches) return
  const ok = effect === 'resetIfApproved' ? patch.approvalStatus === 'PENDING' : effect !== 'keep' && effect !== 'required' && patch.approvalStatus === effect
  if (!ok) throw new Error(`post event ${event} may not set approval ${String(patch.approvalStatus)}`)
}

function checkActor(event: PostEvent, by: PostActor): void {
  if (!postEventAllowedBy(event, by)) throw new Error(`post event ${event} is not caused by ${by}`)
}

/**
 * Throws what the API answers when `event` may not happen to `post` as the caller read it: the
 * table's 409, then 409 postChangedElsewhere (field version) when `version` is not the post's.
 * Callers check this where they checked before (ahead of other validation); applyPostTransition checks it again.
 */
export function requirePostTransition(post: Pick<PostRow, 'status' | 'version' | 'failureReason'>, event: PostEvent, version?: number): void {
  const transition = postTransition(post.status, event, { failed: post.failureReason !== null })
  if (!transition.allowed) throw conflict(transition.message)
  if (version !== undefined && version !== post.version) throw conflict(MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })
}

/** Applies `event` to one post; the updated row (or, for delete, the deleted one), or null when the compare-and-set lost. */
export async function applyPostTransition(executor: Executor, input: PostTransitionInput): Promise<PostRow | null> {
  const { event, expected, now } = input
  const patch = input.patch ?? {}
  checkActor(event, input.by)
  checkApproval(event, patch)
  const transition = postTransition(expected.status, event, { failed: expected.failed })
  if (!transition.allowed) throw conflict(transition.message)
  const where = and(
    eq(posts.id, input.postId),
    eq(posts.status, expected.status),
    expected.version !== undefined ? eq(posts.version, expected.version) : undefined,
    postEventRule(event).guard === 'failed' ? isNotNull(posts.failureReason) : undefined,
    input.onlyIf
  )
  const base = input.with?.length ? executor.with(...input.with) : executor
  if (transition.to === null) {
    const [deleted] = await base.delete(posts).where(where).returning()
    return deleted ?? null
  }
  if (!transition.statusChanges && !transition.bumpsVersion && Object.keys(patch).length === 0) {
    const [row] = await executor.select().from(posts).where(where)
    if (row) await recordPostEvents(executor, event, [row], now, input.eventActor)
    return row ?? null
  }
  const [row] = await base
    .update(posts)
    .set({
      ...patch,
      ...(transition.statusChanges ? { status: transition.to } : {}),
      ...(transition.bumpsVersion ? { version: sql`${posts.version} + 1` } : {}),
      updatedAt: now
    })
    .where(where)
    .returning()
  if (row) await recordPostEvents(executor, event, [row], now, input.eventActor)
  return row ?? null
}

/**
 * Applies `event` to every post matching `where` whose status the event changes or whose version it
 * bumps (a batch: the publisher's claim, an author leaving). Posts the event leaves as they are, or
 * refuses, are left alone. The changed rows are returned.
 */
export async function applyPostTransitionToMany(
  executor: Executor,
  input: { event: PostEvent; by: PostActor; where: SQL; patch?: PostPatch; now: Date }
): Promise<PostRow[]> {
  const { event, now } = input
  const patch = input.patch ?? {}
  checkActor(event, input.by)
  checkApproval(event, patch)
  const moving = postEventSources(event)
    .map((from) => postTransition(from, event, { failed: true }))
    .filter((t) => t.allowed && t.to !== null && (t.statusChanges || t.bumpsVersion))
    .map((t) => t as Extract<typeof t, { allowed: true }> & { to: PostStatus })
  if (moving.length === 0) return []
  if (postEventRule(event).guard) throw new Error(`post event ${event} is applied one post at a time`)
  const status = sql`(case ${posts.status} ${sql.join(
    moving.map((t) => sql`when ${t.from} then ${t.to}`),
    sql` `
  )} end)`
  const bumped = moving.filter((t) => t.bumpsVersion).map((t) => t.from)
  const version =
    bumped.length === moving.length
      ? sql`${posts.version} + 1`
      : bumped.length === 0
        ? undefined
        : sql`${posts.version} + (case when ${inArray(posts.status, bumped)} then 1 else 0 end)`
  const rows = await executor
    .update(posts)
    .set({ ...patch, status, ...(version ? { version } : {}), updatedAt: now })
    .where(
      and(
        input.where,
        inArray(
          posts.status,
          moving.map((t) => t.from)
        )
      )
    )
    .returning()
  await recordPostEvents(executor, event, rows, now)
  return rows
}

/**
 * The domain events a lifecycle event tells others of (the outbox, docs/decisions/0002-domain-events-outbox.md),
 * written with the change: scheduling, approval asked, approved, rejected, published, failed. The
 * others (an edit, the publisher's claim, an author leaving — told as member.removed) are not events.
 */
function postEventsOf(event: PostEvent, row: PostRow, actor?: EventActor): DomainEventInput | null {
  const base = { organizationId: row.organizationId }
  const post = { postId: row.id, authorId: row.authorUserId }
  const author: EventActor = actor ?? { type: 'user', userId: row.authorUserId }
  const approver = row.approvalDecidedBy ? { type: 'user' as const, userId: row.approvalDecidedBy } : null
  switch (event) {
    case 'schedule':
    case 'publishNow':
    case 'retry':
      return row.scheduledAt
        ? { ...base, name: 'post.scheduled', actor: author, payload: { ...post, publishAt: row.scheduledAt.toISOString(), slotId: row.slotId, businessPageId: row.businessPageId } }
        : null
    case 'requestApproval':
      return { ...base, name: 'approval.requested', actor: author, payload: { ...post, revision: row.revision } }
    case 'approve':
      return approver ? { ...base, name: 'post.approved', actor: approver, payload: { ...post, approverId: approver.userId, revision: row.revision } } : null
    case 'reject':
      return approver ? { ...base, name: 'post.rejected', actor: approver, payload: { ...post, approverId: approver.userId } } : null
    case 'published':
      return row.linkedInPostUrn
        ? { ...base, name: 'post.published', actor: { type: 'system' }, payload: { ...post, linkedInPostUrn: row.linkedInPostUrn, slotId: row.slotId } }
        : null
    case 'failed':
    case 'notApprovedInTime': {
      const cause = event === 'notApprovedInTime' ? 'notApproved' : row.failureReason === UNKNOWN_OUTCOME_REASON ? 'unknownOutcome' : 'linkedIn'
      return { ...base, name: 'post.failed', actor: { type: 'system' }, payload: { ...post, reason: row.failureReason ?? '', cause } }
    }
    default:
      return null
  }
}

async function recordPostEvents(executor: Executor, event: PostEvent, rows: readonly PostRow[], now: Date, actor?: EventActor): Promise<void> {
  const events = rows.map((row) => postEventsOf(event, row, actor)).filter((e): e is DomainEventInput => e !== null)
  await recordEvents(executor, now, events)
}
