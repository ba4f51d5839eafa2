import { describe, expect, it } from 'vitest'
import { hasEntitlement, isEntitled, trialEntitlementKeys } from './entitlements'

describe('isEntitled', () => {
  it('treats limit 0 as unlimited', () => {
    expect(isEntitled([{ lookupKey: 'TEAMS', limit: 0, currentUsage: 500 }], 'TEAMS')).toBe(true)
  })
  it('is entitled while the limit exceeds usage, and not at the limit', () => {
    expect(isEntitled([{ lookupKey: 'TEAMS', limit: 3, currentUsage: 2 }], 'TEAMS')).toBe(true)
    expect(isEntitled([{ lookupKey: 'TEAMS', limit: 3, currentUsage: 3 }], 'TEAMS')).toBe(false)
    expect(isEntitled([{ lookupKey: 'TEAMS', limit: 3, currentUsage: 4 }], 'TEAMS')).toBe(false)
  })
  it('is not entitled to a key that is absent', () => {
    expect(isEntitled([{ lookupKey: 'TEAMS', limit: 0, currentUsage: 0 }], 'ACADEMY')).toBe(false)
    expect(hasEntitlement([{ lookupKey: 'TEAMS', limit: 1, currentUsage: 1 }], 'TEAMS')).toBe(true)
    expect(hasEntitlement([], 'GHOST_ROLE')).toBe(false)
  })
})

describe('trial entitlements', () => {
  it('include every key except ACADEMY', () => {
    const keys = trialEntitlementKeys()
    expect(keys).not.toContain('ACADEMY')
    expect(keys).toHaveLength(10)
    expect(keys).toContain('API')
    expect(keys).toContain('RECOMMEND_POST')
  })
})
