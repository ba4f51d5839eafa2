import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import { zonedInstant } from '../../shared/rules'
import { ApiError } from '../errors'
import { decodeCursor, encodeCursor } from './schedule'
import { addDaysTo, bestQuarterHour, daysBetween, isOptionInstant, pickFairly, quarterOf, recurrenceOf, safeTimeZone, type AutoCandidate } from './slots'

const candidate = (id: string, fullName: string, target: number, thisMonth: number, upcoming: number): AutoCandidate => ({ id, fullName, target, thisMonth, upcoming })

describe('auto mode', () => {
  it('picks the member furthest below target, then fewer upcoming slots, then name, then id', () => {
    expect(pickFairly([])).toBeNull()
    expect(pickFairly([candidate('a', 'Ann', 4, 3, 0), candidate('b', 'Bob', 4, 1, 9)])!.id).toBe('b')
    expect(pickFairly([candidate('a', 'Ann', 0, 2, 0), candidate('b', 'Bob', 0, 5, 0)])!.id).toBe('a')
    expect(pickFairly([candidate('a', 'Ann', 4, 2, 3), candidate('b', 'Bob', 3, 1, 1)])!.id).toBe('b')
    expect(pickFairly([candidate('a', 'bob', 2, 0, 1), candidate('b', 'Ann', 2, 0, 1)])!.id).toBe('b')
    expect(pickFairly([candidate('b', 'Ann', 2, 0, 1), candidate('a', 'ann', 2, 0, 1)])!.id).toBe('a')
  })

  it('takes the most common quarter-hour of the history in the member’s timezone, the most recently used on a tie', () => {
    const berlin = (date: string, time: string) => zonedInstant(date, time, 'Europe/Berlin')
    expect(bestQuarterHour([], 'UTC')).toBeNull()
    expect(bestQuarterHour([berlin('2026-01-05', '09:00'), berlin('2026-01-12', '09:00'), berlin('2026-02-01', '17:30')], 'Europe/Berlin')).toBe('09:00')
    expect(bestQuarterHour([berlin('2026-01-05', '09:00'), berlin('2026-02-01', '17:30')], 'Europe/Berlin')).toBe('17:30')
    expect(bestQuarterHour([berlin('2026-02-05', '09:00'), berlin('2026-02-01', '17:30')], 'Europe/Berlin')).toBe('09:00')
    // Across DST the local quarter-hour counts, not the UTC one.
    expect(bestQuarterHour([berlin('2026-03-24', '09:00'), berlin('2026-03-31', '09:00'), new Date('2026-03-25T09:00:00Z')], 'Europe/Berlin')).toBe('09:00')
    expect(quarterOf('07:44')).toBe('07:30')
  })
})

describe('slot rules', () => {
  it('reads the recurrence of the create payload (spec §5)', () => {
    expect(recurrenceOf({ recurrenceType: null, recurrenceInterval: 2, recurrenceCount: 4 })).toBeNull()
    expect(recurrenceOf({ recurrenceType: 'weekly', recurrenceInterval: 2, recurrenceCount: 0 })).toBeNull()
    expect(recurrenceOf({ recurrenceType: 'weekly', recurrenceInterval: 2, recurrenceCount: null })).toBeNull()
    expect(recurrenceOf({ recurrenceType: 'weekly', recurrenceInterval: null, recurrenceCount: 3 })).toEqual({ type: 'weekly', interval: 1, count: 3 })
    expect(recurrenceOf({ recurrenceType: 'monthly', recurrenceInterval: 1, recurrenceCount: 16 })).toEqual({ type: 'monthly', interval: 1, count: 16 })
    for (const bad of [
      { recurrenceType: 'weekly' as const, recurrenceInterval: 5, recurrenceCount: 2 },
      { recurrenceType: 'weekly' as const, recurrenceInterval: 1, recurrenceCount: 17 },
      { recurrenceType: 'monthly' as const, recurrenceInterval: 2, recurrenceCount: 2 }
    ]) {
      expect(() => recurrenceOf(bad)).toThrowError(MESSAGES.slotRecurrenceInvalid)
    }
  })

  it('checks time options with whole minutes and computes calendar days', () => {
    expect(isOptionInstant(new Date('2026-03-12T03:30:00Z'), 'Asia/Kolkata')).toBe(true)
    expect(isOptionInstant(new Date('2026-03-12T03:40:00Z'), 'UTC')).toBe(false)
    expect(isOptionInstant(new Date('2026-03-12T03:30:00.001Z'), 'UTC')).toBe(false)
    expect(daysBetween('2026-03-24', '2026-03-26')).toBe(2)
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30)
    expect(addDaysTo('2026-03-28', 2)).toBe('2026-03-30')
    expect(safeTimeZone(null)).toBe('UTC')
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC')
    expect(safeTimeZone('Europe/Berlin')).toBe('Europe/Berlin')
  })

  it('round-trips the list cursor and refuses a forged one', () => {
    const id = '0b5f4f4e-8a57-4d52-9a0c-1f4f8f1d2c3b'
    expect(decodeCursor(encodeCursor(new Date('2026-03-10T10:00:00Z'), id))).toEqual({ time: new Date('2026-03-10T10:00:00Z'), id })
    for (const bad of ['', 'x', Buffer.from('{"t":"soon","id":"x"}').toString('base64url'), Buffer.from(`{"t":"2026-03-10T10:00:00Z","id":"1; drop"}`).toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(ApiError)
    }
  })
})
