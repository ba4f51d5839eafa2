import { describe, expect, it } from 'vitest'
import { dayStart, elapsedFraction, isValidTimeZone, lastDays, lastMonth, monthOf, monthRange, shiftMonth, thisMonth, weekStart, weekStarts } from './periods'

const iso = (period: { from: Date; to: Date }) => ({ from: period.from.toISOString(), to: period.to.toISOString() })

describe('periods in a time zone (issue 14)', () => {
  it('knows IANA time zones through Intl', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })

  it('cuts a month at local midnight', () => {
    expect(iso(monthRange('2026-01', 'UTC'))).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' })
    expect(iso(monthRange('2026-01', 'America/New_York'))).toEqual({ from: '2026-01-01T05:00:00.000Z', to: '2026-02-01T05:00:00.000Z' })
    expect(iso(monthRange('2026-12', 'Asia/Tokyo'))).toEqual({ from: '2026-11-30T15:00:00.000Z', to: '2026-12-31T15:00:00.000Z' })
  })

  it('is DST-correct: March in Berlin starts in CET and ends in CEST; November in New York the other way', () => {
    expect(iso(monthRange('2026-03', 'Europe/Berlin'))).toEqual({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-31T22:00:00.000Z' })
    expect(iso(monthRange('2026-11', 'America/New_York'))).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-12-01T05:00:00.000Z' })
  })

  it('puts 23:30 on the last day of a month in New York into that month, though it is the next one in UTC', () => {
    const instant = new Date('2026-02-01T04:30:00Z') // 31 January 23:30 in New York
    expect(monthOf(instant, 'America/New_York')).toBe('2026-01')
    expect(monthOf(instant, 'UTC')).toBe('2026-02')
    const january = monthRange('2026-01', 'America/New_York')
    expect(instant >= january.from && instant < january.to).toBe(true)
  })

  it('takes years before 100 as they are', () => {
    expect(monthRange('0099-12', 'UTC').from.toISOString()).toBe('0099-12-01T00:00:00.000Z')
  })

  it('moves between months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2025-12', 1)).toBe('2026-01')
    expect(shiftMonth('2026-05', -17)).toBe('2024-12')
  })

  it('gives this month, last month and the last N days in the zone', () => {
    const now = new Date('2026-03-01T03:00:00Z') // still 28 February in New York
    expect(iso(thisMonth(now, 'America/New_York'))).toEqual(iso(monthRange('2026-02', 'America/New_York')))
    expect(iso(lastMonth(now, 'America/New_York'))).toEqual(iso(monthRange('2026-01', 'America/New_York')))
    expect(iso(thisMonth(now, 'UTC'))).toEqual(iso(monthRange('2026-03', 'UTC')))
    // 7 days, today (28 Feb) included: 22 Feb 00:00 to 1 Mar 00:00 New York time (EST, UTC-5).
    expect(iso(lastDays(7, now, 'America/New_York'))).toEqual({ from: '2026-02-22T05:00:00.000Z', to: '2026-03-01T05:00:00.000Z' })
  })

  it('counts days over a DST change as calendar days', () => {
    // 30 March 2026 in Berlin; the 29th had 23 hours.
    const period = lastDays(2, new Date('2026-03-30T12:00:00Z'), 'Europe/Berlin')
    expect(iso(period)).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-30T22:00:00.000Z' })
    expect(dayStart(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z')
  })

  it('starts weeks on Monday at local midnight', () => {
    // Sunday 29 March 2026, 23:30 in Berlin is still the week of Monday 23 March (CET).
    expect(weekStart(new Date('2026-03-29T21:30:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-22T23:00:00.000Z')
    // In UTC the same instant is Sunday too.
    expect(weekStart(new Date('2026-03-29T21:30:00Z'), 'UTC').toISOString()).toBe('2026-03-23T00:00:00.000Z')
    expect(weekStarts(new Date('2026-04-01T10:00:00Z'), 3, 'Europe/Berlin').map((d) => d.toISOString())).toEqual([
      '2026-03-15T23:00:00.000Z',
      '2026-03-22T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z'
    ])
  })

  it('measures the share of a period gone by', () => {
    const march = monthRange('2026-03', 'UTC')
    expect(elapsedFraction(march, new Date('2026-02-01T00:00:00Z'))).toBe(0)
    expect(elapsedFraction(march, new Date('2026-03-16T12:00:00Z'))).toBeCloseTo(0.5, 5)
    expect(elapsedFraction(march, new Date('2026-05-01T00:00:00Z'))).toBe(1)
  })
})
