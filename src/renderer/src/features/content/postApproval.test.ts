import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@shared/api/messages'
import type { PostApproval } from '@shared/domain'
import { aPost } from '@renderer/testing/postFixtures'
import { approvalBlock, approvalState, approvedNow } from './postApproval'

const withApproval = (approval: Partial<PostApproval>, revision = 2) =>
  aPost({ revision, approval: { required: true, status: null, approvedRevision: null, decidedBy: null, decidedAt: null, reason: null, ...approval } })

describe('post approval', () => {
  it('is approved only for the revision the approval was given for', () => {
    expect(approvedNow(withApproval({ status: 'APPROVED', approvedRevision: 2 }))).toBe(true)
    expect(approvedNow(withApproval({ status: 'APPROVED', approvedRevision: 1 }))).toBe(false)
    expect(approvedNow(withApproval({ status: 'PENDING', approvedRevision: 2 }))).toBe(false)
  })

  it('blocks Schedule and Post now until approved, saying whether it waits for the approvers', () => {
    expect(approvalBlock(withApproval({ status: null }))).toBe(MESSAGES.approvalRequiredToSchedule)
    expect(approvalBlock(withApproval({ status: 'REJECTED', reason: 'Too long' }))).toBe(MESSAGES.approvalRequiredToSchedule)
    expect(approvalBlock(withApproval({ status: 'PENDING' }))).toBe(MESSAGES.approvalPendingToSchedule)
    expect(approvalBlock(withApproval({ status: 'PENDING', approvedRevision: 1 }))).toBe(MESSAGES.approvalPendingToSchedule)
    expect(approvalBlock(withApproval({ status: 'APPROVED', approvedRevision: 1 }))).toBe(MESSAGES.approvalRequiredToSchedule)
    expect(approvalBlock(withApproval({ status: 'APPROVED', approvedRevision: 2 }))).toBeNull()
    expect(approvalBlock(withApproval({ required: false }))).toBeNull()
  })

  it('names each state, and offers Send for approval only when nothing waits for the approvers', () => {
    const states = [
      withApproval({ status: null }),
      withApproval({ status: 'PENDING' }),
      withApproval({ status: 'APPROVED', approvedRevision: 2 }),
      withApproval({ status: 'REJECTED', reason: 'Too long' }),
      withApproval({ status: 'PENDING', approvedRevision: 1 }),
      withApproval({ status: 'APPROVED', approvedRevision: 1 })
    ].map((post) => [approvalState(post).text, approvalState(post).canSend])
    expect(states).toEqual([
      ['Not sent', true],
      ['Waiting for approval', false],
      ['Approved', false],
      ['Rejected: Too long', true],
      ['Approved for an earlier version: needs approval again', false],
      ['Approved for an earlier version: needs approval again', true]
    ])
  })
})
