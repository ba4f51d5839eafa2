import { describe, expect, it } from 'vitest'
import { channelWeek, weeklyWebhookId } from './weekly'

/* A channel's week and its Monday 09:00 in its own time zone (weekly.ts), across summer-time changes and the date line. */

describe('channelWeek', () => {
  it('is Monday 00:00 to the next Monday in the time zone, due from 09:00 until Tuesday starts', () => {
    // New York changed to summer time on Sunday 8 March 2026: Monday 9 March is UTC-4.
    expect(channelWeek(new Date('2026-03-11T18:00:00.000Z'), 'America/New_York')).toEqual({
      week: '2026-03-09',
      from: new Date('2026-03-09T04:00:00.000Z'),
      to: new Date('2026-03-16T04:00:00.000Z'),
      dueAt: new Date('2026-03-09T13:00:00.000Z'),
      dueUntil: new Date('2026-03-10T04:00:00.000Z')
    })
  })

  it('lasts 169 hours across the change to winter time, with Monday 09:00 a local 09:00 on each side', () => {
    // Berlin leaves summer time on Sunday 25 October 2026: the week of 19 October lasts 169 hours.
    const week = channelWeek(new Date('2026-10-21T12:00:00.000Z'), 'Europe/Berlin')
    expect(week.week).toBe('2026-10-19')
    expect(week.dueAt).toEqual(new Date('2026-10-19T07:00:00.000Z'))
    expect((week.to.getTime() - week.from.getTime()) / 3_600_000).toBe(169)
    // The next Monday 09:00 is 08:00 UTC.
    expect(channelWeek(new Date('2026-10-26T08:00:00.000Z'), 'Europe/Berlin').dueAt).toEqual(new Date('2026-10-26T08:00:00.000Z'))
  })

  it('takes the week of the local day: Sunday night in UTC is already Monday in Auckland', () => {
    const now = new Date('2026-03-08T21:30:00.000Z')
    expect(channelWeek(now, 'UTC').week).toBe('2026-03-02')
    const auckland = channelWeek(now, 'Pacific/Auckland')
    expect(auckland.week).toBe('2026-03-09')
    // 10:30 on Monday in Auckland (UTC+13): due since 09:00 and until Tuesday.
    expect(auckland.dueAt).toEqual(new Date('2026-03-08T20:00:00.000Z'))
    expect(now >= auckland.dueAt && now < auckland.dueUntil).toBe(true)
  })
})

describe('weeklyWebhookId', () => {
  it('is the same for a channel, message and week, and differs otherwise', () => {
    const id = weeklyWebhookId('a', 'nudge', '2026-03-09')
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(weeklyWebhookId('a', 'nudge', '2026-03-09')).toBe(id)
    expect(new Set([id, weeklyWebhookId('a', 'digest', '2026-03-09'), weeklyWebhookId('b', 'nudge', '2026-03-09'), weeklyWebhookId('a', 'nudge', '2026-03-16')]).size).toBe(4)
  })
})
