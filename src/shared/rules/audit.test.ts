import { describe, expect, it } from 'vitest'
import { withoutUnchanged } from './audit'

describe('withoutUnchanged', () => {
  it('drops the fields that are the same on both sides and keeps the changed ones', () => {
    expect(withoutUnchanged({ approvalStatus: 'PENDING', status: 'ASK_FOR_FEEDBACK' }, { approvalStatus: 'REJECTED', status: 'ASK_FOR_FEEDBACK' })).toEqual({
      before: { approvalStatus: 'PENDING' },
      after: { approvalStatus: 'REJECTED' }
    })
  })

  it('compares values, not references: equal lists and objects are unchanged', () => {
    expect(withoutUnchanged({ assignedUsers: ['a', 'b'], page: { id: 'p' }, name: 'Old' }, { assignedUsers: ['a', 'b'], page: { id: 'p' }, name: 'New' })).toEqual({
      before: { name: 'Old' },
      after: { name: 'New' }
    })
    expect(withoutUnchanged({ assignedUsers: ['a'] }, { assignedUsers: ['a', 'b'] })).toEqual({ before: { assignedUsers: ['a'] }, after: { assignedUsers: ['a', 'b'] } })
  })

  it('keeps a field on one side only, and a null after a value', () => {
    expect(withoutUnchanged({ status: 'DRAFT' }, { status: 'DRAFT', reason: 'Off brand.' })).toEqual({ before: {}, after: { reason: 'Off brand.' } })
    expect(withoutUnchanged({ plan: 'Pro' }, { plan: null })).toEqual({ before: { plan: 'Pro' }, after: { plan: null } })
  })

  it('leaves a creation or a deletion as it is, and the same objects when nothing is the same', () => {
    const values = { name: 'Writers', requireTag: true }
    expect(withoutUnchanged(null, values)).toEqual({ before: null, after: values })
    expect(withoutUnchanged(values, null)).toEqual({ before: values, after: null })
    expect(withoutUnchanged(null, null)).toEqual({ before: null, after: null })
    const before = { name: 'A' }
    const after = { name: 'B' }
    const result = withoutUnchanged(before, after)
    expect(result.before).toBe(before)
    expect(result.after).toBe(after)
  })
})
