import { describe, expect, it } from 'vitest'
import { UserChanges } from './userChanges'

describe('UserChanges', () => {
  const live = () => {
    const changes = new UserChanges(3)
    changes.setLive(true)
    return changes
  }

  it('keeps nothing until live, and forgets everything when it goes down or comes back', () => {
    const changes = new UserChanges()
    expect(changes.mark()).toBeNull()
    expect(changes.version('u1')).toBeNull()
    changes.setLive(true)
    const mark = changes.mark()!
    expect(changes.unchangedSince('u1', mark)).toBe(true)
    changes.setLive(false)
    expect(changes.unchangedSince('u1', mark)).toBe(false)
    changes.setLive(true)
    expect(changes.unchangedSince('u1', mark)).toBe(false)
  })

  it('refuses a read during which its user changed, and only that user’s', () => {
    const changes = live()
    const mark = changes.mark()!
    const before = changes.version('u1')
    changes.notice('u:u1')
    expect(changes.unchangedSince('u1', mark)).toBe(false)
    expect(changes.unchangedSince('u2', mark)).toBe(true)
    expect(changes.version('u1')).not.toBe(before)
    // A read that began after the notice was heard is current.
    expect(changes.unchangedSince('u1', changes.mark()!)).toBe(true)
    // Other payloads change nothing.
    const after = changes.mark()!
    changes.notice('x:u1')
    expect(changes.unchangedSince('u1', after)).toBe(true)
  })

  it('forgets everything rather than grow past its bound', () => {
    const changes = live()
    const mark = changes.mark()!
    for (const user of ['a', 'b', 'c']) changes.changed(user)
    expect(changes.unchangedSince('z', mark)).toBe(true)
    changes.changed('d')
    expect(changes.unchangedSince('z', mark)).toBe(false)
  })
})
