import { describe, expect, it } from 'vitest'
import { subscriptionEnded } from './billing'
import { nextPeriodEnd } from './renewals'
import type { SubscriptionRow } from './subscriptions'

const now = new Date('2026-05-10T12:00:00.000Z')
const row = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
  id: 's',
  organizationId: 'o',
  productId: 'entry',
  status: 'active',
  availableSeats: 3,
  minSeats: 3,
  trialEndsAt: new Date('2026-04-01T00:00:00.000Z'),
  endsAt: null,
  priceId: 'entry-monthly',
  currentPeriodEnd: new Date('2026-06-10T12:00:00.000Z'),
  cancelAtPeriodEnd: false,
  provider: 'builtin',
  providerCustomerId: null,
  providerSubscriptionId: null,
  providerUpdatedAt: null,
  createdAt: now,
  updatedAt: now,
  ...over
})

describe('billing periods', () => {
  it('adds calendar months and years in UTC, clamping to the month end', () => {
    expect(nextPeriodEnd(new Date('2026-01-31T23:30:00.000Z'), 'monthly').toISOString()).toBe('2026-02-28T23:30:00.000Z')
    expect(nextPeriodEnd(new Date('2026-03-29T01:30:00.000Z'), 'monthly').toISOString()).toBe('2026-04-29T01:30:00.000Z')
    expect(nextPeriodEnd(new Date('2028-02-29T10:00:00.000Z'), 'yearly').toISOString()).toBe('2029-02-28T10:00:00.000Z')
    expect(nextPeriodEnd(new Date('2026-10-25T00:30:00.000Z'), 'yearly').toISOString()).toBe('2027-10-25T00:30:00.000Z')
  })

  it('reads a subscription as ended when endsAt passed, a trial ran out, or it is expired; not for an old trial end of a paid plan', () => {
    expect(subscriptionEnded(row({}), now)).toBe(false)
    expect(subscriptionEnded(row({ endsAt: new Date(now.getTime() - 1) }), now)).toBe(true)
    expect(subscriptionEnded(row({ endsAt: new Date(now.getTime() + 1), cancelAtPeriodEnd: true }), now)).toBe(false)
    expect(subscriptionEnded(row({ status: 'trialing', priceId: null, productId: null }), now)).toBe(true)
    expect(subscriptionEnded(row({ status: 'trialing', priceId: null, productId: null, trialEndsAt: new Date(now.getTime() + 1) }), now)).toBe(false)
    expect(subscriptionEnded(row({ status: 'expired' }), now)).toBe(true)
    expect(subscriptionEnded(null, now)).toBe(true)
  })
})
