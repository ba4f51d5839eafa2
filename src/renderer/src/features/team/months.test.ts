import { describe, expect, it } from 'vitest'
import { MONTHS_IN_SELECT, monthFromAddress, monthLabel, monthOptions } from './months'

describe('Team effort months', () => {
  it('reads ?month= as a month up to this one, else this month', () => {
    expect(monthFromAddress('2026-03', '2026-11')).toBe('2026-03')
    expect(monthFromAddress('2026-11', '2026-11')).toBe('2026-11')
    expect(monthFromAddress('2026-12', '2026-11')).toBe('2026-11')
    expect(monthFromAddress('2027-01', '2026-11')).toBe('2026-11')
    for (const bad of [null, '', '2026-13', '2026-00', '2026-1', 'november', '2026-11-01']) expect(monthFromAddress(bad, '2026-11'), String(bad)).toBe('2026-11')
  })

  it('offers this month back over year boundaries, newest first, and an older month from the address last', () => {
    const options = monthOptions('2026-02', '2026-01')
    expect(options).toHaveLength(MONTHS_IN_SELECT)
    expect(options.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12'])
    expect(options.at(-1)).toBe('2024-03')
    expect(monthOptions('2026-02', '2019-07').at(-1)).toBe('2019-07')
    expect(monthOptions('2026-02', '2019-07')).toHaveLength(MONTHS_IN_SELECT + 1)
  })

  it('names a month in the user’s language', () => {
    expect(monthLabel('2026-01')).toBe('January 2026')
  })
})
