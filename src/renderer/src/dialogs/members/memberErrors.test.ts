// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@renderer/api/client'
import { invitationFailure, memberUpdateFailure } from './memberErrors'
import { memberUpdateBody, initialMemberForm, sanitizeTarget, selectedBusinessPages } from './memberForm'
import { aMember } from '@renderer/testing/fixtures'

const apiError = (status: number, message: string, code = 'error') => new ApiError({ status, code, message, url: 'POST /api/members/invite' })

describe('invitation failure toast (spec §8)', () => {
  it('maps each server answer', () => {
    expect(invitationFailure(apiError(409, 'Email already invited to organization.', 'conflict'))).toMatchObject({
      title: 'User invitation failed ⚠️',
      body: 'Sorry, that user has already been invited.'
    })
    expect(invitationFailure(apiError(402, 'Plan seats limit reached', 'plan_limit')).body).toBe('Plan seats limit reached')
    expect(invitationFailure(apiError(402, 'No subscription', 'no_plan')).body).toBe('Your organization has no plan. Please contact support.')
    expect(invitationFailure(apiError(400, 'Something odd')).body).toBe(GENERIC_ERROR_MESSAGE)
    expect(invitationFailure(new Error('boom')).body).toBe(GENERIC_ERROR_MESSAGE)
  })

  it('keeps a title ending in an emoji', () => {
    expect(invitationFailure(null).title.endsWith('⚠️')).toBe(true)
  })
})

describe('member update failure toast', () => {
  it('says Role update fail for the last admin, the server text for other refusals, generic otherwise', () => {
    expect(memberUpdateFailure(apiError(409, 'There must be at least one admin in your organization.'))).toMatchObject({
      title: 'Role update fail ⚠️',
      body: 'There must be at least one admin in your organization.'
    })
    expect(memberUpdateFailure(apiError(403, 'A ghost user cannot change roles.')).body).toBe('A ghost user cannot change roles.')
    expect(memberUpdateFailure(apiError(500, 'x')).body).toBe(GENERIC_ERROR_MESSAGE)
  })
})

describe('member form rules', () => {
  it('keeps only digits in the monthly target', () => {
    expect(sanitizeTarget('-3')).toBe('3')
    expect(sanitizeTarget('007')).toBe('7')
    expect(sanitizeTarget('')).toBe('')
  })

  it('sends null business pages when none is chosen', () => {
    expect(selectedBusinessPages([])).toBeNull()
    expect(selectedBusinessPages(['p'])).toEqual(['p'])
  })

  it('sends the target as 0 when the field is empty, with the review flow of a joined member', () => {
    const member = aMember()
    const form = { ...initialMemberForm(member), numberOfPosts: '' }
    expect(memberUpdateBody(member, form)).toEqual({ userId: 'member-1', numberOfPosts: 0, userApprovalFlow: false, postTags: [], selectedBusinessPages: null })
  })
})
