import { describe, expect, it } from 'vitest'
import { daysUntil, isSubscriptionExpired, trialDaysLeft } from './subscription'

const now = new Date('2026-03-10T12:00:00Z')

describe('isSubscriptionExpired', () => {
  it('is expired when endsAt is in the past, whatever the status', () => {
    expect(isSubscriptionExpired({ status: 'active', endsAt: '2026-03-10T11:59:59Z', trialEndsAt: null }, now)).toBe(true)
  })
  it('is expired when a trial ended', () => {
    expect(isSubscriptionExpired({ status: 'trialing', endsAt: null, trialEndsAt: '2026-03-09T00:00:00Z' }, now)).toBe(true)
    expect(isSubscriptionExpired({ status: 'on_trial', endsAt: null, trialEndsAt: '2026-03-09T00:00:00Z' }, now)).toBe(true)
  })
  it('ignores a past trial end once the plan is active', () => {
    expect(isSubscriptionExpired({ status: 'active', endsAt: null, trialEndsAt: '2026-03-09T00:00:00Z' }, now)).toBe(false)
  })
  it('is not expired while dates are ahead', () => {
    expect(isSubscriptionExpired({ status: 'trialing', endsAt: '2026-04-01T00:00:00Z', trialEndsAt: '2026-03-11T00:00:00Z' }, now)).toBe(false)
  })
})

describe('days left', () => {
  it('rounds partial days up and never goes negative', () => {
    expect(daysUntil('2026-03-11T00:00:00Z', now)).toBe(1)
    expect(daysUntil('2026-03-17T12:00:00Z', now)).toBe(7)
    expect(daysUntil('2026-03-01T00:00:00Z', now)).toBe(0)
  })
  it('only reports trial days for trials', () => {
    expect(trialDaysLeft({ status: 'trialing', trialEndsAt: '2026-03-24T12:00:00Z' }, now)).toBe(14)
    expect(trialDaysLeft({ status: 'active', trialEndsAt: '2026-03-24T12:00:00Z' }, now)).toBeNull()
  })
})
