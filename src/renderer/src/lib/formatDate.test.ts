import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDate, formatDateRange, formatDay, formatRelative, userLocales } from './formatDate'

// Thursday 3 December 2026, 10:30 UTC: 11:30 in Berlin, 05:30 in New York, already Friday in Auckland.
const INSTANT = '2026-12-03T10:30:00.000Z'
const GB = { locale: 'en-GB' }
const US = { locale: 'en-US' }
const DE = { locale: 'de-DE' }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('formatDate: one writing of dates, in the user’s locale and time zone (issue 12)', () => {
  it('writes each style in the locale', () => {
    const utc = { timeZone: 'UTC' }
    expect(formatDate(INSTANT, 'date', { ...GB, ...utc })).toBe('3 December 2026')
    expect(formatDate(INSTANT, 'date', { ...US, ...utc })).toBe('December 3, 2026')
    expect(formatDate(INSTANT, 'date', { ...DE, ...utc })).toBe('3. Dezember 2026')
    expect(formatDate(INSTANT, 'dateLong', { ...GB, ...utc })).toBe('Thursday, 3 December 2026')
    expect(formatDate(INSTANT, 'dateLong', { ...US, ...utc })).toBe('Thursday, December 3, 2026')
    expect(formatDate(INSTANT, 'dateShort', { ...GB, ...utc })).toBe('Thu 3 Dec')
    expect(formatDate(INSTANT, 'dateTime', { ...GB, ...utc })).toBe('Thu, 3 Dec 2026, 10:30')
    expect(formatDate(INSTANT, 'dateTimeShort', { ...GB, ...utc })).toBe('Thu 3 Dec, 10:30')
    expect(formatDate(INSTANT, 'time', { ...GB, ...utc })).toBe('10:30')
    expect(formatDate(INSTANT, 'weekday', { ...DE, ...utc })).toBe('Donnerstag')
    expect(formatDate(INSTANT, 'weekdayShort', { ...GB, ...utc })).toBe('Thu')
    expect(formatDate(INSTANT, 'dayOfMonth', { ...GB, ...utc })).toBe('3')
    expect(formatDate(INSTANT, 'dayMonth', { ...GB, ...utc })).toBe('3 Dec')
    expect(formatDate(INSTANT, 'monthYear', { ...US, ...utc })).toBe('December 2026')
  })

  it('writes times 24-hour in every locale, as the spec’s time options are', () => {
    expect(formatDate('2026-12-03T15:45:00.000Z', 'time', { ...US, timeZone: 'UTC' })).toBe('15:45')
    expect(formatDate('2026-12-03T00:15:00.000Z', 'time', { ...US, timeZone: 'UTC' })).toBe('00:15')
    expect(formatDate('2026-12-03T15:45:00.000Z', 'dateTime', { ...US, timeZone: 'UTC' })).toBe('Thu, Dec 3, 2026, 15:45')
  })

  it('places an instant in the user’s time zone', () => {
    expect(formatDate(INSTANT, 'time', { ...GB, timeZone: 'Europe/Berlin' })).toBe('11:30')
    expect(formatDate(INSTANT, 'time', { ...GB, timeZone: 'America/New_York' })).toBe('05:30')
    // 12:30 UTC is 01:30 the next morning in Auckland.
    expect(formatDate('2026-12-03T12:30:00.000Z', 'dateLong', { ...GB, timeZone: 'Pacific/Auckland' })).toBe('Friday, 4 December 2026')
    expect(formatDay('2026-12-03T12:30:00.000Z', 'Pacific/Auckland')).toBe(formatDate('2026-12-04', 'date'))
  })

  it('writes a calendar day as that day, whatever the time zone', () => {
    for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles', null]) {
      expect(formatDate('2026-12-01', 'dateLong', { ...GB, timeZone })).toBe('Tuesday, 1 December 2026')
    }
  })

  it('takes the user’s languages from the browser', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'], language: 'de-DE' })
    expect(userLocales()).toEqual(['de-DE', 'en'])
    expect(formatDate('2026-12-01', 'monthYear')).toBe('Dezember 2026')
  })

  it('falls back to the browser’s zone for an unknown one, and writes nothing for an invalid date', () => {
    expect(formatDate(INSTANT, 'date', { ...GB, timeZone: 'Mars/Olympus_Mons' })).toBe('3 December 2026')
    expect(formatDate('not a date', 'date', GB)).toBe('')
  })

  it('writes ranges with their shared parts once', () => {
    expect(formatDateRange('2026-12-07', '2026-12-13', 'date', GB)).toBe('7 – 13 December 2026')
    expect(formatDateRange('2026-11-30', '2026-12-06', 'date', GB)).toBe('30 November – 6 December 2026')
    expect(formatDateRange('2026-12-28', '2027-01-03', 'date', GB)).toBe('28 December 2026 – 3 January 2027')
    expect(formatDateRange('2026-11-30', '2026-12-06', 'date', US)).toBe('November 30 – December 6, 2026')
  })
})

describe('formatRelative', () => {
  const now = new Date(INSTANT)
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
  const MIN = 60_000

  it('says how long ago or ahead, in words', () => {
    expect(formatRelative(at(-20_000), now, GB)).toBe('now')
    expect(formatRelative(at(-5 * MIN), now, GB)).toBe('5 minutes ago')
    expect(formatRelative(at(-3 * 60 * MIN), now, GB)).toBe('3 hours ago')
    expect(formatRelative(at(-26 * 60 * MIN), now, GB)).toBe('yesterday')
    expect(formatRelative(at(3 * 24 * 60 * MIN), now, GB)).toBe('in 3 days')
    expect(formatRelative(at(-14 * 24 * 60 * MIN), now, GB)).toBe('2 weeks ago')
    expect(formatRelative(at(-400 * 24 * 60 * MIN), now, GB)).toBe('last year')
    expect(formatRelative(at(-5 * MIN), now, DE)).toBe('vor 5 Minuten')
  })
})
