import { describe, expect, it } from 'vitest'
import { profileCompleteness } from './profileCompleteness'

const base = { fullName: 'Ada Lovelace', image: null, timezone: null, isLinkedInConnected: false }

describe('profileCompleteness', () => {
  it('counts each done item as a quarter', () => {
    expect(profileCompleteness(base).percent).toBe(25)
    expect(profileCompleteness({ ...base, timezone: 'Europe/Berlin' }).percent).toBe(50)
    expect(profileCompleteness({ ...base, timezone: 'UTC', isLinkedInConnected: true }).percent).toBe(75)
    expect(profileCompleteness({ ...base, image: '/api/user/photo/u-1?v=1', timezone: 'UTC', isLinkedInConnected: true }).percent).toBe(100)
  })

  it('asks for a profile photo until the user has one', () => {
    expect(profileCompleteness(base).items.find((i) => i.key === 'photo')).toEqual({ key: 'photo', label: 'Add a profile photo', done: false })
    expect(profileCompleteness({ ...base, image: '/api/user/photo/u-1?v=1' }).items.find((i) => i.key === 'photo')).toEqual({
      key: 'photo',
      label: 'Profile photo added',
      done: true
    })
  })

  it('treats a blank name as missing', () => {
    const { items, percent } = profileCompleteness({ ...base, fullName: '  ' })
    expect(percent).toBe(0)
    expect(items.every((i) => !i.done)).toBe(true)
  })
})
