import { describe, expect, it } from 'vitest'
import { entitlements } from '@renderer/testing/fixtures'
import { planStanding } from './navigation'

const loading = { isSuccess: false, isError: false }
const failed = { isSuccess: false, isError: true }
const read = (...args: Parameters<typeof entitlements>) => ({ isSuccess: true, isError: false, data: entitlements(...args) })

describe('planStanding', () => {
  it('includes what needs no entitlement, whatever the entitlements query says', () => {
    for (const query of [loading, failed, read([])]) expect(planStanding(undefined, query)).toBe('included')
  })

  it('is checking while the entitlements load and unread when they cannot be read', () => {
    expect(planStanding('RECOMMEND_POST', loading)).toBe('checking')
    expect(planStanding('RECOMMEND_POST', failed)).toBe('unread')
  })

  it('includes what the plan holds and not what it lacks or has used up', () => {
    expect(planStanding('RECOMMEND_POST', read(['RECOMMEND_POST']))).toBe('included')
    expect(planStanding('RECOMMEND_POST', read(['TEAMS']))).toBe('notIncluded')
    expect(planStanding('RECOMMEND_POST', read(['RECOMMEND_POST'], { RECOMMEND_POST: [3, 3] }))).toBe('notIncluded')
    expect(planStanding('RECOMMEND_POST', read(['RECOMMEND_POST'], { RECOMMEND_POST: [3, 2] }))).toBe('included')
  })
})
