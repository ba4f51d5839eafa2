import { describe, expect, it } from 'vitest'
import { profileCompleteness } from './profileCompleteness'

const base = { fullName: 'Ada Lovelace', timezone: null, isLinkedInConnected: false }

describe('profileCompleteness', () => {
  it('counts each done item as a third', () => {
    expect(profileCompleteness(base).percent).toBe(33)
    expect(profileCompleteness({ ...base, timezone: 'Europe/Berlin' }).percent).toBe(67)
    expect(profileCompleteness({ ...base, timezone: 'UTC', isLinkedInConnected: true }).percent).toBe(100)
  })

  it('treats a blank name as missing', () => {
    const { items, percent } = profileCompleteness({ ...base, fullName: '  ' })
    expect(percent).toBe(0)
    expect(items.every((i) => !i.done)).toBe(true)
  })
})
