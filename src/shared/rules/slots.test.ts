import { describe, expect, it } from 'vitest'
import { checkRecurrence, expandRecurrence, isDateInSlotWindow, localDate, localTime, presetSlotDate, recurrencePayload, slotDateWindow, slotStatus, zonedInstant } from './slots'

/** 23:30 on 20 March in Berlin (CET), already the 21st in Tokyo. */
const now = new Date('2026-03-20T22:30:00Z')

describe('slot window', () => {
  it('runs from tomorrow to 90 days ahead in the given timezone', () => {
    expect(slotDateWindow(now, 'Europe/Berlin')).toEqual({ min: '2026-03-21', max: '2026-06-18' })
    // In Tokyo it is already the 21st, so tomorrow is the 22nd.
    expect(slotDateWindow(now, 'Asia/Tokyo')).toEqual({ min: '2026-03-22', max: '2026-06-19' })
  })

  it('accepts only days inside the window', () => {
    expect(isDateInSlotWindow('2026-03-20', now, 'Europe/Berlin')).toBe(false)
    expect(isDateInSlotWindow('2026-03-21', now, 'Europe/Berlin')).toBe(true)
    expect(isDateInSlotWindow('2026-06-18', now, 'Europe/Berlin')).toBe(true)
    expect(isDateInSlotWindow('2026-06-19', now, 'Europe/Berlin')).toBe(false)
    expect(isDateInSlotWindow('21/03/2026', now, 'Europe/Berlin')).toBe(false)
  })

  it('turns a past or missing preset into tomorrow and clamps a far one', () => {
    expect(presetSlotDate('2026-01-01', now, 'Europe/Berlin')).toBe('2026-03-21')
    expect(presetSlotDate(null, now, 'Europe/Berlin')).toBe('2026-03-21')
    expect(presetSlotDate('2026-04-02', now, 'Europe/Berlin')).toBe('2026-04-02')
    expect(presetSlotDate('2027-01-01', now, 'Europe/Berlin')).toBe('2026-06-18')
  })
})

describe('zoned times', () => {
  it('maps a wall-clock day and time to the instant in that timezone and back', () => {
    const instant = zonedInstant('2026-03-21', '09:15', 'Europe/Berlin')
    expect(instant.toISOString()).toBe('2026-03-21T08:15:00.000Z')
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-03-21')
    expect(localTime(instant, 'Europe/Berlin')).toBe('09:15')
  })
})

describe('recurrence', () => {
  it('keeps the wall-clock time across a DST change (weekly)', () => {
    // Europe/Berlin moves to summer time on 29 March 2026.
    const first = zonedInstant('2026-03-24', '09:00', 'Europe/Berlin')
    const all = expandRecurrence(first, 'Europe/Berlin', { type: 'weekly', interval: 1, count: 3 })
    expect(all.map((d) => d.toISOString())).toEqual(['2026-03-24T08:00:00.000Z', '2026-03-31T07:00:00.000Z', '2026-04-07T07:00:00.000Z'])
    expect(all.map((d) => localTime(d, 'Europe/Berlin'))).toEqual(['09:00', '09:00', '09:00'])
  })

  it('steps by the weekly interval and by one month, clamping to month ends', () => {
    const first = zonedInstant('2026-01-31', '10:00', 'America/New_York')
    expect(expandRecurrence(first, 'America/New_York', { type: 'monthly', interval: 1, count: 3 }).map((d) => localDate(d, 'America/New_York'))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31'
    ])
    expect(expandRecurrence(first, 'America/New_York', { type: 'weekly', interval: 2, count: 2 }).map((d) => localDate(d, 'America/New_York'))).toEqual([
      '2026-01-31',
      '2026-02-14'
    ])
  })

  it('is a single slot without recurrence', () => {
    expect(expandRecurrence('2026-05-01T10:00:00Z', 'UTC', null)).toHaveLength(1)
  })

  it('validates type, interval and count', () => {
    expect(checkRecurrence({ type: 'weekly', interval: 4, count: 16 })).toBeNull()
    expect(checkRecurrence({ type: 'weekly', interval: 5, count: 2 })).toBe('interval')
    expect(checkRecurrence({ type: 'weekly', interval: 0, count: 2 })).toBe('interval')
    expect(checkRecurrence({ type: 'monthly', interval: 2, count: 2 })).toBe('interval')
    expect(checkRecurrence({ type: 'weekly', interval: 1, count: 17 })).toBe('count')
    expect(checkRecurrence({ type: 'daily', interval: 1, count: 2 })).toBe('type')
  })

  it('sends recurrence only when switched on with a count above 0, monthly interval as 1', () => {
    expect(recurrencePayload({ enabled: false, type: 'weekly', interval: 2, count: 4 })).toEqual({ recurrenceType: null, recurrenceInterval: null, recurrenceCount: null })
    expect(recurrencePayload({ enabled: true, type: 'weekly', interval: 2, count: 0 })).toEqual({ recurrenceType: null, recurrenceInterval: null, recurrenceCount: null })
    expect(recurrencePayload({ enabled: true, type: 'monthly', interval: 3, count: 2 })).toEqual({ recurrenceType: 'monthly', recurrenceInterval: 1, recurrenceCount: 2 })
    expect(recurrencePayload({ enabled: true, type: 'weekly', interval: 2, count: 4 })).toEqual({ recurrenceType: 'weekly', recurrenceInterval: 2, recurrenceCount: 4 })
  })
})

describe('slot status', () => {
  it('is DONE with a published post whatever the time, else MISSED once the time has passed, else OPEN', () => {
    const at = new Date('2026-03-10T10:00:00Z')
    expect(slotStatus(new Date('2026-03-10T09:59:59Z'), at, false)).toBe('MISSED')
    expect(slotStatus('2026-03-10T09:59:59.999Z', at, false)).toBe('MISSED')
    expect(slotStatus(at, at, false)).toBe('OPEN')
    expect(slotStatus('2026-03-11T09:00:00.000Z', at, false)).toBe('OPEN')
    expect(slotStatus(new Date('2026-03-01T00:00:00Z'), at, true)).toBe('DONE')
    expect(slotStatus('2026-03-20T00:00:00.000Z', at, true)).toBe('DONE')
  })
})
