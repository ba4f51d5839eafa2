import { describe, expect, it } from 'vitest'
import { isBehind, rankByShare, shareOfTarget, streakOf } from './effort'
import { monthRange } from './periods'

const march = monthRange('2026-03', 'UTC')

describe('team effort rules (issue 14)', () => {
  it('is behind the pace of the days gone by in the current month, behind the target in a past one', () => {
    const halfway = new Date('2026-03-16T12:00:00Z')
    expect(isBehind(1, 4, march, halfway)).toBe(true)
    expect(isBehind(2, 4, march, halfway)).toBe(false)
    expect(isBehind(3, 4, march, new Date('2026-04-02T00:00:00Z'))).toBe(true)
    expect(isBehind(4, 4, march, new Date('2026-04-02T00:00:00Z'))).toBe(false)
    expect(isBehind(0, 4, march, new Date('2026-02-20T00:00:00Z'))).toBe(false)
    expect(isBehind(0, 0, march, new Date('2026-04-02T00:00:00Z'))).toBe(false)
  })

  it('caps each member at their target, so a team of two is not beaten by one prolific member of a big team', () => {
    const small = shareOfTarget([
      { published: 4, target: 4 },
      { published: 2, target: 4 }
    ])
    const big = shareOfTarget([
      { published: 20, target: 4 },
      { published: 0, target: 4 },
      { published: 0, target: 4 },
      { published: 1, target: 4 }
    ])
    expect(small).toBe(0.75)
    expect(big).toBe(5 / 16)
    expect(shareOfTarget([{ published: 3, target: 0 }])).toBeNull()
  })

  it('gives equal shares the same rank and skips the next', () => {
    expect(rankByShare([{ shareOfTarget: 0.5 }, { shareOfTarget: 0.9 }, { shareOfTarget: 0.5 }, { shareOfTarget: null }, { shareOfTarget: 0.1 }])).toEqual([
      2,
      1,
      2,
      null,
      4
    ])
  })

  it('counts the weeks in a row with a post up to the last one', () => {
    expect(streakOf([true, false, true, true])).toBe(2)
    expect(streakOf([true, true, false])).toBe(0)
    expect(streakOf([])).toBe(0)
  })
})
