import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../api/messages'
import type { ApprovalStatus, PostStatus } from '../domain/enums'
import {
  POST_ACTORS,
  POST_EVENT_NAMES,
  POST_EVENTS,
  POST_INITIAL_STATES,
  POST_STATES,
  postEventAllowedBy,
  postEventSources,
  postStage,
  postTransition,
  terminalPostStates,
  type PostEvent
} from './postLifecycle'

/**
 * The post lifecycle as a table of expectations, written out by hand: every state × every event.
 * A cell is the to-state ('=' for the same state, 'x' deleted) or the refusal's message.
 */
const EDITABLE: PostStatus[] = ['DRAFT', 'ASK_FOR_FEEDBACK', 'SCHEDULED', 'RECOMMENDED']
const P = MESSAGES.postPublished
const B = MESSAGES.postBeingPublished
const C = MESSAGES.postChangedElsewhere
const F = MESSAGES.postNotFailed

type Cell = PostStatus | '=' | 'x' | { refused: string }
const r = (message: string): Cell => ({ refused: message })

//                    DRAFT                ASK_FOR_FEEDBACK   SCHEDULED            PENDING_PUBLISH  PUBLISHED     RECOMMENDED
const EXPECTED: Record<PostEvent, Record<PostStatus, Cell>> = {
  edit: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  editBreakingLimits: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: 'DRAFT', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  delete: { DRAFT: 'x', ASK_FOR_FEEDBACK: 'x', SCHEDULED: 'x', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: 'x' },
  schedule: { DRAFT: 'SCHEDULED', ASK_FOR_FEEDBACK: 'SCHEDULED', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: 'SCHEDULED' },
  publishNow: { DRAFT: 'SCHEDULED', ASK_FOR_FEEDBACK: 'SCHEDULED', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: 'SCHEDULED' },
  retry: { DRAFT: 'SCHEDULED', ASK_FOR_FEEDBACK: r(F), SCHEDULED: r(F), PENDING_PUBLISH: r(F), PUBLISHED: r(F), RECOMMENDED: r(F) },
  unschedule: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: 'DRAFT', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  requestReview: { DRAFT: 'ASK_FOR_FEEDBACK', ASK_FOR_FEEDBACK: '=', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  withdrawReview: { DRAFT: '=', ASK_FOR_FEEDBACK: 'DRAFT', SCHEDULED: '=', PENDING_PUBLISH: '=', PUBLISHED: '=', RECOMMENDED: '=' },
  requestApproval: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  approve: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: '=', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  reject: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: 'DRAFT', PENDING_PUBLISH: r(B), PUBLISHED: r(P), RECOMMENDED: '=' },
  authorRemoved: { DRAFT: '=', ASK_FOR_FEEDBACK: '=', SCHEDULED: 'DRAFT', PENDING_PUBLISH: 'DRAFT', PUBLISHED: '=', RECOMMENDED: '=' },
  publishingStarted: { DRAFT: r(C), ASK_FOR_FEEDBACK: r(C), SCHEDULED: 'PENDING_PUBLISH', PENDING_PUBLISH: r(C), PUBLISHED: r(C), RECOMMENDED: r(C) },
  notApprovedInTime: { DRAFT: r(C), ASK_FOR_FEEDBACK: r(C), SCHEDULED: 'DRAFT', PENDING_PUBLISH: r(C), PUBLISHED: r(C), RECOMMENDED: r(C) },
  published: { DRAFT: r(C), ASK_FOR_FEEDBACK: r(C), SCHEDULED: r(C), PENDING_PUBLISH: 'PUBLISHED', PUBLISHED: r(C), RECOMMENDED: r(C) },
  failed: { DRAFT: r(C), ASK_FOR_FEEDBACK: r(C), SCHEDULED: r(C), PENDING_PUBLISH: 'DRAFT', PUBLISHED: r(C), RECOMMENDED: r(C) },
  requeued: { DRAFT: r(C), ASK_FOR_FEEDBACK: r(C), SCHEDULED: r(C), PENDING_PUBLISH: 'SCHEDULED', PUBLISHED: r(C), RECOMMENDED: r(C) }
}

/** Which events bump the version when they apply (and do not delete). */
const VERSION: Record<PostEvent, 'always' | 'onChange' | 'never'> = {
  edit: 'always',
  editBreakingLimits: 'always',
  delete: 'never',
  schedule: 'always',
  publishNow: 'always',
  retry: 'always',
  unschedule: 'onChange',
  requestReview: 'onChange',
  withdrawReview: 'onChange',
  requestApproval: 'onChange',
  approve: 'onChange',
  reject: 'onChange',
  authorRemoved: 'onChange',
  publishingStarted: 'never',
  notApprovedInTime: 'always',
  published: 'never',
  failed: 'never',
  requeued: 'never'
}

