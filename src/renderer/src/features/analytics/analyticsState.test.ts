import { describe, expect, it } from 'vitest'
import { analyticsQuery, customPeriodProblem, periodDays, periodRange, readAnalyticsParams, writeAnalyticsParams } from './analyticsState'

const iso = (period: { from: Date; to: Date } | null) => (period ? { from: period.from.toISOString(), to: period.to.toISOString() } : null)
const custom = (customFrom: string | null, customTo: string | null) => ({ period: 'custom' as const, customFrom, customTo })

describe('periodRange', () => {
  // 2026-11-23 08:30 in Auckland is still the 22nd in New York: the period follows the viewer's zone.
  const NOW = new Date('2026-11-22T19:30:00.000Z')

  it('ends the last N days with the viewer’s today, from their local midnights', () => {
    expect(iso(periodRange({ period: '7d', customFrom: null, customTo: null }, NOW, 'Pacific/Auckland'))).toEqual({
      from: '2026-11-16T11:00:00.000Z',
      to: '2026-11-23T11:00:00.000Z'
    })
    expect(iso(periodRange({ period: '7d', customFrom: null, customTo: null }, NOW, 'America/New_York'))).toEqual({
      from: '2026-11-16T05:00:00.000Z',
      to: '2026-11-23T05:00:00.000Z'
    })
  })

  it('counts 30 and 90 days across a DST change by calendar days, not 24-hour steps', () => {
    // Berlin left summer time on 25 October 2026: the first day of the 30 starts at 22:00Z, the last ends at 23:00Z.
    expect(iso(periodRange({ period: '30d', customFrom: null, customTo: null }, NOW, 'Europe/Berlin'))).toEqual({
      from: '2026-10-23T22:00:00.000Z',
      to: '2026-11-22T23:00:00.000Z'
    })
    const ninety = periodRange({ period: '90d', customFrom: null, customTo: null }, NOW, 'Europe/Berlin')!
    expect(periodDays(ninety, 'Europe/Berlin')).toEqual({ from: '2026-08-25', to: '2026-11-22' })
  })

  it('takes this month and last month whole, in the zone', () => {
    expect(iso(periodRange({ period: 'thisMonth', customFrom: null, customTo: null }, NOW, 'Pacific/Auckland'))).toEqual({
      from: '2026-10-31T11:00:00.000Z',
      to: '2026-11-30T11:00:00.000Z'
    })
    expect(iso(periodRange({ period: 'lastMonth', customFrom: null, customTo: null }, NOW, 'America/New_York'))).toEqual({
      from: '2026-10-01T04:00:00.000Z',
      to: '2026-11-01T04:00:00.000Z'
    })
  })

  it('runs a custom period from its first day’s midnight to the midnight after its last day', () => {
    expect(iso(periodRange(custom('2026-10-24', '2026-10-25'), NOW, 'Europe/Berlin'))).toEqual({
      from: '2026-10-23T22:00:00.000Z',
      // The 25th lasted 25 hours there.
      to: '2026-10-25T23:00:00.000Z'
    })
    expect(iso(periodRange(custom('2026-11-01', '2026-11-01'), NOW, 'UTC'))).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' })
  })

  it('asks nothing for a custom period without both days, or ending before it starts', () => {
    expect(periodRange(custom(null, '2026-11-01'), NOW, 'UTC')).toBeNull()
    expect(periodRange(custom('2026-11-02', '2026-11-01'), NOW, 'UTC')).toBeNull()
    expect(customPeriodProblem('2026-11-02', '2026-11-01')).toBe('The last day comes before the first.')
    expect(customPeriodProblem(null, null)).toBe('Choose the first and the last day.')
    expect(customPeriodProblem('2026-11-01', '2026-11-01')).toBeNull()
  })
})

describe('the address', () => {
  it('reads period, custom days, filters, sort, tab and the open post; bad values are dropped one by one', () => {
    const state = readAnalyticsParams(
      new URLSearchParams('period=custom&from=2026-11-01&to=2026-13-40&type=poll&memberId=u-1&tagId=&search=%20launch%20&sort=impressions&order=sideways&tab=teams&postId=p-1&teamId=' + 'x'.repeat(300))
    )
    expect(state).toEqual({
      period: 'custom',
      customFrom: '2026-11-01',
      customTo: null,
      filters: { type: 'poll', memberId: 'u-1', search: 'launch' },
      sort: { sort: 'impressions', order: 'desc' },
      tab: 'teams',
      postId: 'p-1'
    })
    expect(readAnalyticsParams(new URLSearchParams('period=forever&type=gif&tab=secret'))).toMatchObject({ period: '30d', filters: {}, tab: 'posts' })
  })

  it('writes changes and leaves defaults out; leaving a custom period drops its days', () => {
    let params = writeAnalyticsParams(new URLSearchParams(), { period: 'custom', from: '2026-11-01', to: '2026-11-07' })
    params = writeAnalyticsParams(params, { filters: { teamId: 't-1', search: 'q' }, sort: 'reactions', order: 'desc', tab: 'members' })
    expect(params.toString()).toBe('period=custom&from=2026-11-01&to=2026-11-07&sort=reactions&tab=members&teamId=t-1&search=q')
    params = writeAnalyticsParams(params, { period: '30d', filters: { search: null }, sort: 'publishedAt', tab: 'posts' })
    expect(params.toString()).toBe('teamId=t-1')
  })
})

describe('analyticsQuery', () => {
  it('sends the period as instants with the viewer’s zone and the filters', () => {
    const period = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') }
    expect(analyticsQuery(period, 'Europe/London', { type: 'poll' })).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      timezone: 'Europe/London',
      type: 'poll'
    })
  })
})
