import { describe, expect, it } from 'vitest'
import { PLANS } from '../../shared/constants'
import { grantedLimits, planEntitlementLimits } from './entitlements'
import type { SubscriptionRow } from './subscriptions'

const now = new Date('2025-03-01T00:00:00Z')
const day = 86_400_000
const row = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
  id: 's',
  organizationId: 'o',
  productId: null,
  status: 'trialing',
  availableSeats: 5,
  minSeats: 1,
  trialEndsAt: new Date(now.getTime() + 3 * day),
  endsAt: null,
  priceId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  provider: 'builtin',
  providerCustomerId: null,
  providerSubscriptionId: null,
  providerUpdatedAt: null,
  createdAt: now,
  updatedAt: now,
  ...over
})
const plan = (id: string) => PLANS.find((p) => p.id === id)!

describe('entitlements', () => {
  it('gives a running trial everything but ACADEMY, unlimited', () => {
    const limits = grantedLimits(row({}), now)
    expect(limits.ACADEMY).toBeUndefined()
    expect(Object.keys(limits)).toHaveLength(10)
    expect(Object.values(limits).every((l) => l === 0)).toBe(true)
    expect(Object.keys(grantedLimits(row({ status: 'on_trial' }), now))).toHaveLength(10)
  })

  it('gives an ended trial nothing', () => {
    expect(grantedLimits(row({ trialEndsAt: new Date(now.getTime() - 1) }), now)).toEqual({})
  })

  it('maps the plan table: AI prompts, teams, academy and review flow', () => {
    expect(planEntitlementLimits(plan('entry'))).toMatchObject({ GENERATE_IDEAS_PER_MONTH: 40, TEAMS: 1 })
    expect(planEntitlementLimits(plan('entry')).ACADEMY).toBeUndefined()
    expect(planEntitlementLimits(plan('entry')).API).toBeUndefined()
    expect(planEntitlementLimits(plan('professional')).API).toBe(0)
    expect(planEntitlementLimits(plan('entry')).REVIEW_FLOW).toBeUndefined()
    expect(planEntitlementLimits(plan('professional'))).toMatchObject({ GENERATE_IDEAS_PER_MONTH: 80, TEAMS: 3, ACADEMY: 0, REVIEW_FLOW: 0 })
    expect(planEntitlementLimits(plan('enterprise'))).toMatchObject({ GENERATE_IDEAS_PER_MONTH: 160, TEAMS: 15, ACADEMY: 0, REVIEW_FLOW: 0, BUSINESS_PAGES: 0 })
  })

  it('grants an active plan, a cancelled one until it ends, and nothing when unpaid', () => {
    expect(grantedLimits(row({ status: 'active', productId: 'professional', trialEndsAt: null }), now)).toEqual(planEntitlementLimits(plan('professional')))
    expect(grantedLimits(row({ status: 'canceled', productId: 'entry', endsAt: new Date(now.getTime() + day) }), now).TEAMS).toBe(1)
    expect(grantedLimits(row({ status: 'canceled', productId: 'entry', endsAt: new Date(now.getTime() - day) }), now)).toEqual({})
    expect(grantedLimits(row({ status: 'unpaid', productId: 'entry' }), now)).toEqual({})
    expect(grantedLimits(row({ status: 'active', productId: 'no-such-plan' }), now)).toEqual({})
    expect(grantedLimits(null, now)).toEqual({})
  })

  it('ignores the trial end a bought plan keeps as history; ends a plan cancelled at period end once endsAt passes', () => {
    const bought = { status: 'active' as const, productId: 'professional', priceId: 'professional-monthly', trialEndsAt: new Date(now.getTime() - 30 * day) }
    expect(grantedLimits(row(bought), now)).toEqual(planEntitlementLimits(plan('professional')))
    const cancelled = { ...bought, cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now.getTime() + day), endsAt: new Date(now.getTime() + day) }
    expect(grantedLimits(row(cancelled), now).TEAMS).toBe(3)
    expect(grantedLimits(row(cancelled), new Date(now.getTime() + 2 * day))).toEqual({})
    expect(grantedLimits(row({ ...bought, status: 'past_due' }), now).TEAMS).toBe(3)
    expect(grantedLimits(row({ ...bought, status: 'paused' }), now)).toEqual({})
  })
})
