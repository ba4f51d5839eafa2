import { describe, expect, it } from 'vitest'
import { isValidEmail, ssiBand } from './validation'
import { TIME_OPTIONS } from '../constants'

describe('isValidEmail', () => {
  it('accepts text@text.text', () => {
    expect(isValidEmail('ana@pagecrew.app')).toBe(true)
    expect(isValidEmail('a.b+c@sub.example.co')).toBe(true)
  })
  it('refuses spaces, missing parts and missing dot', () => {
    for (const bad of ['', 'ana', 'ana@', '@x.y', 'ana@host', 'ana @x.y', 'ana@x .y', 'ana@x.']) {
      expect(isValidEmail(bad), bad).toBe(false)
    }
  })
})

describe('misc rules', () => {
  it('maps SSI scores to the tooltip bands', () => {
    expect([0, 30, 31, 45, 46, 60, 61, 75, 76, 100].map(ssiBand)).toEqual([
      '0-30', '0-30', '31-45', '31-45', '46-60', '46-60', '61-75', '61-75', '75+', '75+'
    ])
  })
  it('offers 96 quarter-hour times from 00:00 to 23:45', () => {
    expect(TIME_OPTIONS).toHaveLength(96)
    expect(TIME_OPTIONS[0]).toBe('00:00')
    expect(TIME_OPTIONS[1]).toBe('00:15')
    expect(TIME_OPTIONS[95]).toBe('23:45')
  })
})
