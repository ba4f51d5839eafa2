import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aPost } from '@renderer/testing/postFixtures'
import { feedAge, previewWhen } from './postTimes'

const NOW = new Date('2026-03-03T14:20:00.000Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe('feedAge: as LinkedIn’s feed writes a post’s age', () => {
  it.each([
    [30_000, 'Now'],
    [MINUTE, '1m'],
    [59 * MINUTE, '59m'],
    [60 * MINUTE, '1h'],
    [DAY - MINUTE, '23h'],
    [DAY, '1d'],
    [6 * DAY, '6d'],
    [7 * DAY, '1w'],
    [29 * DAY, '4w'],
    [30 * DAY, '1mo'],
    [364 * DAY, '12mo'],
    [365 * DAY, '1yr'],
    [800 * DAY, '2yr']
  ])('%i ms ago: %s', (ms, text) => expect(feedAge(ago(ms), NOW)).toBe(text))
})

describe('previewWhen: the preview header’s time', () => {
  // Dates are written in the user's languages (lib/formatDate): here the browser's, pinned.
  beforeEach(() => {
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('a draft, or no post yet, would go out now', () => {
    expect(previewWhen(null, NOW, 'Europe/London')).toBe('Now')
    expect(previewWhen(aPost(), NOW, 'Europe/London')).toBe('Now')
  })

  it('a post scheduled ahead shows when, in the user’s timezone, with the year only when it is not this one', () => {
    const scheduled = (scheduledAt: string) => aPost({ status: 'SCHEDULED', scheduledAt })
    expect(previewWhen(scheduled('2026-03-10T09:00:00.000Z'), NOW, 'Europe/London')).toBe('Scheduled for Tue 10 Mar, 09:00')
    // New York is on summer time from 8 March 2026.
    expect(previewWhen(scheduled('2026-03-10T09:00:00.000Z'), NOW, 'America/New_York')).toBe('Scheduled for Tue 10 Mar, 05:00')
    expect(previewWhen(scheduled('2027-01-05T09:00:00.000Z'), NOW, 'Europe/London')).toBe('Scheduled for Tue, 5 Jan 2027, 09:00')
  })

  it('a scheduled post whose time has come goes out now', () => {
    expect(previewWhen(aPost({ status: 'SCHEDULED', scheduledAt: NOW.toISOString() }), NOW, 'Europe/London')).toBe('Now')
  })

  it('a published post shows its age', () => {
    expect(previewWhen(aPost({ status: 'PUBLISHED', publishedAt: ago(3 * DAY) }), NOW, 'Europe/London')).toBe('3d')
  })
})
