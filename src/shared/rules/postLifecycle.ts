import { MESSAGES } from '../api/messages'
import type { PostStage } from '../domain/entities'
import { postStatusSchema, type ApprovalStatus, type PostStatus } from '../domain/enums'

/**
 * A post's lifecycle (DESIGN §7): every state a post's `status` can hold, every event that moves
 * it, who may cause each, and what each does to the version and the approval. The server applies
 * it in one place (src/server/services/postLifecycle.ts); nothing else writes a post's status.
 *
 * Reading an event's rule:
 * - `moves`: from-state → to-state for the states the event applies to. A to-state equal to the
 *   from-state is allowed and leaves the status as it is (an edit of a draft, feedback asked on a
 *   SCHEDULED post); `null` removes the post (delete). Every other state refuses the event with
 *   `refused[state]`, else `otherwise` — always a 409 with that message, as the API answered
 *   before this table existed.
 * - `version`: 'always' bumps posts.version (an editor holding the old one reloads; a publisher
 *   holding it drops the post); 'onChange' only when the status changes; 'never' keeps it (the
 *   publisher's own steps compare-and-set on the version it claimed).
 * - `approval`: what the event does to the approval columns (issue 13); 'keep' may not touch them.
 * - `guard`: a fact beyond the status the event needs ('failed': the last publish attempt failed,
 *   i.e. failureReason is set) — refused with `otherwise` without it.
 *
 * RECOMMENDED is a status of the spec (§3) that no event enters today; posts in it (imported
 * data) are treated as drafts.
 */
export const POST_STATES = postStatusSchema.options

/** A failed publish whose outcome LinkedIn did not tell (timeout, network, 5xx): the post's failureReason. */
export const UNKNOWN_OUTCOME_REASON = 'may have been published — check LinkedIn before retrying'

/**
 * Who causes an event: the post's author; an approver (a leader of the author's team or an admin,
 * never the author); an admin acting on members; the publisher; the organization itself through an
 * API key (issue 28's /api/v1: it schedules or publishes a member's post with the author's rules, never as a person).
 */
export const POST_ACTORS = ['author', 'approver', 'admin', 'system', 'organization'] as const
export type PostActor = (typeof POST_ACTORS)[number]

type PostVersionRule = 'always' | 'onChange' | 'never'

/**
 * - keep: approval untouched.
 * - resetIfApproved: a content change of an APPROVED post returns it to PENDING (nextRevision).
 * - required: needs approval for the current revision when the author's approval flow is on (the caller's 400).
 * - PENDING / APPROVED / REJECTED: sets it.
 */
type PostApprovalEffect = 'keep' | 'resetIfApproved' | 'required' | ApprovalStatus

interface PostEventRule {
  description: string
  by: readonly PostActor[]
  moves: Partial<Record<PostStatus, PostStatus | null>>
  refused?: Partial<Record<PostStatus, string>>
  otherwise: string
  version: PostVersionRule
  approval: PostApprovalEffect
  guard?: 'failed'
}

/** Everything a post may do while it is not being published and not published. */
const WHILE_EDITABLE = { DRAFT: 'DRAFT', ASK_FOR_FEEDBACK: 'ASK_FOR_FEEDBACK', SCHEDULED: 'SCHEDULED', RECOMMENDED: 'RECOMMENDED' } as const
/** A published post is kept as published; a post being published is the publisher's until it records the outcome. */
const NOT_WHILE_PUBLISHING = { PUBLISHED: MESSAGES.postPublished, PENDING_PUBLISH: MESSAGES.postBeingPublished } as const

