import { describe, expect, it } from 'vitest'
import { checkedTimeZone, storedTimeZone } from './timeZones'

describe('checkedTimeZone', () => {
  it('gives a known IANA name in its canonical spelling and null for anything else', () => {
    expect(checkedTimeZone('Europe/Berlin')).toBe('Europe/Berlin')
    expect(checkedTimeZone('europe/berlin')).toBe('Europe/Berlin')
    expect(checkedTimeZone('Mars/Olympus')).toBeNull()
    expect(checkedTimeZone('+01:00')).toBeNull()
  })
})

describe('storedTimeZone', () => {
  it('keeps a stored zone Intl knows, canonically spelled', () => {
    expect(storedTimeZone('America/Port-au-Prince')).toBe('America/Port-au-Prince')
    expect(storedTimeZone('europe/berlin')).toBe('Europe/Berlin')
  })

  it('falls back to UTC when the stored zone is missing, empty or unknown', () => {
    expect(storedTimeZone(null)).toBe('UTC')
    expect(storedTimeZone(undefined)).toBe('UTC')
    expect(storedTimeZone('')).toBe('UTC')
    expect(storedTimeZone('Mars/Olympus')).toBe('UTC')
  })
})
