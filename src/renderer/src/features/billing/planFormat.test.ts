import { describe, expect, it } from 'vitest'
import { aBillingPlans, aCurrentPlan, planTable } from '@renderer/testing/billingFixtures'
import { daysFromNow } from '@renderer/testing/fixtures'
import { formatAmount, initialInterval, isContactSales, isCurrentChoice, pricePerSeatLabel, totalLabel } from './planFormat'

const now = new Date()
const [entry, professional, enterprise] = planTable()

describe('plan formatting', () => {
  it('shows per-seat prices and totals without a currency (spec §9)', () => {
    expect(pricePerSeatLabel(29, 'monthly')).toBe('29 per seat / month')
    expect(pricePerSeatLabel(290, 'yearly')).toBe('290 per seat / year')
    expect(totalLabel(290, 5, 'yearly')).toBe('1,450 / year')
    expect(formatAmount(12.5)).toBe('12.5')
  })

  it('sends Enterprise to sales: its price is not shown', () => {
    expect(isContactSales(enterprise!)).toBe(true)
    expect(isContactSales(entry!)).toBe(false)
  })

  it('starts on the interval the organization pays, monthly otherwise', () => {
    expect(initialInterval(aBillingPlans())).toBe('monthly')
    expect(initialInterval(aBillingPlans({ currentPriceId: 'entry-yearly' }))).toBe('yearly')
  })

  it('blocks choosing the price already paid only while that subscription runs', () => {
    const yearly = professional!.variants[1]!
    expect(isCurrentChoice(yearly, 'professional-yearly', aCurrentPlan(), now)).toBe(true)
    expect(isCurrentChoice(yearly, 'professional-monthly', aCurrentPlan(), now)).toBe(false)
    expect(isCurrentChoice(yearly, 'professional-yearly', aCurrentPlan({ endsAt: daysFromNow(-1, now) }), now)).toBe(false)
    expect(isCurrentChoice(yearly, 'professional-yearly', aCurrentPlan({ status: 'trialing', trialEndsAt: daysFromNow(3, now) }), now)).toBe(false)
    expect(isCurrentChoice(yearly, null, aCurrentPlan(), now)).toBe(false)
  })
})