export const POST_EVENTS = {
  edit: {
    description: 'The author saves the post (editor, accepted suggestion).',
    by: ['author'],
    moves: WHILE_EDITABLE,
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'always',
    approval: 'resetIfApproved'
  },
  editBreakingLimits: {
    description: 'A save that breaks LinkedIn’s limits: a SCHEDULED post goes back to DRAFT (keeping its time).',
    by: ['author'],
    moves: { ...WHILE_EDITABLE, SCHEDULED: 'DRAFT' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'always',
    approval: 'resetIfApproved'
  },
  delete: {
    description: 'The author deletes the post.',
    by: ['author'],
    moves: { DRAFT: null, ASK_FOR_FEEDBACK: null, SCHEDULED: null, RECOMMENDED: null },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'never',
    approval: 'keep'
  },
  schedule: {
    description: 'The author (or the organization’s API key) schedules the post for a time (or its slot’s time).',
    by: ['author', 'organization'],
    moves: { DRAFT: 'SCHEDULED', ASK_FOR_FEEDBACK: 'SCHEDULED', SCHEDULED: 'SCHEDULED', RECOMMENDED: 'SCHEDULED' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'always',
    approval: 'required'
  },
  publishNow: {
    description: 'The author (or the organization’s API key) publishes now: scheduled for now, the publisher is woken.',
    by: ['author', 'organization'],
    moves: { DRAFT: 'SCHEDULED', ASK_FOR_FEEDBACK: 'SCHEDULED', SCHEDULED: 'SCHEDULED', RECOMMENDED: 'SCHEDULED' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'always',
    approval: 'required'
  },
  retry: {
    description: 'The author publishes a failed post again (now or at a time), with a new idempotency key.',
    by: ['author'],
    moves: { DRAFT: 'SCHEDULED' },
    otherwise: MESSAGES.postNotFailed,
    version: 'always',
    approval: 'required',
    guard: 'failed'
  },
  unschedule: {
    description: 'The author takes a SCHEDULED post back to DRAFT (keeping its time); other drafts stay.',
    by: ['author'],
    moves: { ...WHILE_EDITABLE, SCHEDULED: 'DRAFT' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'keep'
  },
  requestReview: {
    description: 'The author asks for feedback: a DRAFT becomes ASK_FOR_FEEDBACK; a SCHEDULED post stays SCHEDULED.',
    by: ['author'],
    moves: { ...WHILE_EDITABLE, DRAFT: 'ASK_FOR_FEEDBACK' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'keep'
  },
  withdrawReview: {
    description: 'The author closes the feedback request: ASK_FOR_FEEDBACK returns to DRAFT; any other status stays.',
    by: ['author'],
    moves: { ...WHILE_EDITABLE, ASK_FOR_FEEDBACK: 'DRAFT', PENDING_PUBLISH: 'PENDING_PUBLISH', PUBLISHED: 'PUBLISHED' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'keep'
  },
  requestApproval: {
    description: 'The author sends the post for approval; the status stays.',
    by: ['author'],
    moves: WHILE_EDITABLE,
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'PENDING'
  },
  approve: {
    description: 'An approver approves the current revision; the status stays.',
    by: ['approver'],
    moves: WHILE_EDITABLE,
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'APPROVED'
  },
  reject: {
    description: 'An approver rejects the post: a SCHEDULED post goes back to DRAFT (keeping its time).',
    by: ['approver'],
    moves: { ...WHILE_EDITABLE, SCHEDULED: 'DRAFT' },
    refused: NOT_WHILE_PUBLISHING,
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'REJECTED'
  },
  authorRemoved: {
    description: 'The author leaves the organization: posts waiting to be published go back to DRAFT with the reason.',
    by: ['admin'],
    moves: { ...WHILE_EDITABLE, SCHEDULED: 'DRAFT', PENDING_PUBLISH: 'DRAFT', PUBLISHED: 'PUBLISHED' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'onChange',
    approval: 'keep'
  },
  publishingStarted: {
    description: 'The publisher claims a due post.',
    by: ['system'],
    moves: { SCHEDULED: 'PENDING_PUBLISH' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'never',
    approval: 'keep'
  },
  notApprovedInTime: {
    description: 'A due post whose approval is required and missing is not published: DRAFT with the reason.',
    by: ['system'],
    moves: { SCHEDULED: 'DRAFT' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'always',
    approval: 'keep'
  },
  published: {
    description: 'LinkedIn took the post (the run, or the sweep finding it after a crash).',
    by: ['system'],
    moves: { PENDING_PUBLISH: 'PUBLISHED' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'never',
    approval: 'keep'
  },
  failed: {
    description: 'Publishing failed or its outcome is unknown: DRAFT with the reason (retry is the author’s).',
    by: ['system'],
    moves: { PENDING_PUBLISH: 'DRAFT' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'never',
    approval: 'keep'
  },
  requeued: {
    description: 'The sweep found no post on LinkedIn after a crash: SCHEDULED again, same idempotency key.',
    by: ['system'],
    moves: { PENDING_PUBLISH: 'SCHEDULED' },
    otherwise: MESSAGES.postChangedElsewhere,
    version: 'never',
    approval: 'keep'
  }
} as const satisfies Record<string, PostEventRule>

export type PostEvent = keyof typeof POST_EVENTS
export const POST_EVENT_NAMES = Object.keys(POST_EVENTS) as PostEvent[]

/** The states a post is created in: DRAFT, or SCHEDULED when created with a time (imports, fixtures). */
export const POST_INITIAL_STATES = ['DRAFT', 'SCHEDULED'] as const satisfies readonly PostStatus[]
export const initialPostStatus = (scheduled: boolean): PostStatus => (scheduled ? 'SCHEDULED' : 'DRAFT')

/** Facts beyond the status that a guard reads. */
interface PostFacts {
  /** The last publish attempt failed (failureReason set). */
  failed?: boolean
}

type PostTransition =
  | {
      allowed: true
      from: PostStatus
      /** null: the post is deleted. */
      to: PostStatus | null
      statusChanges: boolean
      bumpsVersion: boolean
    }
  | { allowed: false; from: PostStatus; code: 409; message: string }

const ruleOf = (event: PostEvent): PostEventRule => POST_EVENTS[event]

/** What `event` does to a post in `status` (with `facts` for guarded events). */
export function postTransition(status: PostStatus, event: PostEvent, facts: PostFacts = {}): PostTransition {
  const rule = ruleOf(event)
  const moves = rule.moves as Partial<Record<PostStatus, PostStatus | null>>
  const guardHolds = rule.guard !== 'failed' || facts.failed === true
  if (!(status in moves) || !guardHolds) return { allowed: false, from: status, code: 409, message: rule.refused?.[status] ?? rule.otherwise }
  const to = moves[status]!
  const statusChanges = to !== status
  const bumpsVersion = to !== null && (rule.version === 'always' || (rule.version === 'onChange' && statusChanges))
  return { allowed: true, from: status, to, statusChanges, bumpsVersion }
}

/** Whether `actor` may cause `event` at all (the callers check who the session user is to the post). */
export function postEventAllowedBy(event: PostEvent, actor: PostActor): boolean {
  return ruleOf(event).by.includes(actor)
}

export function postEventRule(event: PostEvent): PostEventRule {
  return ruleOf(event)
}

/** The states an event moves a post out of or keeps it in (the batch form applies it to these). */
export function postEventSources(event: PostEvent): PostStatus[] {
  return POST_STATES.filter((s) => s in ruleOf(event).moves)
}

/** The states no event leaves. */
export function terminalPostStates(): PostStatus[] {
  return POST_STATES.filter((s) => POST_EVENT_NAMES.every((e) => {
    const t = postTransition(s, e, { failed: true })
    return !t.allowed || t.to === s
  }))
}

/** Where a post stands for people (postStageSchema), the first rule that applies: status first, then failure, then approval. */
interface PostStageRule {
  stage: PostStage
  /** Applies when the status is one of these… */
  statuses?: readonly PostStatus[]
  /** …and (with statuses) the last publish attempt failed. */
  failed?: true
  /** Applies when the approval is this (or, with statuses and `either`, when either holds). */
  approval?: ApprovalStatus
  either?: true
}

export const POST_STAGE_RULES: readonly PostStageRule[] = [
  { stage: 'PUBLISHED', statuses: ['PUBLISHED'] },
  // Being published shows as SCHEDULED: it is seconds away from PUBLISHED or back to a draft.
  { stage: 'SCHEDULED', statuses: ['SCHEDULED', 'PENDING_PUBLISH'] },
  { stage: 'FAILED', statuses: ['DRAFT'], failed: true },
  { stage: 'REJECTED', approval: 'REJECTED' },
  { stage: 'IN_REVIEW', statuses: ['ASK_FOR_FEEDBACK'], approval: 'PENDING', either: true },
  { stage: 'APPROVED', approval: 'APPROVED' },
  { stage: 'DRAFT' }
]

/** The stage of a post (the same as the review inbox's SQL, which is built from POST_STAGE_RULES). */
export function postStage(post: { status: PostStatus; failureReason: string | null; approvalStatus: ApprovalStatus | null }): PostStage {
  for (const rule of POST_STAGE_RULES) {
    const byStatus = rule.statuses ? rule.statuses.includes(post.status) && (!rule.failed || post.failureReason !== null) : null
    const byApproval = rule.approval ? post.approvalStatus === rule.approval : null
    const applies =
      byStatus === null && byApproval === null ? true : rule.either ? byStatus === true || byApproval === true : byStatus !== false && byApproval !== false
    if (applies) return rule.stage
  }
  return 'DRAFT'
}
