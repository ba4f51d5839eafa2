import { describe, expect, it } from 'vitest'
import { profileCompleteness } from './profileCompleteness'

const base = { fullName: 'Ada Lovelace', timezone: null, image: null, isLinkedInConnected: false, guidelineRead: false }

describe('profileCompleteness', () => {
  it('counts each done item as a fifth', () => {
    expect(profileCompleteness(base).percent).toBe(20)
    expect(profileCompleteness({ ...base, timezone: 'Europe/Berlin', guidelineRead: true }).percent).toBe(60)
    expect(profileCompleteness({ ...base, timezone: 'UTC', image: 'https://x/y.png', isLinkedInConnected: true, guidelineRead: true }).percent).toBe(100)
  })

  it('treats a blank name or empty image as missing', () => {
    const { items, percent } = profileCompleteness({ ...base, fullName: '  ', image: '' })
    expect(percent).toBe(0)
    expect(items.every((i) => !i.done)).toBe(true)
  })
})