describe('the post lifecycle table', () => {
  it('lists every status of the domain and an expectation for every event', () => {
    expect([...POST_STATES].sort()).toEqual(['ASK_FOR_FEEDBACK', 'DRAFT', 'PENDING_PUBLISH', 'PUBLISHED', 'RECOMMENDED', 'SCHEDULED'])
    expect(Object.keys(EXPECTED).sort()).toEqual([...POST_EVENT_NAMES].sort())
  })

  describe.each(POST_EVENT_NAMES)('%s', (event) => {
    it.each(POST_STATES)('from %s', (from) => {
      const cell = EXPECTED[event][from]
      const t = postTransition(from, event, { failed: true })
      if (typeof cell === 'object') {
        expect(t).toEqual({ allowed: false, from, code: 409, message: cell.refused })
        return
      }
      const to = cell === '=' ? from : cell === 'x' ? null : cell
      const changes = to !== from
      const bumps = to !== null && (VERSION[event] === 'always' || (VERSION[event] === 'onChange' && changes))
      expect(t).toEqual({ allowed: true, from, to, statusChanges: changes, bumpsVersion: bumps })
    })
  })

  it('retry needs the last attempt to have failed', () => {
    expect(postTransition('DRAFT', 'retry', { failed: false })).toMatchObject({ allowed: false, message: MESSAGES.postNotFailed })
    expect(postTransition('DRAFT', 'retry')).toMatchObject({ allowed: false, message: MESSAGES.postNotFailed })
    expect(postTransition('DRAFT', 'retry', { failed: true })).toMatchObject({ allowed: true, to: 'SCHEDULED' })
    // No other event has a guard: the fact changes nothing for them.
    for (const event of POST_EVENT_NAMES.filter((e) => e !== 'retry')) {
      for (const status of POST_STATES) expect(postTransition(status, event, { failed: false })).toEqual(postTransition(status, event, { failed: true }))
    }
  })

  it('says who causes each event: the author edits and schedules (the organization’s API key may schedule too), approvers decide, an admin removes authors, the publisher does the rest', () => {
    const who = Object.fromEntries(POST_EVENT_NAMES.map((e) => [e, POST_ACTORS.filter((a) => postEventAllowedBy(e, a))]))
    expect(who).toEqual({
      edit: ['author'],
      editBreakingLimits: ['author'],
      delete: ['author'],
      schedule: ['author', 'organization'],
      publishNow: ['author', 'organization'],
      retry: ['author'],
      unschedule: ['author'],
      requestReview: ['author'],
      withdrawReview: ['author'],
      requestApproval: ['author'],
      approve: ['approver'],
      reject: ['approver'],
      authorRemoved: ['admin'],
      publishingStarted: ['system'],
      notApprovedInTime: ['system'],
      published: ['system'],
      failed: ['system'],
      requeued: ['system']
    })
  })

  it('every state but RECOMMENDED (the spec’s, entered by no event) is reachable from a new post', () => {
    const reached = new Set<PostStatus>(POST_INITIAL_STATES)
    for (let grew = true; grew; ) {
      grew = false
      for (const from of [...reached]) {
        for (const event of POST_EVENT_NAMES) {
          const t = postTransition(from, event, { failed: true })
          if (t.allowed && t.to && !reached.has(t.to)) {
            reached.add(t.to)
            grew = true
          }
        }
      }
    }
    expect([...reached].sort()).toEqual(POST_STATES.filter((s) => s !== 'RECOMMENDED').sort())
    // Its cells in EXPECTED are DRAFT's (staying RECOMMENDED where a draft stays a draft), but for
    // withdrawing feedback it never asked for and retrying an attempt it never made.
  })

  it('PUBLISHED is the only terminal state: no event moves a published post, and every other state has a way out', () => {
    expect(terminalPostStates()).toEqual(['PUBLISHED'])
    for (const event of POST_EVENT_NAMES) {
      const t = postTransition('PUBLISHED', event, { failed: true })
      if (t.allowed) expect(t, event).toMatchObject({ to: 'PUBLISHED', bumpsVersion: false })
    }
  })

  it('only the publisher moves a post into or out of PENDING_PUBLISH, except an author leaving', () => {
    for (const event of POST_EVENT_NAMES) {
      for (const from of POST_STATES) {
        const t = postTransition(from, event, { failed: true })
        if (!t.allowed || !t.statusChanges) continue
        if (from === 'PENDING_PUBLISH' || t.to === 'PENDING_PUBLISH' || t.to === 'PUBLISHED') {
          expect(POST_EVENTS[event].by, `${event} from ${from}`).toEqual(event === 'authorRemoved' ? ['admin'] : ['system'])
        }
      }
    }
  })

  it('sources are the states an event applies to', () => {
    expect(postEventSources('publishingStarted')).toEqual(['SCHEDULED'])
    expect(postEventSources('authorRemoved').sort()).toEqual([...POST_STATES].sort())
    expect(postEventSources('edit').sort()).toEqual([...EDITABLE].sort())
  })
})

describe('postStage', () => {
  const cases: Array<[PostStatus, boolean, ApprovalStatus | null, string]> = [
    ['PUBLISHED', false, 'REJECTED', 'PUBLISHED'],
    ['SCHEDULED', true, 'PENDING', 'SCHEDULED'],
    ['PENDING_PUBLISH', false, null, 'SCHEDULED'],
    ['DRAFT', true, 'APPROVED', 'FAILED'],
    ['DRAFT', false, 'REJECTED', 'REJECTED'],
    ['ASK_FOR_FEEDBACK', false, 'REJECTED', 'REJECTED'],
    ['ASK_FOR_FEEDBACK', false, null, 'IN_REVIEW'],
    ['DRAFT', false, 'PENDING', 'IN_REVIEW'],
    ['ASK_FOR_FEEDBACK', true, 'APPROVED', 'IN_REVIEW'],
    ['DRAFT', false, 'APPROVED', 'APPROVED'],
    ['DRAFT', false, null, 'DRAFT'],
    ['RECOMMENDED', true, null, 'DRAFT']
  ]
  it.each(cases)('%s (failed %s, approval %s) is %s', (status, failed, approvalStatus, stage) => {
    expect(postStage({ status, failureReason: failed ? 'LinkedIn said no' : null, approvalStatus })).toBe(stage)
  })
})
